#!/usr/bin/env node
// The site's speed in one run (not a test), against the production build on a fresh database,
// through the production topology: Debian's nginx with deploy/nginx's rules in front of the app
// (scripts/bench/proxy.mjs), as visitors reach it.
//   1. Lighthouse, mobile, on every public page: median of BENCH_RUNS runs (default 3), each run's
//      performance shown, and the gzip weight of the JavaScript the page loads;
//   2. each page's req/s and p99 at 50 connections, and those of the largest script /order loads,
//      each asked for as a browser asks (Accept-Encoding: …, br: the bytes come compressed), beside
//      the same nginx serving a static copy of the same compressed bytes from disk (brotli_static),
//      the two loaded in turns (the ratio is what counts on a small, noisy machine);
//   3. orders posted by 16 customers at once, without JavaScript (the answer is the whole page)
//      and as the page's script posts them (the answer is the action's result), each beside the
//      same posts from bots (honeypot filled: no database), Next's own share of an order;
//   4. the app server's peak memory (all its processes) during 2 and 3;
//   5. each page's req/s and p99 with the page cache in Redis (REDIS_URL, as several instances
//      run it) beside the in-memory default, loaded in turns on the app servers themselves: the
//      overhead Redis adds;
//   6. the seller's daily screen, signed in: Lighthouse as in 1 on /seller, /seller/new,
//      /seller/customers, /seller/add and /seller/run (a delivery run of ten stops), beside the
//      admin's dashboard and orders list measured alike (issue #39: the daily screen 0.95 or more
//      and at most 140 kB of script, the public pages' budget: its pages load the same runtime;
//      the admin's figures reported beside them);
//   7. a batch opening, on a fresh site: BATCH_POSTS one-jar orders from BATCH_CLIENTS buyers at
//      once for a batch of BATCH_JARS jars, while visitors load / and /order: exactly that many
//      orders stored, every other buyer told it sold out, the answers' and the pages' p99. Posted
//      as the page's script posts (the targets), then, on a second batch, as browsers without
//      JavaScript post (each answer the whole page: reported beside it, held to the same truth);
//      then a third with a waiting line of 50 on /order (#52): the line offered first, no jar held
//      or sold twice, the same targets.
//   npm run build && npm run bench
//   BENCH_PAGES=/,/order BENCH_SKIP=lighthouse npm run bench     (some pages, some parts: lighthouse,
//                                       pages, orders, redis, seller, batch)
//   BENCH_SERVER_NODE=/path/to/node npm run bench   (the server on another Node.js than the project's
//                                                    own; the load and the static server stay on this one)
// Exits 1 when a target of the table below is missed.
import { execFileSync, spawnSync } from 'node:child_process'

import { jarsLeft, openBatch, putBatchOnSale } from './bench/batch.mjs'
import { adminApi, signIn } from './bench/admin.mjs'
import { lighthousePages } from './bench/lighthouse.mjs'
import { joinWaitingLine, loadOrderForm, placeOrders, postOrder, storedOrders } from './bench/orders.mjs'
import { startProxy } from './bench/proxy.mjs'
import { mainThreadCpuMs, serverNode, startSite, watchMemory } from './bench/server.mjs'
import { healthySmtp, smtpEnv } from './bench/smtp.mjs'
import { startRedisServer } from './bench/redis.mjs'
import { BROWSER_ENCODINGS, CONNECTIONS, largestScript, load, loadInTurns, recordPage, TURNS } from './bench/throughput.mjs'

