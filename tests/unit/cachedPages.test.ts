import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { handleNoting, noteCachedPageRead, rememberPageCacheHandler, serveCachedPage } from '@/platform/http/cachedPages.mjs'

type Entry = { lastModified: number; cacheControl?: { revalidate: number | false }; value: { kind: 'APP_PAGE'; html: Buffer; headers: Record<string, string> } }

/** The page cache: address → its current entry, as the real handler answers (null once expired). */
const entries = new Map<string, Entry | null>()
const cacheKey = (url: string) => `/route-cache/app${url}`
const pageCache = { get: async (key: string) => entries.get(key) ?? null }

/** What Next answered, and what it would answer: a page from the cache (HIT) read through the handler. */
const nextAnswered: string[] = []
async function fakeNext(request: http.IncomingMessage, response: http.ServerResponse) {
  nextAnswered.push(`${request.method} ${request.url} ${request.headers.rsc ? 'rsc' : ''}`.trim())
  const key = cacheKey(request.url!.split('?')[0])
  const entry = await pageCache.get(key)
  if (!entry) {
    response.writeHead(404).end('not found')
    return
  }
  noteCachedPageRead(key, entry)
  response.setHeader('Content-Type', request.headers.rsc ? 'text/x-component' : 'text/html; charset=utf-8')
  response.setHeader('Content-Security-Policy', entry.value.headers['content-security-policy'])
  response.setHeader('Cache-Control', `s-maxage=${entry.cacheControl?.revalidate || 31536000}`)
  response.setHeader('Vary', 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch')
  response.setHeader('x-nextjs-cache', 'HIT')
  response.end(request.headers.rsc ? 'rsc payload' : entry.value.html)
}

let server: http.Server
let base: string

beforeAll(async () => {
  rememberPageCacheHandler(pageCache)
  server = http.createServer(async (request, response) => {
    if (await serveCachedPage(request, response)) return
    await handleNoting(request, response, fakeNext)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

function cachePage(url: string, html: string, revalidate: number | false = false, lastModified = Date.now()) {
  entries.set(cacheKey(url), { lastModified, cacheControl: { revalidate }, value: { kind: 'APP_PAGE', html: Buffer.from(html), headers: { 'content-security-policy': `script-src 'sha256-${html.length}'` } } })
}

/** Loads a page and tells who answered: Next, or the door in front of it. */
async function load(url: string, init: RequestInit = {}) {
  const before = nextAnswered.length
  const response = await fetch(base + url, init)
  const body = Buffer.from(await response.arrayBuffer())
  return { response, body, by: nextAnswered.length > before ? 'next' : 'door' }
}

describe('cached pages answered at the door', () => {
  it('sends a page Next has sent from the cache, with the same bytes and headers', async () => {
    cachePage('/faq', '<html>FAQ</html>')
    const fromNext = await load('/faq')
    const atDoor = await load('/faq')
    expect([fromNext.by, atDoor.by]).toEqual(['next', 'door'])
    expect(atDoor.body.toString()).toBe('<html>FAQ</html>')
    const headers = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => !['date', 'content-length', 'content-encoding', 'transfer-encoding', 'vary'].includes(name)))
    expect(headers(atDoor.response)).toEqual(headers(fromNext.response))
    expect(atDoor.response.headers.get('content-security-policy')).toBe("script-src 'sha256-16'")
    expect(atDoor.response.headers.get('vary')).toContain('Accept-Encoding')
  })

  it('sends the new page once the seller’s edit has replaced or expired the entry', async () => {
    cachePage('/about', '<html>Old</html>', false, Date.now() - 1000)
    await load('/about')
    expect((await load('/about')).by).toBe('door')
    cachePage('/about', '<html>New</html>')
    const afterEdit = await load('/about')
    expect([afterEdit.by, afterEdit.body.toString()]).toEqual(['next', '<html>New</html>'])
    expect((await load('/about')).body.toString()).toBe('<html>New</html>')
    entries.set(cacheKey('/about'), null) // a tag expired: the cache answers nothing
    expect((await load('/about')).by).toBe('next')
  })

  it('leaves a page past its lifetime to Next, which renders it again', async () => {
    cachePage('/order', '<html>Times</html>', 60, Date.now() - 61_000)
    await load('/order')
    expect((await load('/order')).by).toBe('next')
    cachePage('/order', '<html>Times</html>', 60)
    await load('/order')
    expect((await load('/order')).by).toBe('door')
  })

  it('never answers the client router, a query, a form post or a missing page', async () => {
    cachePage('/reviews', '<html>Reviews</html>')
    await load('/reviews')
    expect((await load('/reviews')).by).toBe('door')
    const router = await load('/reviews', { headers: { rsc: '1' } })
    expect([router.by, router.body.toString()]).toEqual(['next', 'rsc payload'])
    expect((await load('/reviews', { headers: { 'next-router-prefetch': '1' } })).by).toBe('next')
    expect((await load('/reviews?_rsc=abc')).by).toBe('next')
    expect((await load('/reviews', { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).by).toBe('next')
    expect((await load('/nothing-here')).by).toBe('next')
    expect((await load('/nothing-here')).by).toBe('next')
  })

  it('answers HEAD without a body and gzip when the browser takes it', async () => {
    cachePage('/contact', `<html>${'Contact us. '.repeat(200)}</html>`)
    await load('/contact')
    const head = await load('/contact', { method: 'HEAD' })
    expect([head.by, head.body.length, head.response.headers.get('content-type')]).toEqual(['door', 0, 'text/html; charset=utf-8'])
    const response = await new Promise<http.IncomingMessage>((resolve) => http.get(`${base}/contact`, { headers: { 'accept-encoding': 'gzip, br' } }, resolve))
    const chunks: Buffer[] = []
    for await (const chunk of response) chunks.push(chunk)
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(Buffer.concat(chunks)).toString()).toBe(`<html>${'Contact us. '.repeat(200)}</html>`)
  })

  it('answers brotli to a browser that takes it once it is made (in the background), gzip until then', async () => {
    const html = `<html>${'Ask us anything. '.repeat(300)}</html>`
    cachePage('/faq', html)
    await load('/faq')
    const raw = () =>
      new Promise<{ encoding?: string; body: Buffer; by: string }>((resolve) => {
        const before = nextAnswered.length
        http.get(`${base}/faq`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, async (response) => {
          const chunks: Buffer[] = []
          for await (const chunk of response) chunks.push(chunk)
          resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks), by: nextAnswered.length > before ? 'next' : 'door' })
        })
      })
    const first = await raw()
    expect([first.by, first.encoding]).toEqual(['door', 'gzip'])
    expect(gunzipSync(first.body).toString()).toBe(html)
    let answer = first
    for (let tries = 0; answer.encoding !== 'br' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      answer = await raw()
    }
    expect([answer.by, answer.encoding]).toEqual(['door', 'br'])
    expect(brotliDecompressSync(answer.body).toString()).toBe(html)
    expect(answer.body.length).toBeLessThan(first.body.length)
  })
})
