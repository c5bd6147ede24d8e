#!/usr/bin/env node
// Page benchmark (not a test): Lighthouse with mobile settings in Debian's Chromium on the main
// public pages of the production build, plus the gzip size of the JavaScript each page loads.
// Scores are the median of BENCH_RUNS runs per page (default 3), with each run's performance shown.
//   npm run build && npm run bench:pages            (starts its own server on a fresh database)
//   BENCH_URL=http://localhost:3000 npm run bench:pages   (measures a running site)
//   BENCH_PAGES=/,/order npm run bench:pages               (only these pages)
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

// BENCH_PAGES=/,/order measures only those pages.
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : ['/', '/benefits', '/faq', '/contact', '/order']
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 }
const HOME_JS_BUDGET_KB = 160
// Lighthouse scores vary from run to run, most on a small shared machine; its documentation advises
// judging the median of several runs. Each page runs RUNS times; the spread is shown beside it.
const RUNS = Number(process.env.BENCH_RUNS || 3)

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

async function startServer() {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('No production build: run `npm run build` first.')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-bench-'))
  const port = await freePort()
  const server = spawn('node_modules/.bin/next', ['start', '-p', String(port)], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URI: `file:${path.join(dir, 'bench.db')}`, PAYLOAD_SECRET: 'bench', MEDIA_DIR: path.join(dir, 'media') },
    stdio: 'ignore',
  })
  const url = `http://localhost:${port}`
  for (let tries = 0; tries < 240; tries++) {
    try {
      if ((await fetch(url)).ok) return { url, stop: () => server.kill() }
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  server.kill()
  throw new Error('the server did not start')
}

const own = process.env.BENCH_URL ? null : await startServer()
const baseUrl = process.env.BENCH_URL || own.url
// The first request renders and caches each page; measure what visitors get afterwards.
for (const page of PAGES) await fetch(baseUrl + page)

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})

const rows = []
let missed = 0
try {
  // The first navigation of a freshly started Chromium is slow whatever the page; it is not counted.
  await lighthouse(baseUrl + PAGES[0], { port: chrome.port, output: 'json', logLevel: 'error' })
  for (const page of PAGES) {
    const runs = []
    for (let run = 0; run < RUNS; run++) {
      const { lhr } = await lighthouse(baseUrl + page, { port: chrome.port, output: 'json', logLevel: 'error' })
      const scripts = lhr.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script')
      runs.push({
        ...Object.fromEntries(Object.keys(TARGETS).map((key) => [key, Math.round((lhr.categories[key]?.score ?? 0) * 100)])),
        jsKb: Math.round(scripts.reduce((sum, item) => sum + (item.transferSize || 0), 0) / 1024),
        lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      })
    }
    const scores = Object.fromEntries(Object.keys(TARGETS).map((key) => [key, median(runs.map((run) => run[key]))]))
    const jsKb = Math.max(...runs.map((run) => run.jsKb))
    const failures = Object.entries(TARGETS)
      .filter(([key, target]) => scores[key] < target)
      .map(([key, target]) => `${key} ${scores[key]} < ${target}`)
    if (page === '/' && jsKb > HOME_JS_BUDGET_KB) failures.push(`JS ${jsKb} kB > ${HOME_JS_BUDGET_KB} kB`)
    missed += failures.length
    const performances = runs.map((run) => run.performance)
    rows.push({
      page,
      ...scores,
      'performance runs': performances.join(' '),
      'JS kB (gzip)': jsKb,
      LCP: `${(median(runs.map((run) => run.lcpMs)) / 1000).toFixed(1)} s`,
      misses: failures.join('; ') || '—',
    })
  }
} finally {
  await chrome.kill()
  own?.stop()
}

console.table(rows)
console.log(`median of ${RUNS} Lighthouse runs per page`)
console.log(missed ? `${missed} target(s) missed` : 'all targets met')
process.exit(missed ? 1 : 0)