const CONTENT_PAGES = ['/', '/benefits', '/about', '/faq', '/contact', '/reviews']
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : [...CONTENT_PAGES, '/order']
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean))
const RUNS = Number(process.env.BENCH_RUNS || 3)
const SECONDS = Number(process.env.BENCH_SECONDS || 8)
// Orders per run, two runs on one server after the warm-up's: the site takes at most 1000 orders a day.
const ORDERS = Number(process.env.BENCH_ORDERS || 400)
const WARM_UP_ORDERS = 50
const ORDER_CLIENTS = 16
const BATCH_JARS = 100
const BATCH_POSTS = 300
const BATCH_CLIENTS = 50
/** Places taken in the waiting line before part 7's third batch opens. */
const LINE_PLACES = 50
/** Page views per second of each of / and /order while the batch opens: a crowd's worth of visitors. */
const BATCH_PAGE_RATE = 100
const BATCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' }
/** The seller's account on the measured site (its first admin), for the daily screen and the admin. */
const SELLER = { email: 'bench-seller@example.com', password: 'bench-seller-password' }
const DAILY_SCREEN = ['/seller', '/seller/new', '/seller/customers', '/seller/add', '/seller/run']
/** The delivery run /seller/run shows (issue #55): a day's deliveries across Metro Detroit, one ZIP code each. */
const RUN_ZIPS = ['48207', '48214', '48230', '48202', '48206', '48204', '48212', '48220', '48067', '48124']
const ADMIN_SCREENS = ['/admin', '/admin/collections/orders']

/** The targets of issues #17, #33, #39 and #49, judged on this run's figures. */
const TARGETS = {
  lighthouse: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
  jsKb: (page) => (page === '/order' ? 155 : 140),
  pageRatio: 0.5,
  pageP99Ms: 50,
  // Orders posted without JavaScript at 16 clients (#49): ten times a batch opening's peak, met by
  // the driver as released (no statement cache of ours).
  ordersPerSec: 35,
  orderP99Ms: 600,
  peakMemoryMb: 350,
  batchOrderP99Ms: 1500,
  batchPageP99Ms: 200,
  dailyScreen: { performance: 95, jsKb: 140 },
}

const missed = []
const check = (ok, what) => {
  if (!ok) missed.push(what)
  return ok ? '' : '✗'
}

