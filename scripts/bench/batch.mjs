// A batch opening: the seller puts a batch of jars on sale and a crowd that was waiting on the order
// page posts at once, more orders than there are jars, while other visitors keep loading pages.
// What counts: exactly as many orders stored as there are jars, every buyer told the truth (their
// order taken, or sold out), and the answers and the pages still fast.
import { performance } from 'node:perf_hooks'

import { loadOrderForm, postOrder, storedOrders } from './orders.mjs'
import { mainThreadCpuMs, percentile } from './server.mjs'
import { BROWSER_ENCODINGS, loadInOwnProcess } from './throughput.mjs'

/**
 * What a buyer who came too late reads: the action's message (src/features/ordering/notices.ts,
 * soldOut) when the page's script posts; without JavaScript the answer is the order page, sold
 * out, whose notice stands in place of the form.
 */
const SOLD_OUT_TITLES = new Set(['Sold Out', 'Sold out'])

/**
 * The seller's REST API as the admin, through `url`: a batch of `jars` jars (one total, not split
 * per flavor) made today and open for orders now, without the e-mail to the list. Answers, once
 * the order page through `url` offers it, what `jarsLeft` needs to read it back.
 */
export async function putBatchOnSale(url, admin, jars) {
  const login = await fetch(`${url}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(admin) })
  const { token } = await login.json()
  if (!login.ok || !token) throw new Error(`admin login failed: ${login.status}`)
  const headers = { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' }
  const answer = await fetch(`${url}/api/batches`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ madeOn: new Date().toISOString(), opensAt: new Date().toISOString(), jarsLeft: jars, announce: false }),
  })
  if (!answer.ok) throw new Error(`putting the batch on sale failed: ${answer.status} ${await answer.text()}`)
  const { doc } = await answer.json()
  // Until the order page through `url` offers the batch: the proxy keeps each page a few seconds,
  // so after an earlier batch sold out it may still show that for up to 10 s.
  for (const deadline = Date.now() + 15_000; ; ) {
    try {
      await loadOrderForm(url, 0)
      break
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  return { url: `${url}/api/batches/${doc.id}?depth=0`, headers }
}

/** The batch's jars left now, as `putBatchOnSale` answered where to read it. */
export async function jarsLeft(batch) {
  return (await (await fetch(batch.url, { headers: batch.headers })).json()).jarsLeft
}

/**
 * `posts` one-jar orders from `clients` buyers at once, each post from its own address, the form
 * loaded by each buyer before the opening (they were waiting on the page), as the page's script
 * posts it, or (`javascript: false`) as a browser without JavaScript does, whose answer is the
 * whole page. Meanwhile `pages` are loaded by `pageConnections` visitors each, `pageRate` requests
 * per second in all, as browsers ask for them (compressed; visitors browsing: a flood would
 * measure the load's own process). Answers the posts' figures (taken, told sold out, anything
 * else), the server's main-thread CPU per post (`serverPid`), the pages' p99 during the posts,
 * and the orders stored.
 */
export async function openBatch(url, databaseFile, { posts, clients, pages, pageConnections, pageRate, javascript = true, serverPid, firstCustomer = 500_000 }) {
  const before = await storedOrders(databaseFile)
  const forms = await Promise.all(Array.from({ length: clients }, (_, client) => loadOrderForm(url, firstCustomer + client)))

  const pageLoads = pages.map((page) => loadInOwnProcess(url + page, { connections: pageConnections, rate: pageRate, seconds: 600, headers: BROWSER_ENCODINGS }))
  // The page load's connections open first, as visitors who were there already.
  await new Promise((resolve) => setTimeout(resolve, 500))

  let next = 0
  const times = []
  const answers = { taken: 0, soldOut: 0, other: new Map() }
  const started = performance.now()
  const cpuBefore = mainThreadCpuMs(serverPid)
  await Promise.all(
    forms.map(async (form) => {
      for (let index = next++; index < posts; index = next++) {
        let result
        try {
          result = await postOrder(url, form, firstCustomer + clients + index, { javascript, fields: { quantity: '1', flavor2: '', flavor3: '' } })
        } catch (error) {
          result = { ok: false, reason: error.cause?.code ?? error.message }
        }
        if (result.ms !== undefined) times.push(result.ms)
        if (result.ok) answers.taken += 1
        else if (SOLD_OUT_TITLES.has(result.title)) answers.soldOut += 1
        else answers.other.set(result.reason, (answers.other.get(result.reason) ?? 0) + 1)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cpuMsPerPost = (mainThreadCpuMs(serverPid) - cpuBefore) / posts
  const pageResults = await Promise.all(pageLoads.map((pageLoad) => pageLoad.stop()))
  times.sort((a, b) => a - b)
  return {
    ...answers,
    ordersPerSec: Number((posts / seconds).toFixed(1)),
    cpuMsPerPost,
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
    stored: (await storedOrders(databaseFile)) - before,
    pages: pages.map((page, index) => ({ page, ...pageResults[index] })),
  }
}
