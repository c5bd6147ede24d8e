import 'server-only'

import { RateLimiterCompatibleAbstract, RateLimiterRes } from 'rate-limiter-flexible'

/**
 * The library's base class for limiters of one's own. Its runtime class has `keyPrefix`,
 * `blockDuration` and `execEvenly` as accessors that throw until a subclass defines them; its types
 * declare them as plain fields, which TypeScript does not let a subclass define as accessors. This
 * alias keeps the runtime class (the library checks `instanceof` it) without that declaration;
 * `MemoryLimiter` still has the class's whole shape, so it is a `RateLimiterLike`.
 */
const CompatibleLimiter = RateLimiterCompatibleAbstract as unknown as new () => object

type LimiterOptions = {
  keyPrefix: string
  /** What a key may take in its period. */
  points: number
  /** The period in seconds, from a key's first point (0: never ends). */
  duration: number
  /** Once a key goes over its points, it stays refused for this many seconds (0: until its period ends). */
  blockDuration?: number
  /** Bounds the memory a client can fill by naming many keys: the oldest are forgotten first. */
  maxKeys?: number
}

/**
 * A rate-limiter-flexible limiter that counts in this process's memory, on counts that expire
 * without timers.
 *
 * The library's own `RateLimiterMemory` sets a timer for every key it counts, to forget the key
 * when its period ends (10 minutes for a client's allowance, a day for the daily caps). On a
 * Next.js server a timer keeps the async context it was created in, and a form post's context
 * holds the whole request: its response, body streams and gzip stream (vercel/next.js#84648).
 * Every new visitor who posted a form thus kept about 65 kB alive until their key expired: 800
 * orders from new addresses left 55 MB of heap behind, measured after full collections.
 *
 * It extends the library's `RateLimiterCompatibleAbstract`, its documented base for limiters of
 * one's own ("Creating Custom Wrappers": usable wherever a limiter is, as the `insuranceLimiter`
 * of the Redis limiter too), with the same answers as `RateLimiterMemory`: a `RateLimiterRes`,
 * rejected when a key goes over its points. Its store is `ExpiringCounts` below: a count knows when
 * it ends and is replaced when asked after that; ended counts are swept on the way, at most once a
 * minute. Nothing is scheduled, so nothing holds a request.
 */
export class MemoryLimiter extends CompatibleLimiter {
  readonly points: number
  readonly duration: number
  private readonly prefix: string
  private blockSeconds: number
  private readonly counts: ExpiringCounts

  constructor({ keyPrefix, points, duration, blockDuration = 0, maxKeys }: LimiterOptions) {
    super()
    this.prefix = keyPrefix
    this.points = points
    this.duration = duration
    this.blockSeconds = blockDuration
    this.counts = new ExpiringCounts(maxKeys)
  }

  get keyPrefix(): string {
    return this.prefix
  }

  /** The Redis limiter gives its insurance its own block duration. */
  get blockDuration(): number {
    return this.blockSeconds
  }

  set blockDuration(seconds: number) {
    this.blockSeconds = seconds
  }

  /** Never: nothing here delays an answer (that would take a timer). */
  get execEvenly(): boolean {
    return false
  }

  set execEvenly(evenly: boolean) {
    if (evenly) throw new Error('MemoryLimiter does not spread actions evenly (execEvenly)')
  }

  consume(key: string | number, points = 1): Promise<RateLimiterRes> {
    const rlKey = this.keyOf(key)
    let count = this.counts.add(rlKey, points, this.duration * 1000)
    if (count.value <= this.points) return Promise.resolve(this.answer(count, points))
    // Blocked once, by the point that went over, as the library's limiters do.
    if (this.blockSeconds > 0 && count.value - points <= this.points) count = this.counts.set(rlKey, count.value, this.blockSeconds * 1000)
    return Promise.reject(this.answer(count, points))
  }