const smtp = await healthySmtp()
const site = await startSite({ env: { ...smtpEnv(smtp), ADMIN_EMAIL: SELLER.email, ADMIN_PASSWORD: SELLER.password } })
let proxy
try {
  proxy = await startProxy(site)
  // nginx prints its version on stderr.
  const nginxVersion = spawnSync('/usr/sbin/nginx', ['-v'], { encoding: 'utf8' }).stderr.trim().replace('nginx version: ', '')
  console.log(`Server: Node.js ${execFileSync(serverNode(), ['--version'], { encoding: 'utf8' }).trim()} (${serverNode()}), behind ${nginxVersion}; load: Node.js ${process.version}`)
  // The first request renders and caches each page; measure what visitors get afterwards.
  for (const page of PAGES) await fetch(proxy.url + page, { headers: BROWSER_ENCODINGS })

  if (!SKIP.has('lighthouse')) {
    const results = await lighthousePages(proxy.url, PAGES, RUNS)
    const rows = PAGES.map((page) => {
      const result = results.get(page)
      const misses = Object.entries(TARGETS.lighthouse)
        .filter(([key, target]) => result[key] < target)
        .map(([key, target]) => `${key} ${result[key]} < ${target}`)
      if (result.jsKb > TARGETS.jsKb(page)) misses.push(`JS ${result.jsKb} kB > ${TARGETS.jsKb(page)} kB`)
      for (const miss of misses) check(false, `${page}: ${miss}`)
      return {
        page,
        performance: result.performance,
        'each run': result.performanceRuns.join(' '),
        accessibility: result.accessibility,
        'best practices': result['best-practices'],
        seo: result.seo,
        'JS kB gzip': result.jsKb,
        'JS kB with headers': result.jsWireKb,
        'LCP s': (result.lcpMs / 1000).toFixed(1),
        'TBT ms': Math.round(result.tbtMs),
        'main thread ms': Math.round(result.mainThreadMs),
        misses: misses.join('; ') || '—',
      }
    })
    console.log(`\nLighthouse, mobile, median of ${RUNS} runs per page`)
    console.table(rows)
  }

  const memory = watchMemory(site.pid)
  if (!SKIP.has('pages')) {
    // Each page, and the largest script /order loads (a first visit loads a dozen such files, each
    // from this server unless a CDN is in front), asked for as a browser asks: compressed. The
    // static copy is the same bytes, which the same nginx sends from disk (brotli_static).
    const headers = BROWSER_ENCODINGS
    const script = await largestScript(proxy.url, PAGES.includes('/order') ? '/order' : PAGES[0])
    const addresses = [...PAGES, script]
    const recordings = new Map()
    for (const page of addresses) {
      recordings.set(page, await recordPage(proxy.url + page, headers))
      proxy.copy(page, recordings.get(page))
    }
    const rows = []
    for (const page of addresses) {
      await load(proxy.url + page, { seconds: 2, headers }) // warm-up, not counted
      const { site, copy } = await loadInTurns({ site: proxy.url + page, copy: proxy.staticUrl + page }, { seconds: SECONDS, headers })
      const ratio = site.reqPerSec / copy.reqPerSec
      rows.push({
        page: page === script ? `${page.replace(/^.*\//, '…/')} (largest script)` : page,
        coding: recordings.get(page).headers['content-encoding'] ?? 'identity',
        'KB': Math.round(recordings.get(page).body.length / 1024),
        'req/s site': site.reqPerSec,
        'req/s static': copy.reqPerSec,
        ratio: `${ratio.toFixed(2)} ${check(ratio >= TARGETS.pageRatio, `${page}: ratio ${ratio.toFixed(2)} < ${TARGETS.pageRatio}`)}`,
        // The pages' p99 target is for pages (issue 33); a build file is nginx sending 60 kB from
        // disk, whose p99 on this machine is the static copy's (shown beside it), not the app's.
        'p99 ms site': page === script ? site.p99 : `${site.p99} ${check(site.p99 < TARGETS.pageP99Ms, `${page}: p99 ${site.p99} ms ≥ ${TARGETS.pageP99Ms}`)}`,
        'p99 ms static': copy.p99,
        errors: `${site.errors} ${check(site.errors === 0, `${page}: ${site.errors} errors`)}`,
      })
    }
    console.log(`\nPages (and /order's largest script) through nginx, asked for as a browser asks (Accept-Encoding: ${headers['accept-encoding']}), at ${CONNECTIONS} connections, ${SECONDS} s each in turns of ${SECONDS / TURNS} s, beside the same nginx serving a static copy of the same compressed bytes from disk`)
    console.table(rows)
  }

  if (!SKIP.has('orders')) {
    // The page's script posts only the form and gets the action's result; without JavaScript the
    // answer is the whole page rendered again. Both are orders, so both are held to the targets.
    // Each is followed by the same posts from a bot (the honeypot filled: answered alike, nothing
    // stored, no database): what Next's part of an order costs on this machine, for reference.
    const rows = []
    // As each page gets two seconds first: until then the server has placed no order, and its
    // first ones run code nothing has compiled yet (Payload's create, the outbox, the form's
    // answer). Placed from addresses of their own, stored, not counted.
    for (const javascript of [false, true]) {
      const warmUp = await placeOrders(proxy.url, { orders: WARM_UP_ORDERS, clients: ORDER_CLIENTS, javascript, firstCustomer: 200_000 + (javascript ? WARM_UP_ORDERS : 0) })
      check(warmUp.errors === 0, `${warmUp.errors} warm-up order errors: ${[...warmUp.reasons.keys()].join(', ')}`)
    }
    /** ORDERS posts, each from a new customer: their figures, how many orders they stored, the main thread's CPU per post. */
    const placeCounted = async ({ javascript, bot }) => {
      const before = await storedOrders(site.databaseFile)
      const cpuBefore = mainThreadCpuMs(site.pid)
      const result = await placeOrders(proxy.url, { orders: ORDERS, clients: ORDER_CLIENTS, javascript, bot, firstCustomer: (bot ? 100_000 : 1) + before })
      const cpuMs = (mainThreadCpuMs(site.pid) - cpuBefore) / ORDERS
      return { result, stored: (await storedOrders(site.databaseFile)) - before, cpuMs }
    }
    for (const javascript of [false, true]) {
      const how = javascript ? 'with JavaScript' : 'without JavaScript'
      const { result, stored, cpuMs } = await placeCounted({ javascript, bot: false })
      for (const [reason, count] of result.reasons) console.log(`  ${how}: ${count} × ${reason}`)
      rows.push({
        posted: how,
        orders: ORDERS,
        'orders/s': `${result.ordersPerSec} ${check(result.ordersPerSec >= TARGETS.ordersPerSec, `orders ${how} ${result.ordersPerSec}/s < ${TARGETS.ordersPerSec}`)}`,
        'p50 ms': result.p50,
        'p99 ms': `${result.p99} ${check(result.p99 < TARGETS.orderP99Ms, `order ${how} p99 ${result.p99} ms ≥ ${TARGETS.orderP99Ms}`)}`,
        'server CPU ms': cpuMs.toFixed(1),
        errors: `${result.errors} ${check(result.errors === 0, `${result.errors} order errors ${how}`)}`,
        stored: `${stored} ${check(stored === ORDERS, `${stored} of ${ORDERS} orders ${how} stored`)}`,
      })
      const { result: bots, stored: botsStored, cpuMs: botsCpuMs } = await placeCounted({ javascript, bot: true })
      for (const [reason, count] of bots.reasons) console.log(`  bots ${how}: ${count} × ${reason}`)
      rows.push({
        posted: `  bots ${how} (reference)`,
        orders: ORDERS,
        'orders/s': bots.ordersPerSec,
        'p50 ms': bots.p50,
        'p99 ms': bots.p99,
        'server CPU ms': botsCpuMs.toFixed(1),
        errors: `${bots.errors} ${check(bots.errors === 0, `${bots.errors} bot post errors ${how}`)}`,
        stored: `${botsStored} ${check(botsStored === 0, `${botsStored} bot posts ${how} stored`)}`,
      })
    }
    console.log(`\nOrders posted by ${ORDER_CLIENTS} customers at once (page load, then the post), after ${WARM_UP_ORDERS} of each kind not counted; bots: the same posts with the honeypot filled, answered without the database; server CPU ms: its main thread's time per order (page load and post), which bounds the rate`)
    console.table(rows)
  }

  const peak = memory.stop()
  if (!SKIP.has('pages') || !SKIP.has('orders')) {
    console.log(`\nApp server peak memory under load: ${peak} MB ${check(peak < TARGETS.peakMemoryMb, `peak memory ${peak} MB ≥ ${TARGETS.peakMemoryMb}`)}`)
  }

  // After the public load: once the admin's pages have been rendered, their server code (Payload's
  // admin) stays loaded, which the peak above would count as the visitors' (about 60 MB more:
  // 390 MB against 327 in session 22).
  if (!SKIP.has('seller')) await sellerScreens()

  if (!SKIP.has('redis')) await compareRedisCache(site)
} finally {
  await proxy?.stop()
  await site.stop()
}
if (!SKIP.has('batch')) await batchOpening()
await smtp.close()

