// Customers placing orders at once: each loads /order, then posts the form as a browser without
// JavaScript does, or as the page's script does. Every order comes from a different X-Forwarded-For
// address: the bench's nginx takes the client's address from it (as behind a CDN) and the app keys
// its per-client limits on the rightmost entry, as it does with no proxy in front, so these are
// distinct customers. The site takes at most 1000 orders a day over all clients; a fresh server
// starts a fresh day.
import crypto from 'node:crypto'
import { performance } from 'node:perf_hooks'

import { createClient } from '@libsql/client'

import { HONEYPOT_FIELD } from '../../src/shared/forms/honeypot.mjs'
import { percentile } from './server.mjs'

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
  const body = new FormData()
  for (const [name, value] of fields) body.append(`_1_${name}`, value)
  body.append('0', JSON.stringify([...state, '$K1']))
  return { body, headers: { 'Next-Action': action, Accept: 'text/x-component' } }
}

/** The order form's hidden fields, as `customer`'s browser loads /order. */
export async function loadOrderForm(url, customer) {
  const page = await fetch(`${url}/order`, { headers: { 'X-Forwarded-For': addressOf(customer), Accept: 'text/html' } })
  if (!page.ok) throw new Error(`GET /order ${page.status}`)
  return orderFormHiddenFields(await page.text())
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

  let post
  if (javascript) post = scriptedPost([...fields])
  else {
    post = { body: new FormData(), headers: {} }
    for (const [name, value] of fields) post.body.append(name, value)
  }

  const headers = { 'X-Forwarded-For': addressOf(customer), Accept: 'text/html' }
  const started = performance.now()
  const answer = await fetch(`${url}/order`, { method: 'POST', body: post.body, headers: { ...headers, ...post.headers, Origin: url } })
  const text = await answer.text()
  const ms = performance.now() - started
  if (!answer.ok) return { ok: false, ms, reason: `POST /order ${answer.status}` }
  if (!text.includes(SUCCESS_TEXT)) {
    // The message's title says what went wrong, e.g. "Too Many Requests" or "Submission Error":
    // in the toast of the page, or in the action's result.
    const title = javascript ? text.match(/"title":"([^"]{3,80})"/)?.[1] : text.match(/role="(?:alert|status)"[^>]*>[\s\S]*?<(?:p|h\d|strong)[^>]*>([^<]{3,80})</)?.[1]
    return { ok: false, ms, reason: `no '${SUCCESS_TEXT}'${title ? ` (${decodeHtml(title)})` : ''}`, title: title && decodeHtml(title) }
  }
  return { ok: true, ms }
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
          result = { ok: false, reason: error.cause?.code ?? error.message }
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
