import 'server-only'

import crypto from 'node:crypto'

import {
  APIError,
  AuthenticationError,
  type CollectionAfterErrorHook,
  type CollectionAfterLoginHook,
  type CollectionAfterOperationHook,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
} from 'payload'

import { wholeMessage } from '@/platform/http/adminOrigins'
import { Refusal } from '@/platform/http/refusal'
import { clientAddressFrom } from '@/platform/http/clientAddress'
import { allowAttempt, sharedLimiter } from '@/platform/http/rateLimit'

const USERS = 'users'

// Sign-in lockout, per (client address, account)
//
// Payload's own lockout (`maxLoginAttempts`) locks the account for everyone, so whoever knows the
// owner's e-mail could keep the owner out for ever. Here wrong passwords are counted per address
// and account: an attacker locks out only their own address, with a wait that doubles after each
// further miss, while the owner signs in from theirs. Counted with rate-limiter-flexible's
// consecutive-failures pattern (a count of misses, a block for the wait, deleted on success) in
// the store the form limits use (`sharedLimiter`): in Redis with REDIS_URL, so every instance
// behind the proxy counts the same misses and a restart forgets none; in memory without.

/** Misses allowed before the first wait: people mistype. */
export const FREE_MISSES = 5
const FIRST_WAIT_MS = 60_000
const LONGEST_WAIT_MS = 24 * 60 * 60_000
/** A (address, account) pair with no miss for this long (after its wait) starts again from zero. */
const FORGET_AFTER_MS = 24 * 60 * 60_000
/** Bounds the memory an attacker can fill by naming many accounts from many addresses (in memory only: Redis keys expire). */
const MAX_TRACKED = 10_000
const seconds = (ms: number) => Math.ceil(ms / 1000)

const lockout = (async () => ({
  /** Misses per (address, account): each miss keeps the count for another day. */
  misses: await sharedLimiter('signin-misses', { points: FREE_MISSES, duration: seconds(FORGET_AFTER_MS), maxKeys: MAX_TRACKED }),
  /** The pairs that must wait: blocked for the wait after their last miss. */
  waits: await sharedLimiter('signin-waits', { points: 1, duration: seconds(LONGEST_WAIT_MS), maxKeys: MAX_TRACKED }),
  /**
   * How many times an admin unlocked each account. It is part of every key of the account, so an
   * unlock leaves the misses of every address behind in an older round, where they expire. Kept
   * until those have expired.
   */
  unlocks: await sharedLimiter('signin-unlocks', { points: 1, duration: seconds(FORGET_AFTER_MS + LONGEST_WAIT_MS), maxKeys: MAX_TRACKED }),
}))()

/** An account's e-mail as the lockout and the reset limits key it. */
export function normalizedEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 320) : ''
}

async function unlockRound(email: string): Promise<number> {
  return (await (await lockout).unlocks.get(email))?.consumedPoints ?? 0
}

async function lockoutKey(address: string, email: string): Promise<string> {
  return `${address}\n${email}\n${await unlockRound(email)}`
}

/** How long this pair must still wait before it may try again; 0 when it may try now. */
async function waitLeft(key: string): Promise<number> {
  return Math.max(0, (await (await lockout).waits.get(key))?.msBeforeNext ?? 0)
}

/** The wait after `count` misses: none for the first few, then one minute, doubling each time. */
export function waitAfterMisses(count: number): number {
  if (count < FREE_MISSES) return 0
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (count - FREE_MISSES))
}

async function recordMiss(key: string): Promise<void> {
  const { misses, waits } = await lockout
  const count = (await misses.penalty(key)).consumedPoints
  const wait = waitAfterMisses(count)
  // A count lasts a day from its first miss in the store; set again, it lasts a day from this one.
  await misses.set(key, count, seconds(FORGET_AFTER_MS + wait))
  if (wait > 0) await waits.block(key, seconds(wait))
}

async function forgetMisses(key: string): Promise<void> {
  const { misses, waits } = await lockout
  await Promise.all([misses.delete(key), waits.delete(key)])
}

async function forgetAccount(email: string): Promise<void> {
  await (await lockout).unlocks.set(email, (await unlockRound(email)) + 1, seconds(FORGET_AFTER_MS + LONGEST_WAIT_MS))
}

/** "a minute", "8 minutes", "4 hours": the wait as the seller reads it, rounded up. */
function waitInWords(ms: number): string {
  const minutes = Math.ceil(ms / 60_000)
  if (minutes <= 1) return 'a minute'
  if (minutes < 120) return `${minutes} minutes`
  return `${Math.ceil(minutes / 60)} hours`
}

