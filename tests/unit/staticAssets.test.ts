import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { noteStaticAsset, serveStaticAsset, serveStaticAssetsFrom } from '@/platform/http/staticAssets.mjs'

/** A build's `static` folder, and Next sending its files as it does (uncompressed here). */
let folder: string
const nextAnswered: string[] = []
function fakeNext(request: http.IncomingMessage, response: http.ServerResponse) {
  nextAnswered.push(`${request.method} ${request.url}`)
  const file = path.join(folder, decodeURIComponent(request.url!.replace(/^\/_next\/static\//, '').split('?')[0]))
  if (!file.startsWith(folder) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    response.writeHead(404).end('not found')
    return
  }
  response.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
  response.setHeader('Content-Type', file.endsWith('.js') ? 'application/javascript; charset=UTF-8' : 'font/woff2')
  response.setHeader('X-Content-Type-Options', 'nosniff')
  // A response made for one visitor (a proxy's cookie, say) is never sent to the next.
  if (request.url!.includes('session')) response.setHeader('Set-Cookie', 'session=abc')
  response.end(fs.readFileSync(file))
}

let server: http.Server
let base: string
const SCRIPT = `self.chunk = ${JSON.stringify('const seamoss = "purple";\n'.repeat(400))}`

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-static-'))
  fs.mkdirSync(path.join(folder, 'chunks'))
  fs.mkdirSync(path.join(folder, 'media'))
  fs.writeFileSync(path.join(folder, 'chunks', 'app-1a2b.js'), SCRIPT)
  fs.writeFileSync(path.join(folder, 'chunks', 'session-3c.js'), SCRIPT)
  fs.writeFileSync(path.join(folder, 'media', 'font-9z.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]))
  fs.writeFileSync(path.join(folder, '..', 'secret.txt'), 'not a build file')
  serveStaticAssetsFrom(folder)
  server = http.createServer((request, response) => {
    if (serveStaticAsset(request, response)) return
    noteStaticAsset(request, response)
    fakeNext(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  fs.rmSync(folder, { recursive: true, force: true })
})

/** Fetches an address's raw bytes and tells who answered: Next, or the door in front of it. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = nextAnswered.length
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; by: string }>((resolve, reject) => {
    http
      .request(base + url, { method, headers }, async (response) => {
        const chunks: Buffer[] = []
        for await (const chunk of response) chunks.push(chunk)
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks), by: nextAnswered.length > before ? 'next' : 'door' })
      })
      .once('error', reject)
      .end()
  })
}

/** Asks until the door answers (the file is compressed in the background after Next's answer). */
async function untilKept(url: string) {
  for (let tries = 0; tries < 100; tries++) {
    if ((await get(url)).by === 'door') return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`${url} was never kept`)
}

describe('build files answered at the door', () => {
  it('sends a script Next has sent, compressed once as the browser accepts, with Next’s headers', async () => {
    const url = '/_next/static/chunks/app-1a2b.js'
    expect((await get(url)).by).toBe('next')
    await untilKept(url)
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' })
    const gzip = await get(url, { 'accept-encoding': 'gzip, deflate' })
    const plain = await get(url)
    expect([br.by, gzip.by, plain.by]).toEqual(['door', 'door', 'door'])
    expect([br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined])
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT)
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT)
    expect(plain.body.toString()).toBe(SCRIPT)
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10)
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(answer.headers['content-type']).toBe('application/javascript; charset=UTF-8')
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.headers.vary).toBe('Accept-Encoding')
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
    }
    const head = await get(url, { 'accept-encoding': 'br' }, 'HEAD')
    expect([head.by, head.status, head.body.length]).toEqual(['door', 200, 0])
  })

  it('sends a font as it is, whatever the browser accepts', async () => {
    const url = '/_next/static/media/font-9z.woff2'
    await get(url)
    await untilKept(url)
    const font = await get(url, { 'accept-encoding': 'gzip, br' })
    expect([font.headers['content-encoding'], font.body.length, font.headers.vary]).toEqual([undefined, 7, undefined])
  })

  it('leaves partial and conditional requests, posts, queries, unknown and odd addresses to Next', async () => {
    const url = '/_next/static/chunks/app-1a2b.js'
    await untilKept(url)
    expect((await get(url, { range: 'bytes=0-9' })).by).toBe('next')
    expect((await get(url, { 'if-none-match': 'W/"x"' })).by).toBe('next')
    expect((await get(url, {}, 'POST')).by).toBe('next')
    expect((await get(`${url}?v=1`)).by).toBe('next')
    for (const odd of ['/_next/static/chunks/session-3c.js', '/_next/static/chunks/missing.js', '/_next/static/%2e%2e/secret.txt', '/_next/static/../secret.txt', '/_next/static/chunks/.hidden']) {
      await get(odd)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect((await get(odd)).by, odd).toBe('next')
    }
  })
})
