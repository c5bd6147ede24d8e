#!/usr/bin/env node
// Order load benchmark (not a test): customers without JavaScript placing orders at once, against
// the production build, once with a healthy SMTP server and once with one that hangs (accepts the
// connection and never answers). An order's answer must not wait for e-mail, so both rows should
// look alike. Each run starts the production server on a free port with a fresh SQLite database.
//   npm run build && npm run bench:load
//   BENCH_ORDERS=400 BENCH_CLIENTS=16 npm run bench:load
import { placeOrders, storedOrders } from './bench/orders.mjs'
import { startSite } from './bench/server.mjs'
import { hangingSmtp, healthySmtp, smtpEnv } from './bench/smtp.mjs'

const ORDERS = Number(process.env.BENCH_ORDERS || 400)
const CLIENTS = Number(process.env.BENCH_CLIENTS || 16)

async function run(label, startSmtp) {
  const smtp = await startSmtp()
  const site = await startSite({ env: smtpEnv(smtp), name: 'load' })
  try {
    // Render /order once before the clock starts.
    await fetch(`${site.url}/order`, { headers: { 'X-Forwarded-For': '10.255.255.255' } })
    const result = await placeOrders(site.url, { orders: ORDERS, clients: CLIENTS })
    const stored = await storedOrders(site.databaseFile)
    // E-mails go out in the background after each answer: give a healthy server a moment to get them.
    for (let waited = 0, before = -1; waited < 30_000 && smtp.received !== before; waited += 6000) {
      before = smtp.received
      await new Promise((resolve) => setTimeout(resolve, 6000))
    }
    for (const [reason, count] of result.reasons) console.log(`  ${label}: ${count} × ${reason}`)
    return {
      SMTP: label,
      orders: ORDERS,
      clients: CLIENTS,
      'orders/s': result.ordersPerSec,
      errors: result.errors,
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      'stored orders': stored,
      'e-mails received': smtp.received,
    }
  } finally {
    await site.stop()
    await smtp.close()
  }
}

const rows = []
for (const [label, startSmtp] of [
  ['healthy', healthySmtp],
  ['hanging', hangingSmtp],
]) {
  console.log(`${label} SMTP: ${ORDERS} orders from ${CLIENTS} concurrent clients …`)
  rows.push(await run(label, startSmtp))
}
console.table(rows)
console.log('answer time: the order post, from sending it to the last byte of the answer page;')
console.log('e-mails received: by the SMTP server, until none came for 6 s (at most 30 s after the last answer)')
process.exit(rows.some((row) => row.errors > 0 || row['stored orders'] !== row.orders) ? 1 : 0)
