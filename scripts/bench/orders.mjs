// Customers placing orders at once: each loads /order, then posts the form as a browser without
// JavaScript does, or as the page's script does. Every order comes from a different X-Forwarded-For
// address: the bench's nginx takes the client's address from it (as behind a CDN) and the app keys
// its per-client limits on the rightmost entry, as it does with no proxy in front, so these are
// distinct customers. The site takes at most 1000 orders a day over all clients; a fresh server
// starts a fresh day.
import crypto from 'node:crypto'
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import zlib from 'node:zlib'

import { createClient } from '@libsql/client'

import { HONEYPOT_FIELD } from '../../src/shared/forms/honeypot.mjs'
import { percentile } from './server.mjs'
import { BROWSER_ENCODINGS } from './throughput.mjs'

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

/**
 * The post a browser with JavaScript sends instead: React calls the form's action with its state
 * and the form's fields (`encodeReply`): each field under the `_1_` prefix, and the arguments in
 * part `0`, the state first, then `$K1` for the fields. The action and its first state are the ones
 * the page rendered into the form for browsers without JavaScript. The answer is the action's result
 * alone (React's wire format), not the page.
 */
function scriptedPost(fields) {
  const form = new Map(fields)
  const action = JSON.parse(form.get('$ACTION_1:0') ?? 'null')?.id
  const state = JSON.parse(form.get('$ACTION_1:1') ?? 'null')
  if (!action || !Array.isArray(state)) throw new Error('the order form carries no action state for a scripted post')
  const parts = fields.map(([name, value]) => [`_1_${name}`, value])
  parts.push(['0', JSON.stringify([...state, '$K1'])])
  return { parts, headers: { 'Next-Action': action, Accept: 'text/x-component' } }
}

/**
 * The load's own HTTP client: Node's http module on kept-alive connections, each body encoded once
 * into one buffer. The load shares the machine's two cores with nginx and the app: fetch (undici's
 * streams, a FormData sent part by part) took 7–10 ms of CPU per order, this 3–4 ms. It asks for
 * compression as a browser does (nginx's real work) and decompresses the answer.
 */
const agent = new http.Agent({ keepAlive: true })
const DECOMPRESS = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync, zstd: zlib.zstdDecompressSync }

/** Sends one request; answers its status and its body as text. */
function send(url, { method = 'GET', headers = {}, body } = {}) {
  const allHeaders = { ...BROWSER_ENCODINGS, ...headers, ...(body ? { 'Content-Length': body.length } : {}) }
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent, headers: allHeaders }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.once('error', reject)
      response.once('end', () => {
        try {
          const bytes = Buffer.concat(chunks)
          const decompress = DECOMPRESS[response.headers['content-encoding']]
          const { statusCode: status } = response
          resolve({ status, ok: status >= 200 && status < 300, text: (decompress ? decompress(bytes) : bytes).toString('utf8') })
        } catch (error) {
          reject(error)
        }
      })
    })
    request.once('error', reject)
    request.end(body)
  })
}