/**
 * Part 6: the seller's daily screen and the admin's dashboard and orders list, signed in (the
 * session cookie with every request, as the browser would send it), in one Lighthouse run through
 * nginx. The targets hold for the daily screen; the admin is measured beside it for comparison.
 */
async function sellerScreens() {
  const session = await signIn(site.url, SELLER)
  await deliveryRun(session)
  const pages = [...DAILY_SCREEN, ...ADMIN_SCREENS]
  const results = await lighthousePages(proxy.url, pages, RUNS, { extraHeaders: { Cookie: session.page.Cookie } })
  const rows = pages.map((page) => {
    const result = results.get(page)
    const judged = DAILY_SCREEN.includes(page)
    const misses = []
    if (judged && result.performance < TARGETS.dailyScreen.performance) misses.push(`performance ${result.performance} < ${TARGETS.dailyScreen.performance}`)
    if (judged && result.jsKb > TARGETS.dailyScreen.jsKb) misses.push(`JS ${result.jsKb} kB > ${TARGETS.dailyScreen.jsKb} kB`)
    for (const miss of misses) check(false, `${page}: ${miss}`)
    return {
      page,
      performance: result.performance,
      'each run': result.performanceRuns.join(' '),
      accessibility: result.accessibility,
      'JS kB gzip': result.jsKb,
      'TBT ms': Math.round(result.tbtMs),
      'LCP s': (result.lcpMs / 1000).toFixed(1),
      misses: judged ? misses.join('; ') || '—' : '(reported)',
    }
  })
  console.log(`\nThe seller's daily screen beside the admin, signed in: Lighthouse, mobile, median of ${RUNS} runs per page after one uncounted visit (targets: the daily screen ${TARGETS.dailyScreen.performance} or more, at most ${TARGETS.dailyScreen.jsKb} kB of script)`)
  console.table(rows)
}

