#!/usr/bin/env node
// Where the server's time goes (not a test): a CPU profile of the production build under load, and
// its summary by package and by function. The question `npm run bench` cannot answer by itself.
//   npm run build && npm run bench:profile -- /order     (a page at 50 connections)
//   npm run bench:profile -- orders                      (orders posted by 16 customers at once)
//   npm run bench:profile -- orders-js                   (the same, posted as the page's script does)
//   npm run bench:profile -- orders-bots, orders-js-bots (the same posts with the honeypot filled:
//                                                         Next's and React's share, no database)
// Only the measured load is summarized; the raw profile, the server's whole life, stays in the
// folder printed at the end (open it in Chrome's DevTools) with the load's span in window.json.
// Frames in the build's bundles are named by their original source (the build's source maps), so
// Payload, drizzle, React and the site's own modules show as themselves.
import fs from 'node:fs'
import { SourceMap } from 'node:module'
import os from 'node:os'
import path from 'node:path'

import { placeOrders } from './bench/orders.mjs'
import { startProxy } from './bench/proxy.mjs'
import { startSite } from './bench/server.mjs'
import { healthySmtp, smtpEnv } from './bench/smtp.mjs'
import { load } from './bench/throughput.mjs'

const what = process.argv[2] ?? '/'
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-profile-'))
const sourceMaps = new Map() // by bundle file, for originOf

const smtp = await healthySmtp()
const site = await startSite({ env: smtpEnv(smtp), nodeOptions: ['--cpu-prof', `--cpu-prof-dir=${folder}`] })
// The profile covers the server's whole life; only the measured load is summarized. V8 stamps its
// samples with the monotonic clock, the one process.hrtime reads, in microseconds.
const now = () => Number(process.hrtime.bigint() / 1000n)
// Orders through the proxy, as `npm run bench` posts them (nginx compresses the answers); a page
// straight from the app, as the proxy asks for it when its copy expires.
const proxy = await startProxy(site)
let measured
try {
  if (what.startsWith('orders')) {
    const javascript = what.startsWith('orders-js')
    const bot = what.endsWith('-bots')
    await placeOrders(proxy.url, { orders: 20, clients: 4, javascript }) // warm-up
    const from = now()
    const result = await placeOrders(proxy.url, { orders: 200, clients: 16, javascript, bot, firstCustomer: 21 })
    measured = { from, to: now() }
    console.log(`${result.ordersPerSec} orders/s, p99 ${result.p99} ms, ${result.errors} errors`)
  } else {
    await load(site.url + what, { seconds: 2 }) // warm-up
    const from = now()
    const result = await load(site.url + what, { seconds: 8 })
    measured = { from, to: now() }
    console.log(`${what}: ${result.reqPerSec} req/s, p99 ${result.p99} ms, ${result.errors} errors`)
  }
} finally {
  await proxy.stop()
  await site.stop() // the profile is written when the server exits
  await smtp.close()
}

// Node writes one profile per thread; the main thread's is the largest.
const [file] = fs
  .readdirSync(folder)
  .filter((name) => name.endsWith('.cpuprofile'))
  .sort((a, b) => fs.statSync(path.join(folder, b)).size - fs.statSync(path.join(folder, a)).size)
if (!file) throw new Error(`no profile in ${folder}`)
// V8's clock, in microseconds: what a further look at the raw profile needs to leave start-up out.
fs.writeFileSync(path.join(folder, 'window.json'), JSON.stringify(measured))
summarize(JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')), measured)
console.log(`\nprofile: ${path.join(folder, file)}`)

/** Where a frame's code was written: through the bundle's source map for the build's own files. */
function originOf({ url, lineNumber, columnNumber }) {
  const file = url.replace(/^file:\/\//, '')
  if (!sourceMaps.has(url)) {
    const mapFile = `${file}.map`
    const mapped = file.includes('/.next/') || file.includes('/next/dist/compiled/') // Next's own runtime ships minified, with maps
    sourceMaps.set(url, mapped && fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null)
  }
  const entry = sourceMaps.get(url)?.findEntry(lineNumber, columnNumber)
  if (!entry?.originalSource) return { file: url, line: lineNumber }
  // Sources are written relative to the chunk (../../../node_modules/…, ../../../src/…), as
  // turbopack:///[…], or (Next's runtime) as webpack://next/./…, named here node_modules/next/….
  const original = decodeURIComponent(entry.originalSource)
    .replace(/^(\.\.\/)+/, '')
    .replace(/^turbopack:\/\/\//, '')
    .replace(/^webpack:\/\/next\/\.\//, 'node_modules/next/')
  return { file: original, line: entry.originalLine + 1 }
}

/** Self time by package and by function, and time including callees by function. */
function summarize(profile, { from, to }) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
  const selfTime = new Map()
  let stamp = profile.startTime
  profile.samples.forEach((id, i) => {
    stamp += profile.timeDeltas[i]
    // A sample's time is the gap to the next one.
    if (stamp >= from && stamp <= to) selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0))
  })
  if (selfTime.size === 0) throw new Error('no sample of the profile falls within the load')
  const total = [...selfTime.values()].reduce((sum, time) => sum + time, 0)

  const where = ({ callFrame }) => {
    const { file, line } = originOf(callFrame)
    return `${callFrame.functionName || '(anonymous)'} ${file.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\.next\//, '.next/')}:${line}`
  }
  const packageOf = ({ callFrame }) => {
    const { file } = originOf(callFrame)
    return (
      // React's renderers come bundled inside Next's runtime: named as React.
      file.match(/next\/dist\/compiled\/(react[^/]*)\//)?.[1] ??
      file.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ??
      (file.startsWith('src/') ? file : file.includes('.next/server') ? '.next/server (no source map)' : file.startsWith('node:') ? 'node:' : file || `(${callFrame.functionName})`)
    )
  }

  const byPackage = new Map()
  const bySelf = new Map()
  const byTotal = new Map()
  const add = (map, key, time) => map.set(key, (map.get(key) ?? 0) + time)
  for (const [id, time] of selfTime) {
    const node = nodes.get(id)
    add(byPackage, packageOf(node), time)
    add(bySelf, where(node), time)
    const counted = new Set() // a recursive function counts once per sample
    for (let current = id; current !== undefined; current = parents.get(current)) {
      const name = where(nodes.get(current))
      if (!counted.has(name)) add(byTotal, name, time)
      counted.add(name)
    }
  }
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${(time / 1000).toFixed(0).padStart(6)} ms  ${name}`)
      .join('\n')
  console.log(`\nCPU ${(total / 1000).toFixed(0)} ms during the load (${((to - from) / 1000).toFixed(0)} ms), start-up and shutdown left out`)
  console.log(`\nby package (self time)\n${top(byPackage, 20)}`)
  console.log(`\nby function (self time)\n${top(bySelf, 25)}`)
  console.log(`\nby function (with what it calls)\n${top(byTotal, 40)}`)
}