/** `parts` ([name, value] pairs of text) as multipart/form-data in one buffer, as a browser encodes a form. */
function multipart(parts) {
  const boundary = `----seamossBench${crypto.randomUUID()}`
  // A browser writes a name's `"`, CR and LF as %22, %0D, %0A, and a value's line breaks as CRLF.
  const name = (text) => text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
  const value = (text) => text.replace(/\r?\n|\r/g, '\r\n')
  const encoded = parts.map(([key, text]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name(key)}"\r\n\r\n${value(text)}\r\n`)
  return { body: Buffer.from(`${encoded.join('')}--${boundary}--\r\n`, 'utf8'), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The order form's hidden fields, as `customer`'s browser loads /order. */
export async function loadOrderForm(url, customer) {
  const page = await send(`${url}/order`, { headers: { 'X-Forwarded-For': addressOf(customer), Accept: 'text/html' } })
  if (!page.ok) throw new Error(`GET /order ${page.status}`)
  return orderFormHiddenFields(page.text)
}

/**
 * `customer` posts the order form (its `hiddenFields` as loaded) with `fields` over the customer's
 * usual ones, as a browser without JavaScript does or (`javascript`) as the page's script does.
 * `bot`: the honeypot filled, so the site answers as for an order without touching the database.
 * Returns the post's answer time and, unless the order was taken, the title of the site's answer
 * (e.g. "Sold Out", "Too Many Requests").
 */
export async function postOrder(url, hiddenFields, customer, { javascript = false, bot = false, fields: extraFields = {} } = {}) {
  const fields = new Map(hiddenFields)
  for (const [name, value] of Object.entries({ ...ORDER_FIELDS, ...extraFields })) fields.set(name, value)
  fields.set('submissionKey', crypto.randomUUID())
  if (bot) fields.set(HONEYPOT_FIELD, 'https://spam.example')

  const post = javascript ? scriptedPost([...fields]) : { parts: [...fields], headers: {} }
  const { body, contentType } = multipart(post.parts)

  const headers = { 'X-Forwarded-For': addressOf(customer), Accept: 'text/html', 'Content-Type': contentType, Origin: url }
  const started = performance.now()
  const answer = await send(`${url}/order`, { method: 'POST', body, headers: { ...headers, ...post.headers } })
  const { text } = answer
  const ms = performance.now() - started
  if (!answer.ok) return { ok: false, ms, reason: `POST /order ${answer.status}` }
  if (!text.includes(SUCCESS_TEXT)) {
    // The message's title says what went wrong, e.g. "Too Many Requests" or "Submission Error":
    // in the toast of the page, or in the action's result. A page that sold out meanwhile answers
    // a post without JavaScript with its sold-out notice in place of the form (and no toast).
    const title = javascript
      ? text.match(/"title":"([^"]{3,80})"/)?.[1]
      : (text.match(/role="(?:alert|status)"[^>]*>[\s\S]*?<(?:p|h\d|strong)[^>]*>([^<]{3,80})</) ?? text.match(/data-testid="sold-out"[^>]*>\s*<h\d[^>]*>([^<]{3,80})</))?.[1]
    return { ok: false, ms, reason: `no '${SUCCESS_TEXT}'${title ? ` (${decodeHtml(title)})` : ''}`, title: title && decodeHtml(title) }
  }
  return { ok: true, ms }
}

/**
 * `customer` takes a place in the waiting line, as a browser without JavaScript does: loads /order
 * (sold out, the line on: the "Get in line" form), posts it for `flavor` ('*': any flavor) and
 * `jars`. Answers whether the answer gave a place ("… in line for …").
 */
export async function joinWaitingLine(url, customer, { flavor = '*', jars = 1 } = {}) {
  const page = await send(`${url}/order`, { headers: { 'X-Forwarded-For': addressOf(customer), Accept: 'text/html' } })
  const form = page.text.match(/<form\b[^>]*aria-label="Get in line"[^>]*>[\s\S]*?<\/form>/)?.[0]
  if (!form) throw new Error('no "Get in line" form on /order (the line off, or the batch not sold out?)')
  const fields = new Map()
  for (const tag of form.match(/<input\b[^>]*>/g) ?? []) {
    const name = attribute(tag, 'name')
    if (attribute(tag, 'type') === 'hidden' && name) fields.set(name, attribute(tag, 'value') ?? '')
  }
  for (const [name, value] of Object.entries({ email: `line-${customer}@example.com`, phone: '', flavor, jars: String(jars), submissionKey: crypto.randomUUID() })) fields.set(name, value)
  const { body, contentType } = multipart([...fields])
  const answer = await send(`${url}/order`, { method: 'POST', body, headers: { 'X-Forwarded-For': addressOf(customer), Accept: 'text/html', 'Content-Type': contentType, Origin: url } })
  return answer.ok && / in line for /.test(answer.text)
}

/** One customer's order: load the page, then post the form. */
async function placeOrder(url, customer, javascript, bot) {
  let hiddenFields
  try {
    hiddenFields = await loadOrderForm(url, customer)
  } catch (error) {
    return { ok: false, reason: error.message }
  }
  return postOrder(url, hiddenFields, customer, { javascript, bot })
}

export async function storedOrders(databaseFile) {
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

/**
 * `orders` orders from `clients` customers at once, each order from its own address, numbered from
 * `firstCustomer` (a second run on one server takes new ones). `javascript`: posted as the page's
 * script does; `bot`: posted with the honeypot filled (nothing stored). Answers orders/s over the
 * whole run, the post's p50/p99 answer time (sending the form to the last byte of the answer) and
 * the failures by reason.
 */
export async function placeOrders(url, { orders, clients, javascript = false, bot = false, firstCustomer = 1 }) {
  let next = 0
  const times = []
  const reasons = new Map()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let index = next++; index < orders; index = next++) {
        let result
        try {
          result = await placeOrder(url, firstCustomer + index, javascript, bot)
        } catch (error) {
          result = { ok: false, reason: error.cause?.code ?? error.code ?? error.message }
        }
        if (result.ms !== undefined) times.push(result.ms)
        if (!result.ok) reasons.set(result.reason, (reasons.get(result.reason) ?? 0) + 1)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  return {
    ordersPerSec: Number((orders / seconds).toFixed(1)),
    errors: [...reasons.values()].reduce((sum, count) => sum + count, 0),
    reasons,
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
  }
}
