// Page throughput: autocannon against a page of the site, and against a static copy of the very
// bytes the site answered for it (scripts/bench/proxy.mjs). The machine is small and shared, so a
// req/s figure alone says little; the ratio between the two, measured one right after the other,
// is what counts.
import { fork } from 'node:child_process'
import http from 'node:http'
import { fileURLToPath } from 'node:url'

import autocannon from 'autocannon'

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

/** The largest script `page` loads. */
export async function largestScript(base, page) {
  const html = await (await fetch(base + page)).text()
  let largest = { path: '', size: -1 }
  for (const [, path] of html.matchAll(/<script[^>]*\ssrc="(\/_next\/static\/[^"?]+\.js)"/g)) {
    const size = (await (await fetch(base + path, { headers: NO_COMPRESSION })).arrayBuffer()).byteLength
    if (size > largest.size) largest = { path, size }
  }
  if (!largest.path) throw new Error(`${page} loads no script of the build`)
  return largest.path
}

/**
 * autocannon for `seconds` (or until `signal` aborts) with CONNECTIONS connections, as fast as the
 * server answers or at `rate` requests per second in all: req/s, p99 ms, the slowest answer's ms,
 * errors (incl. non-2xx).
 *
 * At a `rate`, the p99 is of the answers themselves: autocannon's correction for coordinated
 * omission takes the expected interval between requests as `ceil(1 / rate)` ms (autocannon
 * 8, lib/run.js), 1 ms for 10 requests a second per connection instead of 100 ms, and so counts
 * one answer that took 500 ms as 500 answers. `max` shows the slowest answer beside it.
 */
export async function load(url, { seconds = 8, connections = CONNECTIONS, headers = {}, signal, rate } = {}) {
  const run = autocannon({ url, connections, duration: seconds, headers, ...(rate ? { overallRate: rate, ignoreCoordinatedOmission: true } : {}) })
  signal?.addEventListener('abort', () => run.stop())
  const result = await run
  return {
    reqPerSec: Math.round(result.requests.average),
    p99: Math.round(result.latency.p99),
    max: Math.round(result.latency.max),
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/**
 * `load()` in a process of its own, until `stop()` answers its figures: beside other work of the
 * benchmark's process (customers posting orders), whose event loop would otherwise add its own
 * delays to the pages' times.
 */
export function loadInOwnProcess(url, options) {
  const child = fork(fileURLToPath(import.meta.url), ['load'], { stdio: 'inherit' })
  const result = new Promise((resolve, reject) => {
    child.once('message', resolve)
    child.once('exit', (code) => reject(new Error(`the load process exited (${code})`)))
  })
  child.send({ url, options })
  return { stop: () => (child.send('stop'), result) }
}

if (process.argv[2] === 'load') {
  process.once('message', async ({ url, options }) => {
    const controller = new AbortController()
    process.once('message', () => controller.abort())
    process.send(await load(url, { ...options, signal: controller.signal }))
    process.disconnect()
  })
}