/**
 * Part 6's delivery run: Delivery day on, the kitchen's ZIP code on the jar labels' address, and
 * one delivery order per RUN_ZIPS code placed through /order and confirmed with its time arranged
 * by text, so today's run on /seller/run has RUN_ZIPS.length stops.
 */
async function deliveryRun(session) {
  await adminApi(session, 'POST', '/api/globals/fulfilment', { deliveryDay: { enabled: true } })
  await adminApi(session, 'POST', '/api/globals/site-settings', { labelStreet: '1234 Woodward Ave', labelPlace: 'Detroit, MI 48201' })
  for (const [index, zip] of RUN_ZIPS.entries()) {
    const customer = 800_000 + index
    const fields = { quantity: '1', fullName: `Run Stop ${index + 1}`, email: `run-${index + 1}@example.com`, address: `${index + 1} Main St`, zip }
    const placed = await postOrder(proxy.url, await loadOrderForm(proxy.url, customer), customer, { fields })
    if (!placed.ok) throw new Error(`the run's order ${index + 1}: ${placed.reason}`)
  }
  const { docs } = await adminApi(session, 'GET', `/api/orders?where[fullName][like]=Run%20Stop&limit=${RUN_ZIPS.length}&depth=0`)
  for (const order of docs) await adminApi(session, 'PATCH', `/api/orders/${order.id}`, { status: 'confirmed' })
}

/**
 * Part 7: a fresh site behind nginx, its batch put on sale, then BATCH_POSTS orders at once as the
 * page's script posts them (the targets); then a second batch alike, posted as browsers without
 * JavaScript post (each answer the whole page rendered again), reported beside it and held to the
 * same truth: exactly BATCH_JARS orders, every other buyer told it sold out.
 */
async function batchOpening() {
  const fresh = await startSite({ env: { ...smtpEnv(smtp), ADMIN_EMAIL: BATCH_ADMIN.email, ADMIN_PASSWORD: BATCH_ADMIN.password }, name: 'bench-batch' })
  const front = await startProxy(fresh)
  try {
    const pages = ['/', '/order']
    const rows = []
    const pageRows = []
    for (const { javascript, how, firstCustomer } of [
      { javascript: true, how: "as the page's script posts", firstCustomer: 500_000 },
      { javascript: false, how: 'without JavaScript (reported)', firstCustomer: 600_000 },
    ]) {
      // Judged on the scripted posts; without JavaScript the figures are reported, the truth judged.
      const judge = (ok, what) => (javascript ? check(ok, what) : '')
      const sale = await putBatchOnSale(front.url, BATCH_ADMIN, BATCH_JARS)
      for (const page of pages) await load(front.url + page, { seconds: 2, connections: 10, headers: BROWSER_ENCODINGS }) // warm-up
      const batch = await openBatch(front.url, fresh.databaseFile, { posts: BATCH_POSTS, clients: BATCH_CLIENTS, pages, pageConnections: 10, pageRate: BATCH_PAGE_RATE, javascript, serverPid: fresh.pid, firstCustomer })
      const left = await jarsLeft(sale)
      for (const [reason, count] of batch.other) console.log(`  ${how}: ${count} × ${reason}`)
      const others = [...batch.other.values()].reduce((sum, count) => sum + count, 0)
      const what = `batch ${how}`
      rows.push({
        posted: how,
        'orders taken': `${batch.taken} ${check(batch.taken === BATCH_JARS, `${what}: ${batch.taken} orders taken for ${BATCH_JARS} jars`)}`,
        stored: `${batch.stored} ${check(batch.stored === BATCH_JARS, `${what}: ${batch.stored} orders stored for ${BATCH_JARS} jars`)}`,
        'jars left': `${left} ${check(left === 0, `${what}: ${left} jars left`)}`,
        'told sold out': `${batch.soldOut} ${check(batch.soldOut === BATCH_POSTS - BATCH_JARS, `${what}: ${batch.soldOut} buyers told it sold out`)}`,
        'other answers': `${others} ${check(others === 0, `${what}: ${others} answers neither taken nor sold out`)}`,
        'orders/s': batch.ordersPerSec,
        'p50 ms': batch.p50,
        'p99 ms': `${batch.p99} ${judge(batch.p99 < TARGETS.batchOrderP99Ms, `${what}: order p99 ${batch.p99} ms ≥ ${TARGETS.batchOrderP99Ms}`)}`,
        'server CPU ms per post': batch.cpuMsPerPost.toFixed(1),
      })
      for (const { page, reqPerSec, p99, max, errors } of batch.pages) {
        pageRows.push({
          'page during the batch': page,
          posted: how,
          'req/s': reqPerSec,
          'p99 ms': `${p99} ${judge(p99 < TARGETS.batchPageP99Ms, `${what}: ${page} p99 ${p99} ms ≥ ${TARGETS.batchPageP99Ms}`)}`,
          'slowest ms': max,
          errors: `${errors} ${judge(errors === 0, `${what}: ${page} ${errors} errors`)}`,
        })
      }
    }
    console.log(`\nA batch opening through nginx: ${BATCH_POSTS} one-jar orders from ${BATCH_CLIENTS} buyers at once (each its own address) for ${BATCH_JARS} jars, while ${pages.join(' and ')} are each loaded ${BATCH_PAGE_RATE} times a second as browsers ask for them; then a second batch alike, posted without JavaScript (each answer the whole page). Server CPU: its main thread's time over the posts, per post`)
    console.table(rows)
    console.table(pageRows)
    await openingWithWaitingLine(fresh, front, pages)
  } finally {
    await front.stop()
    await fresh.stop()
  }
}

