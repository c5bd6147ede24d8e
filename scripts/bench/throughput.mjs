// Page throughput: autocannon against a page of the site, and against a static copy of the very
// bytes the site answered for it (scripts/bench/proxy.mjs). The machine is small and shared, so a
// req/s figure alone says little; the ratio between the two, loaded in turns (loadInTurns), is
// what counts.
import { fork } from 'node:child_process'
import http from 'node:http'
import { fileURLToPath } from 'node:url'

import autocannon from 'autocannon'

export const CONNECTIONS = 50
/** How many turns loadInTurns gives each address. */
export const TURNS = 4

/**
 * What the site answers for an address, as autocannon will ask for it (`headers`: as a browser
 * asks), its bytes as they come (brotli, gzip).
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

/** As a browser (Chromium) asks for a page or a script: every address the bench loads is asked so. */
export const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' }

/** The largest script `page` loads, by the bytes a browser gets. */
export async function largestScript(base, page) {
  const html = await (await fetch(base + page)).text()
  let largest = { path: '', size: -1 }
  for (const [, path] of html.matchAll(/<script[^>]*\ssrc="(\/_next\/static\/[^"?]+\.js)"/g)) {
    const size = (await recordPage(base + path, BROWSER_ENCODINGS)).body.length
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
  return figures(await run)
}

/**
 * Two or more addresses (`{ site: url, copy: url }`) compared under the same load: each loaded in
 * turn for `seconds / rounds` at a time, which one goes first alternating, and each one's rounds
 * merged (autocannon.aggregateResult: req/s over all of them, p99 of all their answers). The
 * machine is shared and what else runs on it comes and goes within seconds: one 8-second run of
 * each after the other put the same bytes from the same nginx at p99 74 and 41 ms.
 */
export async function loadInTurns(urls, { seconds = 8, rounds = TURNS, headers = {} } = {}) {
  const names = Object.keys(urls)
  const runs = Object.fromEntries(names.map((name) => [name, []]))
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      runs[name].push(await autocannon({ url: urls[name], connections: CONNECTIONS, duration: seconds / rounds, headers, skipAggregateResult: true }))
    }
  }
  return Object.fromEntries(names.map((name) => [name, figures(autocannon.aggregateResult(runs[name], { url: urls[name], connections: CONNECTIONS }))]))
}

function figures(result) {
  return {
    // The mean of the per-second counts; a merged result keeps their total and number only.
    reqPerSec: Math.round(result.requests.total / result.samples),
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
