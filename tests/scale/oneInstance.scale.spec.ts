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
  await redis.stop()
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
  await redis.stop()
  await until(async () => !(await redisReady()))
  await runOnOneInstance(job, 60_000, round)
  expect(rounds).toBe(2)
})
