import 'server-only'

import { randomUUID } from 'node:crypto'

import { sharedRedis } from './sharedRedis.mjs'

const INSTANCE = randomUUID()

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