/**
 * Part 7's third batch, on the same sold-out site: the seller turns the waiting line on, LINE_PLACES
 * visitors take a place on /order (any flavor; every fifth wants 3 jars, the others 1), then a
 * batch of BATCH_JARS opens to the same crowd as the first (posted as the page's script posts). The
 * line is offered first (#52): every place holds its jars before the public buys, no jar is held
 * twice or sold twice (held + stored = the batch, none left), and the pages and the answers still
 * meet part 7's targets.
 */
async function openingWithWaitingLine(fresh, front, pages) {
  const login = await (await fetch(`${front.url}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(BATCH_ADMIN) })).json()
  const headers = { Authorization: `JWT ${login.token}`, 'Content-Type': 'application/json' }
  const turnedOn = await fetch(`${front.url}/api/globals/stock`, { method: 'POST', headers, body: JSON.stringify({ waitingLine: { enabled: true, holdHours: 2, placeDays: 30 } }) })
  if (!turnedOn.ok) throw new Error(`turning the waiting line on failed: ${turnedOn.status} ${await turnedOn.text()}`)
  const wanted = (place) => (place % 5 === 4 ? 3 : 1)
  // The sold-out page is cached a few seconds by nginx: until it shows the line's form.
  for (const deadline = Date.now() + 15_000; ; ) {
    try {
      if (await joinWaitingLine(front.url, 700_000, { jars: wanted(0) })) break
    } catch (error) {
      if (Date.now() > deadline) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  let joined = 1
  for (let place = 1; place < LINE_PLACES; place++) if (await joinWaitingLine(front.url, 700_000 + place, { jars: wanted(place) })) joined += 1
  const heldWanted = Array.from({ length: LINE_PLACES }, (_, place) => wanted(place)).reduce((sum, jars) => sum + jars, 0)

  const sale = await putBatchOnSale(front.url, BATCH_ADMIN, BATCH_JARS)
  const batch = await openBatch(front.url, fresh.databaseFile, { posts: BATCH_POSTS, clients: BATCH_CLIENTS, pages, pageConnections: 10, pageRate: BATCH_PAGE_RATE, javascript: true, serverPid: fresh.pid, firstCustomer: 800_000 })
  const left = await jarsLeft(sale)
  const places = await (await fetch(`${front.url}/api/waiting-line?limit=${LINE_PLACES * 2}&depth=0`, { headers })).json()
  const offered = places.docs.filter((place) => place.status === 'offered')
  const held = offered.reduce((sum, place) => sum + (place.heldCount ?? 0), 0)
  const heldElsewhere = places.docs.filter((place) => place.status !== 'offered' && (place.heldCount ?? 0) > 0).length
  const what = `batch with a waiting line of ${LINE_PLACES}`
  for (const [reason, count] of batch.other) console.log(`  ${what}: ${count} × ${reason}`)
  const others = [...batch.other.values()].reduce((sum, count) => sum + count, 0)
  console.log(`\nA batch opening with a waiting line: ${joined} places taken on /order (${heldWanted} jars wanted), then ${BATCH_JARS} jars opened to the crowd of part 7 (${BATCH_POSTS} one-jar orders as the page's script posts)`)
  console.table([
    {
      'places taken': `${joined} ${check(joined === LINE_PLACES, `${what}: ${joined} places taken of ${LINE_PLACES}`)}`,
      'places offered': `${offered.length} ${check(offered.length === LINE_PLACES, `${what}: ${offered.length} places offered of ${LINE_PLACES}`)}`,
      'jars held': `${held} ${check(held === heldWanted, `${what}: ${held} jars held for ${heldWanted} wanted`)}`,
      'held elsewhere': `${heldElsewhere} ${check(heldElsewhere === 0, `${what}: ${heldElsewhere} places not offered hold jars`)}`,
      'orders taken': `${batch.taken} ${check(batch.taken === BATCH_JARS - held, `${what}: ${batch.taken} orders taken for ${BATCH_JARS - held} jars left after the line`)}`,
      stored: `${batch.stored} ${check(batch.stored === batch.taken, `${what}: ${batch.stored} orders stored, ${batch.taken} answered taken`)}`,
      'jars left': `${left} ${check(left === 0, `${what}: ${left} jars left`)}`,
      'told sold out': `${batch.soldOut} ${check(batch.soldOut === BATCH_POSTS - batch.taken, `${what}: ${batch.soldOut} buyers told it sold out`)}`,
      'other answers': `${others} ${check(others === 0, `${what}: ${others} answers neither taken nor sold out`)}`,
      'orders/s': batch.ordersPerSec,
      'p99 ms': `${batch.p99} ${check(batch.p99 < TARGETS.batchOrderP99Ms, `${what}: order p99 ${batch.p99} ms ≥ ${TARGETS.batchOrderP99Ms}`)}`,
    },
  ])
  console.table(
    batch.pages.map(({ page, reqPerSec, p99, max, errors }) => ({
      'page during the batch': page,
      'req/s': reqPerSec,
      'p99 ms': `${p99} ${check(p99 < TARGETS.batchPageP99Ms, `${what}: ${page} p99 ${p99} ms ≥ ${TARGETS.batchPageP99Ms}`)}`,
      'slowest ms': max,
      errors: `${errors} ${check(errors === 0, `${what}: ${page} ${errors} errors`)}`,
    })),
  )
}

/** Part 5: a second server with its cache in Redis, each page loaded on both in turn. */
async function compareRedisCache(inMemory) {
  const redis = await startRedisServer()
  if (!redis) {
    console.log('\nNo redis-server on this machine: the Redis cache is not measured (apt-get install redis-server).')
    return
  }
  const shared = await startSite({ env: { ...smtpEnv(smtp), REDIS_URL: redis.url }, name: 'bench-redis' })
  try {
    const rows = []
    for (const page of PAGES) {
      for (const server of [inMemory, shared]) await load(server.url + page, { seconds: 2 }) // warm-up
      const { memory, redisCache } = await loadInTurns({ memory: inMemory.url + page, redisCache: shared.url + page }, { seconds: SECONDS })
      rows.push({
        page,
        'req/s in memory': memory.reqPerSec,
        'req/s Redis': redisCache.reqPerSec,
        'Redis / memory': (redisCache.reqPerSec / memory.reqPerSec).toFixed(2),
        'p99 ms in memory': memory.p99,
        'p99 ms Redis': redisCache.p99,
        errors: `${redisCache.errors} ${check(redisCache.errors === 0, `${page} with Redis: ${redisCache.errors} errors`)}`,
      })
    }
    console.log(`\nThe page cache in Redis (several instances) beside in memory (one instance), ${CONNECTIONS} connections, ${SECONDS} s each in turns of ${SECONDS / TURNS} s`)
    console.table(rows)
  } finally {
    await shared.stop()
    await redis.stop()
  }
}

console.log(missed.length ? `\n${missed.length} target(s) missed:\n  ${missed.join('\n  ')}` : '\nall targets met')
process.exit(missed.length ? 1 : 0)
