#!/usr/bin/env node
// Order load benchmark (not a test): customers without JavaScript placing orders at once, against
// the production build, once with a healthy SMTP server and once with one that hangs (accepts the
// connection and never answers). An order's answer must not wait for e-mail, so both rows should
// look alike. Each run starts `next start` on a free port with a fresh SQLite database.
//   npm run build && npm run bench:load
//   BENCH_ORDERS=400 BENCH_CLIENTS=16 npm run bench:load
// Every order comes from a different X-Forwarded-For address: with no proxy in front, the app keys
// its per-client limits on the rightmost entry, so these are distinct customers. The site takes at
// most 1000 orders a day over all clients; a fresh server starts a fresh day.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

import { createClient } from '@libsql/client'
import { SMTPServer } from 'smtp-server'

const ORDERS = Number(process.env.BENCH_ORDERS || 400)
const CLIENTS = Number(process.env.BENCH_CLIENTS || 16)
const SUCCESS_TEXT = 'Order Submitted!'
// What a customer types; the flavor values are the seeded ones.
const ORDER_FIELDS = {
  quantity: '3',
  flavor1: 'mixed-berry',
  flavor2: 'peach-ginger',
  flavor3: 'pineapple-mango',
  deliveryMethod: 'delivery',
  fullName: 'Load Tester',
  email: 'load@example.com',
  phone: '(313) 555-0100',
  instagram: '',
  address: '1 Main St',
  city: 'detroit',
  zip: '48201',
  notes: '',
  consent: 'on',
  discountCode: '',
}

if (!fs.existsSync('.next/BUILD_ID')) {
  console.error('No production build (.next/BUILD_ID is missing): run `npm run build` first.')
  process.exit(1)
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

/** Listens on a free port of 127.0.0.1; an SMTPServer keeps its net.Server in `.server`. */
const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server ?? server).address().port)))

/** An SMTP server that takes every message; `received` counts them. */
async function healthySmtp() {
  const smtp = { received: 0 }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        smtp.received++
        callback()
      })
      stream.resume()
    },
  })
  smtp.port = await listen(server)
  smtp.close = () => new Promise((resolve) => server.close(resolve))
  return smtp
}

/** Accepts the TCP connection and never says a word, as a stuck mail server does. */
async function hangingSmtp() {
  const sockets = new Set()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  const port = await listen(server)
  return {
    port,
    received: 0,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}

async function startServer(smtpPort) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seamoss-load-'))
  const databaseFile = path.join(dir, 'load.db')
  const port = await freePort()
  const server = spawn('node_modules/.bin/next', ['start', '-p', String(port)], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URI: `file:${databaseFile}`,
      PAYLOAD_SECRET: 'bench-load',
      MEDIA_DIR: path.join(dir, 'media'),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_SECURE: 'false',
      SMTP_USER: '',
      SMTP_PASS: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  server.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)))
  const exited = new Promise((resolve) => server.once('exit', resolve))
  const url = `http://localhost:${port}`
  const stop = async () => {
    server.kill('SIGTERM')
    const timer = setTimeout(() => server.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(timer)
    fs.rmSync(dir, { recursive: true, force: true })
  }
  for (let tries = 0; tries < 240; tries++) {
    if (server.exitCode !== null) break
    try {
      if ((await fetch(url)).ok) return { url, databaseFile, stop }
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await stop()
  throw new Error(`the server did not start\n${stderr}`)
}

const decodeHtml = (text) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal) => String.fromCodePoint(Number(decimal)))
    .replace(/&amp;/g, '&')

const attribute = (tag, name) => {
  const match = tag.match(new RegExp(`\\s${name.replace(/[$]/g, '\\$')}="([^"]*)"`))
  return match ? decodeHtml(match[1]) : undefined
}

/**
 * The hidden inputs of the order form, as a browser without JavaScript posts them: React renders
 * the server action's reference there (`$ACTION_ID_…`, or `$ACTION_REF_…` with its bound state
 * when the form keeps state between posts).
 */
