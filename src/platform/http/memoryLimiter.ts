import 'server-only'

import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'

/**
 * rate-limiter-flexible's in-memory limiter, on counts that expire without timers.
 *
 * Its own store sets a timer for every key it counts, to forget the key when its period ends (10
 * minutes for a client's allowance, a day for the daily caps). On a Next.js server a timer keeps
 * the async context it was created in, and a form post's context holds the whole request: its
 * response, body streams and gzip stream (vercel/next.js#84648). Every new visitor who posted a
 * form thus kept about 65 kB alive until their key expired: 800 orders from new addresses left
 * 55 MB of heap behind, measured after full collections.
 *
 * Here a count knows when it ends and is replaced when asked after that; counts that ended are
 * swept on the way, at most once a minute. Nothing is scheduled, so nothing holds a request.
 */
export class MemoryLimiter extends RateLimiterMemory {
  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0]) {
    super(options)
    // The library keeps its store in this field (its `dump` reads it too); the store below has the
    // same four methods. tests/unit/memoryLimiter.test.ts fails if an upgrade renames it.
    ;(this as unknown as { _memoryStorage: ExpiringCounts })._memoryStorage = new ExpiringCounts()
  }
}

type Count = { value: number; expiresAt: number | null }

const SWEEP_EVERY_MS = 60_000

/** The store interface rate-limiter-flexible's `RateLimiterMemory` calls: `incrby`, `set`, `get`, `delete`. */
export class ExpiringCounts {
  private readonly counts = new Map<string, Count>()
  private sweptAt = Date.now()

  incrby(key: string, value: number, durationSec: number): RateLimiterRes {
    const count = this.live(key)
    if (!count) return this.set(key, value, durationSec)
    count.value += value
    return new RateLimiterRes(0, count.expiresAt === null ? -1 : count.expiresAt - Date.now(), count.value, false)
  }

  set(key: string, value: number, durationSec: number): RateLimiterRes {
    this.sweep()
    const durationMs = durationSec * 1000
    this.counts.set(key, { value, expiresAt: durationMs > 0 ? Date.now() + durationMs : null })
    return new RateLimiterRes(0, durationMs > 0 ? durationMs : -1, value, true)
  }

  get(key: string): RateLimiterRes | null {
    const count = this.live(key)
    return count ? new RateLimiterRes(0, count.expiresAt === null ? -1 : count.expiresAt - Date.now(), count.value, false) : null
  }

  delete(key: string): boolean {
    return this.counts.delete(key)
  }

  /** How many keys are held (ended ones included until the next sweep). */
  get size(): number {
    return this.counts.size
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
