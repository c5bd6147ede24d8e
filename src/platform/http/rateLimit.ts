import 'server-only'

import { headers } from 'next/headers'
import { RateLimiterRedis, type RateLimiterLike } from 'rate-limiter-flexible'

import { sharedRedis } from '@/platform/redis/sharedRedis.mjs'
import { clientAddressFrom } from './clientAddress'
import { MemoryLimiter } from './memoryLimiter'

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Per-client allowances for the public forms: generous for people, tight for scripts. Keyed on
 * the client's real address (`clientAddress.ts`).
 */
const PER_CLIENT = {
  contact: { points: 5, duration: 10 * MINUTE },
  order: { points: 10, duration: 10 * MINUTE },
  discount: { points: 10, duration: 10 * MINUTE },
  capture: { points: 5, duration: 10 * MINUTE },
  review: { points: 5, duration: 10 * MINUTE },
  /** Places asked for in the waiting line (/order while sold out): a person joins for a flavor or two. */
  line: { points: 5, duration: 10 * MINUTE },
  /**
   * Admin login attempts from one address, whichever account they name: bounds the password
   * hashing one address can ask for. Guessing one account's password is bounded much tighter by the
   * per-account lockout (`features/admin/auth/signInLockout.ts`); this leaves room for a shared office address and for
   * scripts that sign in for every call (the e2e suite signs in about 40 times).
   */
  login: { points: 60, duration: 15 * MINUTE },
  /** Password-reset requests from one address. */
  forgotPassword: { points: 5, duration: HOUR },
  /** Reset links sent to one account (keyed on its e-mail), whoever asks for them. */
  forgotPasswordAccount: { points: 3, duration: HOUR },
  /**
   * Changes to one refill plan (keyed on its link's token), whoever sends them: a customer changes
   * a plan a few times at most; a changed refill order e-mails the seller, so this bounds that too.
   */
  refillPlanChange: { points: 20, duration: HOUR },
  /**
   * Posts of one order's change forms (keyed on its status link's token), whoever sends them: a
   * change is two posts (its check, then its confirmation) and a changed order e-mails the
   * customer and the seller, so this bounds both the checks and those e-mails.
   */
  orderChange: { points: 30, duration: HOUR },
} as const

/**
 * What one form may take in a day from all clients together: a ceiling on what many addresses
 * working together can store or make the site send. Far above what a small seller receives (the
 * order cap is several times a very busy day), so only abuse reaches it.
 */
const DAILY_CAP: Partial<Record<LimitedAction, number>> = {
  contact: 300,
  order: 1000,
  capture: 500,
  review: 200,
  line: 500,
  // No cap on forgotPassword: a shared cap would let strangers use up the owner's password reset
  // for the day; reset links are bounded per account (forgotPasswordAccount) instead.
}

/** Review photos stored per day, in bytes, over all clients: bounds the disk an attacker can fill. */
export const PHOTO_BYTES_PER_DAY = 300 * 1024 * 1024

export type LimitedAction = keyof typeof PER_CLIENT

/**
 * A limiter for one rule, shared by every instance: with REDIS_URL the counts live in Redis, so
 * several instances share one allowance; while Redis is away each instance counts in its own
 * memory (the insurance limiter) and goes back to the shared count when Redis returns. Without
 * REDIS_URL, in memory. The form limits below and the sign-in lockout (`features/admin/auth/signInLockout.ts`) use it.
 */
export async function sharedLimiter(keyPrefix: string, { points, duration, maxKeys }: { points: number; duration: number; maxKeys?: number }): Promise<RateLimiterLike> {
  const redis = await sharedRedis()
  const inMemory = new MemoryLimiter({ keyPrefix, points, duration, maxKeys })
  if (!redis) return inMemory
  return new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: true,
    rejectIfRedisNotReady: true,
    keyPrefix: `seamoss:limit:${keyPrefix}`,
    points,
    duration,
    insuranceLimiter: inMemory,
  })
}

const limiters = (async () => {
  const perClient = {} as Record<LimitedAction, RateLimiterLike>
  for (const [action, limit] of Object.entries(PER_CLIENT)) perClient[action as LimitedAction] = await sharedLimiter(action, limit)
  const dailyCaps: Partial<Record<LimitedAction, RateLimiterLike>> = {}
  for (const [action, points] of Object.entries(DAILY_CAP)) dailyCaps[action as LimitedAction] = await sharedLimiter(`${action}-daily`, { points, duration: DAY })
  return { perClient, dailyCaps, photoBytes: await sharedLimiter('photo-bytes', { points: PHOTO_BYTES_PER_DAY, duration: DAY }) }
})()

/** The client's address as the proxy in front of the app reports it (see `clientAddress.ts`). */
export async function clientKey(): Promise<string> {
  return clientAddressFrom(await headers())
}

async function take(rule: RateLimiterLike, key: string, points = 1): Promise<boolean> {
  try {
    await rule.consume(key, points)
    return true
  } catch {
    return false
  }
}

/**
 * Takes one attempt from the client's allowance and, when that is left, one from the form's daily
 * cap over all clients; false when either is used up. (A public form's post sent again after it
 * stored something is not charged: `publicForm.ts` asks the database.)
 */
export async function allowAttempt(action: LimitedAction, client: string): Promise<boolean> {
  const { perClient, dailyCaps } = await limiters
  if (!(await take(perClient[action], client))) return false
  const cap = dailyCaps[action]
  if (cap && !(await take(cap, 'all'))) return false
  return true
}

/** Takes a photo's size from the day's photo budget; false when storing it would go over. */
export async function allowPhotoBytes(bytes: number): Promise<boolean> {
  const size = Math.max(1, bytes)
  const { photoBytes } = await limiters
  if (await take(photoBytes, 'all', size)) return true
  // A refused photo is not stored, so it must not use up the budget of smaller ones.
  await photoBytes.reward('all', size)
  return false
}