function orderFormHiddenFields(html) {
  const form = html.match(/<form\b[^>]*>(?:(?!<\/form>)[\s\S])*?name="fullName"[\s\S]*?<\/form>/)?.[0]
  if (!form) throw new Error('no order form on /order')
  const fields = []
  for (const tag of form.match(/<input\b[^>]*>/g) ?? []) {
    const name = attribute(tag, 'name')
    if (attribute(tag, 'type') === 'hidden' && name) fields.push([name, attribute(tag, 'value') ?? ''])
  }
  if (!fields.some(([name]) => name.startsWith('$ACTION_'))) throw new Error('the order form carries no server action reference')
  return fields
}

/** The visitor's address for order `index`: 10.x.y.z, a different one for each order. */
const addressOf = (index) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`

/** One customer's order: load the page, then post the form. Returns the post's answer time. */
async function placeOrder(url, index) {
  const headers = { 'X-Forwarded-For': addressOf(index + 1), Accept: 'text/html' }
  const page = await fetch(`${url}/order`, { headers })
  if (!page.ok) return { ok: false, reason: `GET /order ${page.status}` }
  const hidden = orderFormHiddenFields(await page.text())

  const body = new FormData()
  for (const [name, value] of hidden) body.append(name, value)
  for (const [name, value] of Object.entries(ORDER_FIELDS)) body.set(name, value)
  body.set('submissionKey', crypto.randomUUID())

  const started = performance.now()
  const answer = await fetch(`${url}/order`, { method: 'POST', body, headers: { ...headers, Origin: url } })
  const html = await answer.text()
  const ms = performance.now() - started
  if (!answer.ok) return { ok: false, ms, reason: `POST /order ${answer.status}` }
  if (!html.includes(SUCCESS_TEXT)) {
    // The toast's title says what went wrong, e.g. "Too Many Requests" or "Submission Error".
    const title = html.match(/role="(?:alert|status)"[^>]*>[\s\S]*?<(?:p|h\d|strong)[^>]*>([^<]{3,80})</)?.[1]
    return { ok: false, ms, reason: `no '${SUCCESS_TEXT}'${title ? ` (${decodeHtml(title)})` : ''}` }
  }
  return { ok: true, ms }
}

async function storedOrders(databaseFile) {
  const db = createClient({ url: `file:${databaseFile}` })
  try {
    // Read-only: this connection refuses any write while the server still has the file open.
    await db.execute('PRAGMA query_only = ON')
    const { rows } = await db.execute('SELECT count(*) AS n FROM orders')
    return Number(rows[0].n)
  } finally {
    db.close()
  }
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN)

async function run(label, startSmtp) {
  const smtp = await startSmtp()
  const server = await startServer(smtp.port)
  try {
    // Render /order once before the clock starts: the first request compiles nothing but warms caches.
    await fetch(`${server.url}/order`, { headers: { 'X-Forwarded-For': '10.255.255.255' } })
    let next = 0
    const times = []
    const reasons = new Map()
    const started = performance.now()
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let index = next++; index < ORDERS; index = next++) {
          let result
          try {
            result = await placeOrder(server.url, index)
          } catch (error) {
            result = { ok: false, reason: error.cause?.code ?? error.message }
          }
          if (result.ms !== undefined) times.push(result.ms)
          if (!result.ok) reasons.set(result.reason, (reasons.get(result.reason) ?? 0) + 1)
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const stored = await storedOrders(server.databaseFile)
    // E-mails go out in the background after each answer: give a healthy server a moment to get them.
    for (let waited = 0, before = -1; waited < 30_000 && smtp.received !== before; waited += 6000) {
      before = smtp.received
      await new Promise((resolve) => setTimeout(resolve, 6000))
    }
    times.sort((a, b) => a - b)
    const errors = [...reasons.values()].reduce((sum, count) => sum + count, 0)
    for (const [reason, count] of reasons) console.log(`  ${label}: ${count} × ${reason}`)
    return {
      SMTP: label,
      orders: ORDERS,
      clients: CLIENTS,
      'orders/s': Number((ORDERS / seconds).toFixed(1)),
      errors,
      'p50 ms': Math.round(percentile(times, 50)),
      'p99 ms': Math.round(percentile(times, 99)),
      'stored orders': stored,
      'e-mails received': smtp.received,
    }
  } finally {
    await server.stop()
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
