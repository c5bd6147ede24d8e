import { AsyncLocalStorage } from 'node:async_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

import { RateLimiterRedis } from 'rate-limiter-flexible'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ExpiringCounts, MemoryLimiter } from '@/platform/http/memoryLimiter'

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

const allowed = (limiter: MemoryLimiter, key: string, points = 1) =>
  limiter.consume(key, points).then(
    () => true,
    () => false,
  )

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the in-memory form limits', () => {
  it('stop a key after its points, while other keys go on', async () => {
    const limiter = new MemoryLimiter({ keyPrefix: 'test', points: 3, duration: 600 })
    const results = []
    for (let attempt = 0; attempt < 4; attempt++) results.push(await allowed(limiter, '198.51.100.1'))
    expect(results).toEqual([true, true, true, false])
    expect(await allowed(limiter, '198.51.100.2')).toBe(true)
  })

  it('give the allowance back when its period ends, and forget ended keys', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-05T15:00:00Z') })
    const limiter = new MemoryLimiter({ keyPrefix: 'test', points: 1, duration: 600 })
    expect(await allowed(limiter, '198.51.100.3')).toBe(true)
    expect(await allowed(limiter, '198.51.100.3')).toBe(false)
    vi.setSystemTime(new Date('2026-12-05T15:09:59Z'))
    expect(await allowed(limiter, '198.51.100.3')).toBe(false)
    vi.setSystemTime(new Date('2026-12-05T15:10:01Z'))
    expect(await allowed(limiter, '198.51.100.3')).toBe(true)

    const counts = new ExpiringCounts()
    for (let client = 0; client < 100; client++) counts.add(`10.0.0.${client}`, 1, 600_000)
    vi.setSystemTime(new Date('2026-12-05T15:30:00Z'))
    counts.add('10.0.1.1', 1, 600_000)
    expect(counts.size).toBe(1)
  })

  it('hold at most `maxKeys` keys, forgetting the oldest first', async () => {
    const limiter = new MemoryLimiter({ keyPrefix: 'test', points: 1, duration: 600, maxKeys: 3 })
    for (const client of ['a', 'b', 'c', 'd']) expect(await allowed(limiter, client)).toBe(true)
    expect(await limiter.get('a')).toBeNull()
    expect(await allowed(limiter, 'd')).toBe(false)
  })

  it('block, read and delete a key through the library’s API (the sign-in lockout uses them)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-05T15:00:00Z') })
    const limiter = new MemoryLimiter({ keyPrefix: 'test', points: 1, duration: 600 })
    await limiter.block('198.51.100.5', 120)
    expect(await allowed(limiter, '198.51.100.5')).toBe(false)
    vi.setSystemTime(new Date('2026-12-05T15:01:00Z'))
    expect((await limiter.get('198.51.100.5'))?.msBeforeNext).toBe(60_000)
    expect(await limiter.delete('198.51.100.5')).toBe(true)
    expect(await limiter.get('198.51.100.5')).toBeNull()
    expect(await allowed(limiter, '198.51.100.5')).toBe(true)

    // A count set for a period starts again from what was set, and ends with that period.
    await limiter.set('198.51.100.6', 7, 60)
    expect(await limiter.get('198.51.100.6')).toMatchObject({ consumedPoints: 7, msBeforeNext: 60_000 })
    vi.setSystemTime(new Date('2026-12-05T15:02:01Z'))
    expect(await limiter.get('198.51.100.6')).toBeNull()
  })

  it('take points back (a refused photo gives its bytes back to the budget)', async () => {
    const limiter = new MemoryLimiter({ keyPrefix: 'test', points: 10, duration: 600 })
    expect(await allowed(limiter, 'all', 8)).toBe(true)
    expect(await allowed(limiter, 'all', 5)).toBe(false)
    await limiter.reward('all', 5)
    expect(await allowed(limiter, 'all', 2)).toBe(true)
  })

  it('schedule no timer for a key, so a count does not keep the request it was made in', async () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout')
    const limiter = new MemoryLimiter({ keyPrefix: 'test', points: 5, duration: 600 })
    // A request's async context holding a large body, as Next.js's does (its response, streams…).
    const requests = new AsyncLocalStorage<{ body: Uint8Array }>()
    let request: WeakRef<object> | undefined
    await (async () => {
      const store = { body: new Uint8Array(4 * 1024 * 1024) }
      request = new WeakRef(store)
      await requests.run(store, () => limiter.consume('198.51.100.4'))
    })()
    expect(setTimer).not.toHaveBeenCalled()
    await new Promise((resolve) => setImmediate(resolve))
    collectGarbage()
    expect(request?.deref()).toBeUndefined()
  })

  it('serve as the insurance of the shared limiter in Redis', () => {
    const insurance = new MemoryLimiter({ keyPrefix: 'test', points: 5, duration: 600 })
    expect(() => new RateLimiterRedis({ storeClient: {}, useRedisPackage: true, points: 5, duration: 600, insuranceLimiter: insurance })).not.toThrow()
  })
})