  penalty(key: string | number, points = 1): Promise<RateLimiterRes> {
    return Promise.resolve(this.answer(this.counts.add(this.keyOf(key), points, this.duration * 1000), points))
  }

  reward(key: string | number, points = 1): Promise<RateLimiterRes> {
    return Promise.resolve(this.answer(this.counts.add(this.keyOf(key), -points, this.duration * 1000), -points))
  }

  get(key: string | number): Promise<RateLimiterRes | null> {
    const count = this.counts.get(this.keyOf(key))
    return Promise.resolve(count && this.answer(count, 0))
  }

  /** Sets a key's points for `secDuration` seconds (a negative one: the limiter's period). */
  set(key: string | number, points: number, secDuration: number): Promise<RateLimiterRes> {
    const seconds = secDuration >= 0 ? secDuration : this.duration
    return Promise.resolve(this.answer(this.counts.set(this.keyOf(key), points, seconds * 1000), points))
  }

  /** Refuses a key for `secDuration` seconds (0: for ever), whatever it has taken. */
  block(key: string | number, secDuration: number): Promise<RateLimiterRes> {
    return Promise.resolve(this.answer(this.counts.set(this.keyOf(key), this.points + 1, secDuration * 1000), this.points + 1))
  }

  delete(key: string | number): Promise<boolean> {
    return Promise.resolve(this.counts.delete(this.keyOf(key)))
  }

  private keyOf(key: string | number): string {
    return this.prefix ? `${this.prefix}:${key}` : String(key)
  }

  private answer(count: StoredCount, changedPoints: number): RateLimiterRes {
    return new RateLimiterRes(Math.max(this.points - count.value, 0), count.msBeforeNext, count.value, count.value === changedPoints)
  }
}

/** A count as the store answers it: its value and the milliseconds until it ends (-1: never). */
type StoredCount = { value: number; msBeforeNext: number }

type Count = { value: number; expiresAt: number | null }

const SWEEP_EVERY_MS = 60_000

/**
 * Counts per key, each ending `msDuration` after it was started (0: never). With `maxKeys`, the
 * oldest keys are forgotten first once there are more: bounds the memory a client can fill by
 * naming many keys.
 */
export class ExpiringCounts {
  private readonly counts = new Map<string, Count>()
  private sweptAt = Date.now()

  constructor(private readonly maxKeys = Infinity) {}

  /** Adds to a live count, or starts a new one. */
  add(key: string, value: number, msDuration: number): StoredCount {
    const count = this.live(key)
    if (!count) return this.set(key, value, msDuration)
    count.value += value
    return this.answer(count)
  }

  /** Starts the count again at `value`. */
  set(key: string, value: number, msDuration: number): StoredCount {
    this.sweep()
    const count = { value, expiresAt: msDuration > 0 ? Date.now() + msDuration : null }
    this.counts.delete(key) // set again last: the map's order is oldest first
    this.counts.set(key, count)
    if (this.counts.size > this.maxKeys) this.counts.delete(this.counts.keys().next().value!)
    return this.answer(count)
  }

  get(key: string): StoredCount | null {
    const count = this.live(key)
    return count ? this.answer(count) : null
  }

  delete(key: string): boolean {
    return this.counts.delete(key)
  }

  /** How many keys are held (ended ones included until the next sweep). */
  get size(): number {
    return this.counts.size
  }

  private answer(count: Count): StoredCount {
    return { value: count.value, msBeforeNext: count.expiresAt === null ? -1 : count.expiresAt - Date.now() }
  }

  private live(key: string): Count | undefined {
    const count = this.counts.get(key)
    if (count?.expiresAt != null && count.expiresAt <= Date.now()) {
      this.counts.delete(key)
      return undefined
    }
    return count
  }

  private sweep(): void {
    const now = Date.now()
    if (now - this.sweptAt < SWEEP_EVERY_MS) return
    this.sweptAt = now
    for (const [key, count] of this.counts) if (count.expiresAt != null && count.expiresAt <= now) this.counts.delete(key)
  }
}
