import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, expect, it, vi } from 'vitest'

import { startRedis, type TestRedis } from '../helpers/redis'

/**
 * The page cache (src/platform/http/pageCache.mjs) with REDIS_URL, on a real redis-server, as Next
 * stores, reads and expires pages through it: each page comes back with the Content-Security-Policy
 * of its own inline scripts, and a seller's edit (its tag) expires it for every instance.
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
type StoredPage = { value: { html: string; headers: Record<string, string> } } | null

it('keeps pages in Redis with their script hashes, under the build id, until a tag expires them', async () => {
  const { default: PageCache } = await import('@/platform/http/pageCache.mjs')
  const { redisReady, sharedRedis } = await import('@/platform/redis/sharedRedis.mjs')
  for (let tries = 0; !(await redisReady()); tries++) {
    if (tries > 100) throw new Error('Redis did not connect')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  // Two instances of the site: two handlers on the same Redis.
  // What Next passes that the handler reads: where the build is (its BUILD_ID), and the mode.
  const context = { serverDistDir: path.join(distDir, 'server'), dev: false } as ConstructorParameters<typeof PageCache>[0]
  const [one, other] = [0, 1].map(() => new PageCache(context))
  await one.set('/faq', page('<html><script>self.__next_f.push([1,"FAQ"])</script></html>'), { cacheControl: { revalidate: false } })

  const entry = (await other.get('/faq', { kind: 'APP_PAGE' })) as StoredPage
  expect(entry?.value.html).toContain('FAQ')
  expect(entry?.value.headers['content-security-policy']).toMatch(/script-src[^;]*'sha256-[^']+'/)
  expect(await (await sharedRedis())!.keys('seamoss:pages:test-build:*')).toContain('seamoss:pages:test-build:/faq')

  // A seller's edit on one instance: the other renders the page again.
  await one.revalidateTag('faqs')
  expect(await other.get('/faq', { kind: 'APP_PAGE' })).toBeNull()
})

it('forgets the resized images of every instance when a photo stops being public on one of them', async () => {
  const context = { serverDistDir: path.join(distDir, 'server'), dev: false } as never
  const image = { kind: 'IMAGE', etag: 'e', buffer: Buffer.from('hidden photo'), extension: 'avif', upstreamEtag: 'u' }
  // Instance B resized the photo while it was public.
  const { default: PageCacheOnB } = await import('@/platform/http/pageCache.mjs')
  const onB = new PageCacheOnB(context)
  await onB.set('photo-640', image, { kind: 'IMAGE', cacheControl: { revalidate: 14400, expire: undefined } } as never)
  // Instance A, a process of its own (its own modules, its own resized images), hides the review.
  vi.resetModules()
  const { default: PageCacheOnA } = await import('@/platform/http/pageCache.mjs')
  new PageCacheOnA(context)
  const { redisReady } = await import('@/platform/redis/sharedRedis.mjs')
  for (let tries = 0; !(await redisReady()); tries++) {
    if (tries > 100) throw new Error('Redis did not connect')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const { forgetResizedImages } = await import('@/platform/cache/forgetResizedImages')
  await forgetResizedImages()
  expect(await onB.get('photo-640', { kind: 'IMAGE' } as never)).toBeNull()
})
