import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { orderFields, postForm } from '../helpers/forms'
import { startProxy, startSiteBehindProxy, type Proxy } from '../helpers/proxy'
import type { Site } from '../helpers/site'

/**
 * Debian's nginx with the repository's configuration (deploy/nginx) in front of the production
 * build, as visitors reach the site: what it keeps and for how long, what it never shares, and
 * what it refuses before the app sees it.
 */

const ADMIN = { email: 'proxy-admin@example.com', password: 'proxy-admin-password' }
const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let site: Site
let proxy: Proxy
let stopAll: () => Promise<void>

beforeAll(async () => {
  ;({ site, proxy, stop: stopAll } = await startSiteBehindProxy({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }))
})

afterAll(async () => {
  await stopAll?.()
})

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${proxy.url}${pathname}`, { headers })
const cacheStatus = (response: Response) => response.headers.get('x-cache-status')

/** The admin's session cookie (`payload-token=…`), signed in through the proxy as the admin screen does. */
async function adminCookie(): Promise<string> {
  const answer = await fetch(`${proxy.url}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('payload-token='))
  if (!answer.ok || !cookie) throw new Error(`admin login failed: ${answer.status}`)
  return cookie.split(';')[0]
}

/** Requests `pathname` until the proxy answers it from its cache (a page's first visits fill Next's cache, then nginx's). */
async function untilCached(pathname: string): Promise<Response> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await get(pathname)
    if (cacheStatus(response) === 'HIT') return response
    await response.arrayBuffer()
    await sleep(100)
  }
  throw new Error(`${pathname} was never served from the proxy's cache`)
}

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/**
 * `pathname` through the proxy with exactly `headers` and the bytes as they came: fetch would add
 * an Accept-Encoding of its own and decompress the body.
 */
function rawGet(pathname: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${proxy.url}${pathname}`, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.once('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
        response.once('error', reject)
      })
      .once('error', reject)
  })
}

/** The page an answer carries, decompressed as its Content-Encoding says. */
function decoded({ headers, body }: RawAnswer): string {
  const encoding = headers['content-encoding']
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8')
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8')
  if (encoding === undefined) return body.toString('utf8')
  throw new Error(`unexpected Content-Encoding ${encoding}`)
}

/** Asks for `pathname` with `acceptEncoding` until the proxy answers it from its cache. */
async function untilCachedAs(pathname: string, acceptEncoding: string): Promise<RawAnswer> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const answer = await rawGet(pathname, { 'Accept-Encoding': acceptEncoding })
    if (answer.headers['x-cache-status'] === 'HIT') return answer
    await sleep(100)
  }
  throw new Error(`${pathname} (Accept-Encoding: ${acceptEncoding}) was never served from the proxy's cache`)
}

/**
 * Whether one of the proxy's cache files ends with exactly `bytes`: nginx keeps an answer's body
 * as the tail of its file, after the key and the answer's headers (one file per key, named by the
 * key's MD5, under levels=1:2 folders).
 */
