import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'

import { startRedis, type TestRedis } from '../helpers/redis'

/**
 * The question the door (src/platform/http/cachedPages.mjs) asks the page cache in Redis on every
 * request: is the entry it keeps the bytes of still the one Redis holds? Asked of the real cache
 * handler on a real redis-server, as Next stores and expires pages through it.
 */

let redis: TestRedis
let distDir: string
beforeAll(async () => {
  redis = await startRedis()
  process.env.REDIS_URL = redis.url
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-page-cache-'))
  fs.writeFileSync(path.join(distDir, 'BUILD_ID'), 'test-build')
})
afterAll(async () => {
  const { sharedRedis } = await import('@/platform/redis/sharedRedis.mjs')
  ;(await sharedRedis())?.destroy()
  delete process.env.REDIS_URL
  await redis?.stop()
  fs.rmSync(distDir, { recursive: true, force: true })
})

const TAGS = ['faqs', '_N_T_/layout', '_N_T_/faq']

/** A page as Next stores it after a render (its tags in the header Next sets). */
const page = (html: string) => ({ kind: 'APP_PAGE', html, rscData: Buffer.from('rsc'), headers: { 'x-next-cache-tags': TAGS.join(',') }, status: 200 })

it('confirms the entry the door keeps until it is replaced, expired by a tag or Redis is away', async () => {
  const { default: PageCache } = await import('@/platform/http/pageCache.mjs')
  const { redisReady } = await import('@/platform/redis/sharedRedis.mjs')
  for (let tries = 0; !(await redisReady()); tries++) {
    if (tries > 100) throw new Error('Redis did not connect')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  // With REDIS_URL the class extends the Redis handler, whose tag expiry its type does not show.
  const cache = new PageCache({ serverDistDir: path.join(distDir, 'server'), dev: false }) as InstanceType<typeof PageCache> & { revalidateTag: (tag: string) => Promise<void> }
  const isCurrent = (lastModified: number) => cache.sharedEntryIsCurrent!('/faq', lastModified, TAGS)
  const render = async (html: string) => {
    await cache.set('/faq', page(html), { cacheControl: { revalidate: false } })
    const entry = await cache.get('/faq', { kind: 'APP_PAGE' })
    expect(entry?.value.html.toString()).toBe(html)
    return entry!.lastModified as number
  }

  const first = await render('<html>FAQ</html>')
  expect(await isCurrent(first)).toBe(true)
  expect(await isCurrent(first - 1)).toBe(false)

  // Another instance renders the page again: the door's copy is no longer the entry.
  await new Promise((resolve) => setTimeout(resolve, 5))
  const second = await render('<html>FAQ, edited</html>')
  expect(second).toBeGreaterThan(first)
  expect([await isCurrent(first), await isCurrent(second)]).toEqual([false, true])

  // A seller's edit expires the tag (on any instance): nothing is current until the next render.
  await cache.revalidateTag('faqs')
  expect(await cache.get('/faq', { kind: 'APP_PAGE' })).toBeNull()
  expect(await isCurrent(second)).toBe(false)

  // An expired path (Next's implicit tag) counts too.
  await new Promise((resolve) => setTimeout(resolve, 5))
  const third = await render('<html>FAQ again</html>')
  expect(await isCurrent(third)).toBe(true)
  await new Promise((resolve) => setTimeout(resolve, 5))
  await cache.revalidateTag('_N_T_/faq')
  expect(await isCurrent(third)).toBe(false)

  // Redis away: never current, never a wait.
  const fourth = await render('<html>FAQ once more</html>')
  expect(await isCurrent(fourth)).toBe(true)
  await redis.stop()
  for (let tries = 0; await redisReady(); tries++) {
    if (tries > 100) throw new Error('Redis did not go away')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect(await isCurrent(fourth)).toBe(false)
})
