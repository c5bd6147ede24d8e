// Page throughput: autocannon against a page of the site, and against a static server that replays
// the very bytes the site answered for it. The machine is small and shared, so a req/s figure alone
// says little; the ratio between the two, measured one right after the other, is what counts.
import { fork } from 'node:child_process'
import http from 'node:http'
import { fileURLToPath } from 'node:url'

import autocannon from 'autocannon'

import { freePort } from './server.mjs'

export const CONNECTIONS = 50

/**
 * What the site answers for an address, as autocannon will ask for it: a page without compression,
 * a script (`headers`) as a browser asks, its bytes as they come (brotli, gzip).
 */
export function recordPage(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, async (response) => {
        const chunks = []
        for await (const chunk of response) chunks.push(chunk)
        const kept = Object.entries(response.headers).filter(([name]) => !['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'].includes(name))
        resolve({ status: response.statusCode, headers: Object.fromEntries(kept), body: Buffer.concat(chunks) })
      })
      .once('error', reject)
  })
}

/** As a browser asks for a script, and as the pages are measured (uncompressed, as the static server's). */
export const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' }
export const NO_COMPRESSION = { 'accept-encoding': 'identity' }

/**
 * The largest script `page` loads, once the site sends it as it will from then on: the first
 * request for a build file goes to Next, and the server keeps it compressed once, in the background
 * (src/platform/http/staticAssets.mjs).
 */
export async function largestScript(base, page) {
  const html = await (await fetch(base + page)).text()
  let largest = { path: '', size: -1 }
  for (const [, path] of html.matchAll(/<script[^>]*\ssrc="(\/_next\/static\/[^"?]+\.js)"/g)) {
    const size = (await (await fetch(base + path, { headers: NO_COMPRESSION })).arrayBuffer()).byteLength
    if (size > largest.size) largest = { path, size }
  }
  if (!largest.path) throw new Error(`${page} loads no script of the build`)
  for (let tries = 0; tries < 50; tries++) {
    const recorded = await recordPage(base + largest.path, BROWSER_ENCODINGS)
    if (recorded.headers['content-encoding'] === 'br') break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return largest.path
}

/**
 * A plain Node HTTP server answering each recorded path with its recorded status, headers and bytes,
 * in a process of its own as the site's server is (in the benchmark's process it would share one
 * thread with the load it is measured by).
 */
export async function startReplayServer(recordings) {
  const port = await freePort()
  const server = fork(fileURLToPath(import.meta.url), ['replay'], { serialization: 'advanced', stdio: 'inherit' })
  await new Promise((resolve, reject) => {
    server.once('message', resolve)
    server.once('exit', (code) => reject(new Error(`the static server exited (${code})`)))
    server.send({ port, recordings: [...recordings] })
  })
  const exited = new Promise((resolve) => server.once('exit', resolve))
  return { url: `http://127.0.0.1:${port}`, close: () => (server.kill(), exited) }
}

function replay({ port, recordings }) {
  const pages = new Map(recordings)
  const server = http.createServer((request, response) => {
    const recording = pages.get(new URL(request.url, 'http://x').pathname)
    if (!recording) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(recording.status, { ...recording.headers, 'content-length': recording.body.length })
    response.end(recording.body)
  })
  server.listen(port, '127.0.0.1', () => process.send('ready'))
}

if (process.argv[2] === 'replay') process.once('message', replay)

/** autocannon for `seconds` with CONNECTIONS connections: req/s, p99 ms, errors (incl. non-2xx). */
export async function load(url, { seconds = 8, connections = CONNECTIONS, headers = {} } = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers })
  return {
    reqPerSec: Math.round(result.requests.average),
    p99: Math.round(result.latency.p99),
    errors: result.errors + result.timeouts + result.non2xx,
  }
}
