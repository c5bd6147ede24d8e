import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, afterEach, expect, it } from 'vitest'

import { expireOutsideRequest } from '@/platform/cache/expireOutsideRequest'
import { forgetResizedImages } from '@/platform/cache/forgetResizedImages'
import PageCache from '@/platform/http/pageCache.mjs'

/**
 * The page cache (src/platform/http/pageCache.mjs) in memory, as Next stores, reads and expires
 * pages and resized images through it (`cacheHandler`, `images.customCacheHandler`).
 */

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-page-cache-'))
fs.writeFileSync(path.join(distDir, 'BUILD_ID'), 'test-build')
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }))
afterEach(() => {
  delete process.env.SITE_URL
})

/** What Next passes that the handler reads: where the build is (its BUILD_ID), and the mode. */
const cache = new PageCache({ serverDistDir: path.join(distDir, 'server'), dev: false } as ConstructorParameters<typeof PageCache>[0])

const SCRIPT = 'self.__next_f.push([1,"the page\'s data"])'
/** A page as Next stores it after a render (its tags in the header Next sets). */
const page = (html: string) => ({ kind: 'APP_PAGE', html, rscData: Buffer.from('rsc'), headers: { 'x-next-cache-tags': 'faqs,_N_T_/faq' }, status: 200 })
type StoredPage = { value: { html: string; headers: Record<string, string> } } | null
const read = async (key: string) => (await cache.get(key, { kind: 'APP_PAGE' } as never)) as StoredPage

it("keeps a page with the hashes of its own inline scripts, and HSTS only on an https site", async () => {
  await cache.set('/faq', page(`<html><body><script>${SCRIPT}</script></body></html>`), { cacheControl: { revalidate: false } } as never)
  const hash = createHash('sha256').update(SCRIPT).digest('base64')
  const stored = await read('/faq')
  expect(stored?.value.html).toContain(SCRIPT)
  expect(stored?.value.headers['content-security-policy']).toMatch(new RegExp(`script-src [^;]*'sha256-${hash.replace(/[+/]/g, '\\$&')}'`))
  expect(stored?.value.headers['strict-transport-security']).toBeUndefined()

  process.env.SITE_URL = 'https://shop.example.com'
  expect((await read('/faq'))?.value.headers['strict-transport-security']).toMatch(/^max-age=/)
})

it("forgets a page when one of its tags is expired (a seller's edit), and only that page", async () => {
  await cache.set('/faq', page('<html>FAQ</html>'), { cacheControl: { revalidate: false } } as never)
  await cache.set('/about', { ...page('<html>About</html>'), headers: { 'x-next-cache-tags': 'site-settings,_N_T_/about' } }, { cacheControl: { revalidate: false } } as never)
  await cache.revalidateTag('faqs')
  expect(await read('/faq')).toBeNull()
  expect((await read('/about'))?.value.html).toBe('<html>About</html>')
})

it("forgets it at once also for revalidateTag(tag, 'max'), the site's profile (hooks/revalidateContent.ts): no stale page is served", async () => {
  await cache.set('/faq', page('<html>FAQ</html>'), { cacheControl: { revalidate: false } } as never)
  // What Next hands the cache handler for the 'max' profile (next/dist/server/revalidation-utils.js).
  await (cache.revalidateTag as (tags: string[], durations?: { expire?: number }) => Promise<void>)(['faqs'], { expire: 0xfffffffe })
  expect(await read('/faq')).toBeNull()
})

it("forgets it also when work outside a request expires the tag (the batch clock's timer), through the handler Next created", async () => {
  await cache.set('/faq', page('<html>FAQ</html>'), { cacheControl: { revalidate: false } } as never)
  await cache.set('/about', { ...page('<html>About</html>'), headers: { 'x-next-cache-tags': 'site-settings,_N_T_/about' } }, { cacheControl: { revalidate: false } } as never)
  await expireOutsideRequest(['faqs'])
  expect(await read('/faq')).toBeNull()
  expect((await read('/about'))?.value.html).toBe('<html>About</html>')
})

it('keeps resized images apart from pages, never expired by an edit', async () => {
  const image = { kind: 'IMAGE', etag: 'e', buffer: Buffer.from('avif bytes'), extension: 'avif', upstreamEtag: 'u' }
  await cache.set('photo-640', image, { kind: 'IMAGE', cacheControl: { revalidate: 60, expire: undefined } } as never)
  await cache.revalidateTag('_N_T_/faq')
  const stored = (await cache.get('photo-640', { kind: 'IMAGE' } as never)) as { value: typeof image; cacheControl: { revalidate: number } } | null
  expect(stored?.value.buffer.toString()).toBe('avif bytes')
  expect(stored?.cacheControl.revalidate).toBe(60)
  expect(await cache.get('photo-750', { kind: 'IMAGE' } as never)).toBeNull()
})

it('forgets every resized image when a photo stops being public (a review hidden), through the handler Next created', async () => {
  const image = (bytes: string) => ({ kind: 'IMAGE', etag: 'e', buffer: Buffer.from(bytes), extension: 'avif', upstreamEtag: 'u' })
  const context = { kind: 'IMAGE', cacheControl: { revalidate: 60, expire: undefined } } as never
  await cache.set('review-photo-640', image('review photo'), context)
  await cache.set('hero-1200', image('hero'), context)
  await forgetResizedImages()
  expect(await cache.get('review-photo-640', { kind: 'IMAGE' } as never)).toBeNull()
  expect(await cache.get('hero-1200', { kind: 'IMAGE' } as never)).toBeNull()
  // Made again afterwards (the public ones, on their next view), they are kept.
  await cache.set('hero-1200', image('hero'), context)
  expect(((await cache.get('hero-1200', { kind: 'IMAGE' } as never)) as { value: { buffer: Buffer } } | null)?.value.buffer.toString()).toBe('hero')
})