function cacheHolds(bytes: Buffer): boolean {
  const files = fs.readdirSync(proxy.cacheDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  return files.some((entry) => {
    const file = fs.readFileSync(path.join(entry.parentPath, entry.name))
    return file.length > bytes.length && file.subarray(file.length - bytes.length).equals(bytes)
  })
}

/** What browsers and other clients send, and the coding each gets its page in. */
const CODINGS = [
  { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br' },
  { acceptEncoding: 'gzip, deflate', encoding: 'gzip' },
  { acceptEncoding: 'identity', encoding: undefined },
] as const

describe('the page cache', () => {
  it('serves a public page again from its cache, the same page', async () => {
    const first = await (await get('/benefits')).text()
    const cached = await untilCached('/benefits')
    expect(cached.status).toBe(200)
    expect(await cached.text()).toBe(first)
  })

  it("shows a seller's edit once its cached copy expires, in every coding it keeps", async () => {
    for (const { acceptEncoding } of CODINGS) await untilCachedAs('/faq', acceptEncoding)
    const question = `Does the proxy show this edit? ${Date.now()}`
    const login = await fetch(`${proxy.url}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    const { token } = (await login.json()) as { token: string }
    const headers = { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' }
    const { docs } = (await (await fetch(`${proxy.url}/api/faqs?limit=1&sort=order`, { headers })).json()) as { docs: { id: number }[] }
    const edited = await fetch(`${proxy.url}/api/faqs/${docs[0].id}`, { method: 'PATCH', headers, body: JSON.stringify({ question }) })
    expect(edited.status).toBe(200)

    // Until the proxy's copy expires (5 s, `proxy_cache_valid`) it may serve the page as it was;
    // an answer the app made after the edit (MISS, EXPIRED) must show it. Told by the cache's
    // status, not by a clock; the guard below only stops a page that never changes.
    const oldFromTheApp: string[] = []
    const waiting = new Set<string>(CODINGS.map(({ acceptEncoding }) => acceptEncoding))
    const guard = Date.now() + 40_000
    while (waiting.size > 0 && Date.now() < guard) {
      for (const acceptEncoding of [...waiting]) {
        const answer = await rawGet('/faq', { 'Accept-Encoding': acceptEncoding })
        const status = String(answer.headers['x-cache-status'])
        if (decoded(answer).includes(question)) waiting.delete(acceptEncoding)
        else if (!['HIT', 'STALE', 'UPDATING'].includes(status)) oldFromTheApp.push(`${acceptEncoding}: ${status}`)
      }
      await sleep(200)
    }
    expect(oldFromTheApp, 'the app answered the page as it was before the edit').toEqual([])
    expect([...waiting], 'the edited question never showed through the proxy to a client asking with').toEqual([])
  })

  it('never serves a page requested with the admin cookie to anyone, nor a cached page to the admin', async () => {
    const cookie = await adminCookie()
    // A page not visited yet: the admin's request comes first.
    const asAdmin = await get('/about', { Cookie: `theme=dark; ${cookie}` })
    expect(asAdmin.status).toBe(200)
    expect(cacheStatus(asAdmin)).toBe('BYPASS')
    await asAdmin.arrayBuffer()
    const visitor = await get('/about')
    expect(cacheStatus(visitor), "a visitor got the admin's copy").toBe('MISS')
    await visitor.arrayBuffer()

    await untilCached('/about')
    const adminAgain = await get('/about', { Cookie: cookie })
    expect(cacheStatus(adminAgain), "the admin got the visitors' copy").toBe('BYPASS')
  })

  it("never keeps a customer's order status page", async () => {
    const ordered = await postForm(proxy.url, '/order', orderFields('Proxy Customer', 'proxy-customer@example.com'))
    expect(ordered.status).toBe(200)
    const reference = orderReference(ordered.html)
    const statusPath = /href="(?:https?:\/\/[^/"]+)?(\/order\/status\/[^"]+)"/.exec(ordered.html)?.[1]
    expect(statusPath, 'the confirmation links to the status page').toBeTruthy()

    for (let visit = 0; visit < 3; visit++) {
      const response = await get(statusPath!)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain(reference)
      // Not even asked: the cache never holds it, so no later visitor can get it from there.
      expect(cacheStatus(response)).toBeNull()
    }
  })

  it('never keeps the answer to a form post', async () => {
    const first = orderReference((await postForm(proxy.url, '/order', orderFields('First Poster', 'first-poster@example.com'))).html)
    const second = await postForm(proxy.url, '/order', orderFields('Second Poster', 'second-poster@example.com'))
    expect(orderReference(second.html)).not.toBe(first)
    expect(second.html).not.toContain(first)
  })
})

/** The order's reference (SM-1042) on the confirmation a form post answers with. */
function orderReference(html: string): string {
  const reference = /Order Submitted![\s\S]*?(SM-\d+)/.exec(html)?.[1]
  if (!reference) throw new Error('the answer confirms no order')
  return reference
}

describe('the visitor the app sees', () => {
  it("is the address nginx received the request from, whatever X-Forwarded-For the client wrote", async () => {
    // Each post claims another address; the app's order limit (10 per client in 10 minutes) still
    // counts them as one client: the entry nginx appended, the rightmost.
    let refusedAt = 0
    for (let post = 1; post <= 11 && !refusedAt; post++) {
      const answer = await postForm(proxy.url, '/order', orderFields('Spoofing Client', 'spoofer@example.com'), { 'X-Forwarded-For': `203.0.113.${post}` })
      if (answer.html.includes('Too Many Attempts')) refusedAt = post
    }
    expect(refusedAt, 'a client escaped its limit by writing X-Forwarded-For').toBeGreaterThan(0)
  })
})

describe('an answer that sets a cookie', () => {
  // No public page of the app sets a cookie today; an upstream that does stands in for one that
  // would, behind the same rules: each visitor must get their own cookie, never a copy of another's.
  let upstream: http.Server
  let stubProxy: Proxy
  let visitors = 0

  beforeAll(async () => {
    upstream = http.createServer((_request, response) => {
      visitors += 1
      response.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 's-maxage=31536000', 'Set-Cookie': `visitor=${visitors}; Path=/` })
      response.end(`<p>visitor ${visitors}</p>`)
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    stubProxy = await startProxy(`127.0.0.1:${(upstream.address() as net.AddressInfo).port}`)
  })

  afterAll(async () => {
    await stubProxy?.stop()
    await new Promise((resolve) => upstream?.close(resolve))
  })

  it('is never kept for another visitor', async () => {
    const cookies = []
    for (let visit = 0; visit < 3; visit++) {
      const response = await fetch(`${stubProxy.url}/`)
      expect(cacheStatus(response)).not.toBe('HIT')
      cookies.push(response.headers.get('set-cookie'))
      await response.arrayBuffer()
    }
    expect(new Set(cookies).size).toBe(3)
  })
})

describe('compression', () => {
  it('keeps each page compressed in each coding clients ask for, and sends it as kept', async () => {
    const pages = []
    for (const { acceptEncoding, encoding } of CODINGS) {
      const cached = await untilCachedAs('/contact', acceptEncoding)
      expect(cached.status).toBe(200)
      expect(cached.headers['content-encoding'], acceptEncoding).toBe(encoding)
      // Compressed when the copy was made, not per view: the cache holds these very bytes.
      expect(cacheHolds(cached.body), `the cache holds the bytes sent for ${acceptEncoding}`).toBe(true)
      // For the caches after this one (a browser's, a CDN's): the answer depends on Accept-Encoding.
      expect(String(cached.headers.vary).toLowerCase(), acceptEncoding).toContain('accept-encoding')
      pages.push(decoded(cached))
    }
    expect(pages[0].startsWith('<!DOCTYPE html>')).toBe(true)
    expect(new Set(pages).size, 'every coding carries the same page').toBe(1)
  })

  it('sends a page uncompressed to a client that sends no Accept-Encoding', async () => {
    await untilCachedAs('/benefits', 'identity')
    const answer = await rawGet('/benefits')
    expect(answer.headers['x-cache-status']).toBe('HIT')
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.body.subarray(0, 15).toString('utf8')).toBe('<!DOCTYPE html>')
  })

  it('honours q=0: a coding a client refuses is never sent, also from the cache', async () => {
    // Both compressed copies kept first, as browsers ask for them.
    for (const { acceptEncoding } of CODINGS) await untilCachedAs('/about', acceptEncoding)
    const refused = [
      { acceptEncoding: 'gzip;q=0, br;q=0, identity', encoding: undefined },
      { acceptEncoding: 'br;q=0, gzip', encoding: 'gzip' },
      { acceptEncoding: 'gzip, BR;Q=0.000', encoding: 'gzip' },
      { acceptEncoding: 'gzip;q=0', encoding: undefined },
      { acceptEncoding: 'br;q=0.5, gzip;q=1', encoding: 'br' },
    ]
    for (const { acceptEncoding, encoding } of refused) {
      const answer = await rawGet('/about', { 'Accept-Encoding': acceptEncoding })
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(encoding)
      expect(decoded(answer).startsWith('<!DOCTYPE html>'), acceptEncoding).toBe(true)
    }
  })
})

describe("the build's files", () => {
  it('come from disk, precompressed, kept a year by browsers', async () => {
    const html = await (await get('/')).text()
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script, 'the home page loads a script of the build').toBeTruthy()
    const file = path.join(PROJECT_ROOT, '.next/static', script!.slice('/_next/static/'.length))
    const brotli = fs.readFileSync(`${file}.br`)

    const response = await fetch(`${proxy.url}${script}`, { headers: { 'Accept-Encoding': 'br' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // The precompressed sibling itself (quality 11, made once after the build), sent with its
    // length, rather than one compressed per request (sent chunked); fetch decompresses the body.
    expect(Number(response.headers.get('content-length'))).toBe(brotli.length)
    expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(file))).toBe(true)
  })

  it('come from the app when the proxy lacks them, as during a release', async () => {
    const html = await (await get('/')).text()
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1]
    const emptyFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-no-static-'))
    fs.chmodSync(emptyFolder, 0o755)
    const bare = await startProxy(new URL(site.baseURL).host, { staticDir: emptyFolder })
    try {
      const response = await fetch(`${bare.url}${script}`)
      expect(response.status).toBe(200)
      expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(path.join(PROJECT_ROOT, '.next/static', script.slice('/_next/static/'.length))))).toBe(true)
    } finally {
      await bare.stop()
      fs.rmSync(emptyFolder, { recursive: true, force: true })
    }
  })
})

describe('what the proxy refuses', () => {
  it('answers a post over 12 MB with 413 and a short message', async () => {
    const response = await fetch(`${proxy.url}/reviews`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: Buffer.alloc(12 * 1024 * 1024 + 1),
    })
    expect(response.status).toBe(413)
    expect(await response.text()).toContain('Please choose a photo of 10MB or less.')
  })

  it('answers TRACE and methods the site does not use with 405', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'BREW']) {
      const status = await rawStatus(`${method} / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
      expect(status, method).toBe(405)
    }
  })

  it("passes on the app's redirect of a long address ending in '/', however long its headers", async () => {
    // Next answers 308 and repeats the address in Location and Refresh: with a path of a few
    // kilobytes those headers outgrew nginx's default 4 kB buffer, and the visitor got a 502.
    const long = `/${'a'.repeat(3000)}/`
    const response = await fetch(`${proxy.url}${long}`, { redirect: 'manual' })
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe(long.slice(0, -1))
  })

  it('answers a malformed request with 400', async () => {
    expect(await rawStatus('GET / HTTP/1.1\r\nConnection: close\r\n\r\n'), 'no Host').toBe(400)
    expect(await rawStatus('GET /%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'), 'bad percent-encoding').toBe(400)
  })
})

/** Sends `request` as written (fetch refuses TRACE) and answers the status code of the reply. */
function rawStatus(request: string): Promise<number> {
  const { hostname, port } = new URL(proxy.url)
  return new Promise((resolve, reject) => {
    let reply = ''
    const socket = net.connect(Number(port), hostname, () => socket.end(request))
    socket.on('data', (chunk) => (reply += chunk))
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1])))
    socket.on('error', reject)
  })
}
