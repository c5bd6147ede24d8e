import 'server-only'

import { randomUUID } from 'node:crypto'

import { sharedRedis } from './sharedRedis.mjs'

const INSTANCE = randomUUID()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs a periodic job's round on one instance only, when several share Redis: the first to take
 * the round's lock runs it, the others skip it. The lock is held for the period (not released
 * when the work ends), so instances whose timers are out of step still run it once per period.
 * Without Redis, or while it is away, each instance runs its round: the jobs given here must be
 * safe to run twice (a reminder is queued once by its unique key; pruning is idempotent), the lock
 * only saves the duplicate work.
 */
export async function runOnOneInstance(job: string, periodMs: number, work: () => Promise<unknown>): Promise<void> {
  const redis = await sharedRedis()
  if (redis?.isReady) {
    const taken = await redis.set(`seamoss:job:${job}`, INSTANCE, { NX: true, PX: Math.max(1_000, periodMs - 1_000) }).catch(() => 'OK')
    if (taken !== 'OK') return
  }
  await work()
}

/** Deletes a lock only while this instance holds it: one that expired may be another's by now. */
const RELEASE_IF_OURS = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"

/**
 * Runs `work` on one instance at a time, when several share Redis: an instance that finds the lock
 * taken waits until it is released (or has expired after `longestMs`, its holder gone), then runs
 * `work` itself. For the work of a server's start that must not run twice at once, e.g. the first
 * admin and the seed of a fresh database: the second instance then finds them done. Waits up to
 * two seconds for a Redis that is still connecting; without Redis, runs at once.
 */
export async function runExclusively<T>(name: string, longestMs: number, work: () => Promise<T>): Promise<T> {
  const redis = await sharedRedis()
  if (redis && !redis.isReady) await Promise.race([new Promise((resolve) => redis.once('ready', resolve)), sleep(2_000)])
  if (!redis?.isReady) return work()
  const key = `seamoss:exclusive:${name}`
  const deadline = Date.now() + longestMs
  const take = () => redis.set(key, INSTANCE, { NX: true, PX: longestMs }).catch(() => 'OK')
  while ((await take()) !== 'OK' && Date.now() < deadline) await sleep(250)
  try {
    return await work()
  } finally {
    await redis.eval(RELEASE_IF_OURS, { keys: [key], arguments: [INSTANCE] }).catch(() => {})
  }
}
