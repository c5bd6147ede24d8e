import { afterAll, beforeAll, expect, it } from 'vitest'

import { startRedis, type TestRedis } from '../helpers/redis'

/** The periodic jobs' lock (`runOnOneInstance`), as two instances on one Redis use it. */

let redis: TestRedis
beforeAll(async () => {
  redis = await startRedis()
  process.env.REDIS_URL = redis.url
})
afterAll(async () => {
  const { sharedRedis } = await import('@/platform/redis/sharedRedis.mjs')
  ;(await sharedRedis())?.destroy()
  delete process.env.REDIS_URL
  await redis?.stop()
})

const until = async (condition: () => Promise<boolean>) => {
  for (let tries = 0; !(await condition()); tries++) {
    if (tries > 100) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

it('a round is run by one instance per period; without Redis each instance runs its own', async () => {
  const { runOnOneInstance } = await import('@/platform/redis/oneInstance')
  const { redisReady } = await import('@/platform/redis/sharedRedis.mjs')
  await until(redisReady)
  let rounds = 0
  const round = async () => void rounds++
  const job = `test-job-${Date.now()}`
  // Two instances' timers firing in the same period (this process plays both: the lock is in Redis).
  await Promise.all([runOnOneInstance(job, 60_000, round), runOnOneInstance(job, 60_000, round)])
  expect(rounds).toBe(1)
  // Redis away: the round still runs (the jobs are safe to repeat; only the saving is lost).
  await redis?.stop()
  await until(async () => !(await redisReady()))
  await runOnOneInstance(job, 60_000, round)
  expect(rounds).toBe(2)
})

it('work run exclusively waits for the instance already running it, then runs', async () => {
  const { runExclusively } = await import('@/platform/redis/oneInstance')
  const { redisReady } = await import('@/platform/redis/sharedRedis.mjs')
  await redis.start()
  await until(redisReady)
  const seeded: string[] = []
  let running = 0
  // Two instances starting on one fresh database at the same moment (this process plays both).
  const seed = (instance: string) => async () => {
    running++
    expect(running, 'never two at once').toBe(1)
    const empty = seeded.length === 0
    await new Promise((resolve) => setTimeout(resolve, 300))
    if (empty) seeded.push(instance)
    running--
    return instance
  }
  const name = `test-seed-${Date.now()}`
  // A lock held longer than the test may run: a lock not released would hold B, and then C, past
  // the test's timeout, where one released is taken at the next try (the waiter's pause, 250 ms).
  const longest = 10 * 60_000
  expect(await Promise.all([runExclusively(name, longest, seed('A')), runExclusively(name, longest, seed('B'))])).toEqual(['A', 'B'])
  expect(seeded, 'seeded once').toHaveLength(1)
  // Released: a later start takes the lock.
  expect(await runExclusively(name, longest, seed('C'))).toBe('C')
}, 60_000)