export const signInRules = {
  /** What the admin's sign-in form shows to a locked (address, account): why, and for how long. */
  locked: (waitMs: number) => `Too many attempts: try again in ${waitInWords(waitMs)}, or reset your password`,
  tooManyAttempts: 'Too many sign-in attempts from your network. Wait a few minutes and try again.',
  tooManyResets: 'Too many password-reset requests from your network. Wait a while and try again.',
} as const

/** A refusal for too many attempts (a `Refusal`, so its message reaches the form), named apart for `showRefusalWhole`. */
const TOO_MANY_ATTEMPTS = 'TooManyAttempts'
class TooManyAttempts extends Refusal {
  constructor(message: string) {
    super(message, 429)
    this.name = TOO_MANY_ATTEMPTS
  }
}

export function tooManyRequests(req: PayloadRequest, message: string, retryAfterMs?: number): APIError {
  if (retryAfterMs !== undefined) {
    req.responseHeaders = new Headers(req.responseHeaders)
    req.responseHeaders.set('Retry-After', String(Math.ceil(retryAfterMs / 1000)))
  }
  return new TooManyAttempts(message)
}

// ---------------------------------------------------------------------------------------------
// Same work for an unknown e-mail
//
// Payload answers an unknown e-mail before hashing anything, so a wrong password for a real
// account took 20 times longer than one for a made-up address, and timing told which admin
// e-mails exist. An unknown e-mail now costs one hash with Payload's parameters for new passwords
// (`generatePasswordSaltHash` in payload/dist/auth/strategies/local: PBKDF2-SHA256, 600,000
// iterations, 32 bytes); tests/int/adminAuth.int.spec.ts compares the hashing of both logins and
// notices if Payload changes them.

const UNKNOWN_ACCOUNT_SALT = crypto.randomBytes(32).toString('hex')

async function hashLikeAKnownAccount(req: PayloadRequest, email: string, password: string): Promise<void> {
  const account = await req.payload.db.findOne({ collection: USERS, where: { email: { equals: email } }, req })
  if (account) return
  // Through `crypto.pbkdf2` at each call, as Payload's check of a real password calls it.
  await new Promise<void>((resolve, reject) => crypto.pbkdf2(password, UNKNOWN_ACCOUNT_SALT, 600_000, 32, 'sha256', (error) => (error ? reject(error) : resolve())))
}

// ---------------------------------------------------------------------------------------------
// Hooks on Payload's auth operations

/** The lockout key of a login in progress, for the hooks that see how it ended. */
const LOGIN_KEY = 'adminAuthLoginKey'

/**
 * Before Payload checks a password: refuse a locked (address, account) or an address over its
 * allowance with 429, and give an unknown e-mail the hashing work of a known one.
 */
export const guardSignIn: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const email = normalizedEmail(args.data?.email)
  const address = clientAddressFrom(req.headers)
  const key = await lockoutKey(address, email)
  const wait = await waitLeft(key)
  if (wait > 0) throw tooManyRequests(req, signInRules.locked(wait), wait)
  if (!(await allowAttempt('login', address))) throw tooManyRequests(req, signInRules.tooManyAttempts)
  req.context[LOGIN_KEY] = key
  const password: unknown = args.data?.password
  if (email && typeof password === 'string' && password) await hashLikeAKnownAccount(req, email, password)
  return args
}

/** A wrong e-mail or password counts against its (address, account). */
export const countWrongPassword: CollectionAfterErrorHook = async ({ error, req }) => {
  const key = req.context[LOGIN_KEY]
  if (typeof key === 'string' && error instanceof AuthenticationError) await recordMiss(key)
}

/** A too-many-attempts refusal, shown whole by the admin's sign-in form (see `wholeMessage`). */
export const showRefusalWhole: CollectionAfterErrorHook = ({ error }) => {
  // By its name, which is its own: a second copy of this module in the bundle would have another class.
  if (error.name === TOO_MANY_ATTEMPTS) return { response: wholeMessage(error.message) }
}

/** Signing in from an address clears that address's misses for the account. */
export const forgetMissesOnLogin: CollectionAfterLoginHook = async ({ req, user }) => {
  const key = req.context[LOGIN_KEY]
  if (typeof key === 'string') await forgetMisses(key)
  return user
}

/**
 * A completed password reset proves the owner holds the mailbox: their address may sign in at
 * once. An admin's unlock (`POST /api/users/unlock`) clears every address's misses for the account.
 */
export const clearLockoutAfterRecovery: CollectionAfterOperationHook = async ({ args, operation, req, result }) => {
  if (operation === 'resetPassword' && result && typeof result === 'object' && 'user' in result) {
    const email = normalizedEmail((result.user as { email?: unknown } | undefined)?.email)
    await forgetMisses(await lockoutKey(clientAddressFrom(req.headers), email))
  }
  if (operation === 'unlock') await forgetAccount(normalizedEmail((args.data as { email?: unknown } | undefined)?.email))
  return result
}
