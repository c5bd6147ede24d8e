import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { checkDiscount, placeOrder } from '@/features/ordering/actions'
import { initialOrderState } from '@/features/ordering/orderFormState'
import { discountNotices } from '@/features/discounts/notices'
import { orderNotices } from '@/features/ordering/notices'
import { formNotices } from '@/shared/notices'
import { submitOrder } from '@/features/ordering/service'
import { deliverDueEmails } from '@/platform/email/outbox'
import type { Order } from '@/payload-types'

import { orderFormData, validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'
import { startSmtp, type TestSmtp } from '../helpers/smtp'

// The server action runs outside Next here: its request headers and Payload client are the test's.
const context = vi.hoisted(() => ({ ip: '203.0.113.1', payload: undefined as Payload | undefined }))
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': context.ip }) }))
vi.mock('@/payloadClient', () => ({ getPayloadClient: async () => context.payload }))

let app: TestPayload
let smtp: TestSmtp
let smtpPort: number
let payload: Payload
let nextIp = 1
let nextCode = 200000

/** Each test posts from its own address, so the per-client limit does not get in the way. */
const newClient = () => {
  context.ip = `198.51.100.${nextIp++}`
}

const orderCount = async () => (await payload.count({ collection: 'orders' })).totalDocs

async function newCode(): Promise<string> {
  const code = `HC25${nextCode++}`
  await payload.create({ collection: 'email-captures', data: { name: 'Sub', email: `${code.toLowerCase()}@example.com`, discount_code: code } })
  return code
}

const mailTo = (address: string) => smtp.messages.find((mail) => JSON.stringify(mail.to).includes(address))

beforeAll(async () => {
  smtp = await startSmtp()
  smtpPort = smtp.port
  app = await startPayload({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false' })
  payload = app.payload
  context.payload = payload
})

afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})

describe('placing an order (the order service)', () => {
  it('stores the order with prices computed by the server, whatever totals the browser sends', async () => {
    const result = await submitOrder(payload, {
      ...validOrderForm,
      quantity: '6',
      flavor4: 'mixed-berry',
      flavor5: 'mixed-berry',
      flavor6: 'peach-ginger',
      deliveryMethod: 'pickup',
      originalPrice: '1',
      deliveryFee: '0',
      discountAmount: '99',
      totalPrice: '1',
    })
    expect(result.status).toBe('success')
    const order = (result as { order: Order }).order
    const stored = await payload.findByID({ collection: 'orders', id: order.id })
    expect(stored).toMatchObject({
      status: 'new',
      fullName: 'Dana Tester',
      email: 'dana@example.com',
      phone: '(313) 555-0100',
      quantity: 6,
      flavors: 'Jar 1: mixed-berry, Jar 2: peach-ginger, Jar 3: pineapple-mango, Jar 4: mixed-berry, Jar 5: mixed-berry, Jar 6: peach-ginger',
      deliveryMethod: 'pickup',
      city: 'detroit',
      address: '1 Main St',
      zip: '48201',
      consent: true,
      originalPrice: 100,
      deliveryFee: 0,
      discountAmount: 0,
      totalPrice: 100,
    })
    expect(stored.discountCode ?? null).toBeNull()
  })

  it('stores the flavor alone for one jar', async () => {
    const result = await submitOrder(payload, { ...validOrderForm, quantity: '1', flavor1: 'peach-ginger', deliveryMethod: 'delivery' })
    expect(result).toMatchObject({ status: 'success', order: { flavors: 'peach-ginger', originalPrice: 20, deliveryFee: 5, totalPrice: 25 } })
  })

  it.each([
    ['fullName', 'Please fill in your full name.'],
    ['email', 'Please fill in your email.'],
    ['phone', 'Please fill in your phone number.'],
    ['address', 'Please fill in your address.'],
    ['city', 'Please fill in your city.'],
    ['zip', 'Please fill in your ZIP code.'],
  ])('refuses an order without %s: "Missing Information: %s"', async (field, description) => {
    const before = await orderCount()
    expect(await submitOrder(payload, { ...validOrderForm, [field]: '' })).toEqual({
      status: 'error',
      message: { title: 'Missing Information', description },
      field,
    })
    expect(await orderCount()).toBe(before)
  })

  it.each([
    ['no delivery method', { deliveryMethod: '' }, orderNotices.deliveryMethodRequired],
    ['no consent', { consent: '' }, orderNotices.consentRequired],
    ['a jar without a flavor', { flavor3: '' }, orderNotices.flavorRequired(3, 3)],
    ['a malformed e-mail', { email: 'dana@example' }, formNotices.invalidEmail],
    ['a malformed phone number', { phone: '12345' }, formNotices.invalidPhone],
    ['a malformed ZIP code', { zip: 'ABCDE' }, formNotices.invalidZip],
    ['an over-long address', { address: 'x'.repeat(500) }, formNotices.tooLong('address', 200)],
    ['a package that does not exist', { quantity: '4' }, orderNotices.packageRequired],
  ])('refuses an order with %s', async (_case, change, message) => {
    const before = await orderCount()
    expect(await submitOrder(payload, { ...validOrderForm, ...change })).toMatchObject({ status: 'error', message })
    expect(await orderCount()).toBe(before)
  })
})

/** Waits until the outbox has sent everything earlier tests queued. */
const outboxSettled = () =>
  vi.waitFor(async () => expect((await payload.count({ collection: 'email-outbox', where: { status: { not_equals: 'sent' } } })).totalDocs).toBe(0), {
    timeout: 15_000,
  })

describe('order e-mails', () => {
  it('sends the seller every field and the customer the summary, with the server total (3 jars, delivery, code: $42)', async () => {
    await outboxSettled()
    smtp.messages.length = 0
    const code = await newCode()
    const result = await submitOrder(payload, { ...validOrderForm, instagram: '@dana', notes: 'Leave at the door', discountCode: code.toLowerCase(), totalPrice: '0' })
    expect(result.status).toBe('success')
    await smtp.waitFor(2)

    const seller = mailTo('orders@example.com')
    expect(seller?.subject).toBe('New order: Dana Tester, 3 jars, delivery, $42')
    expect(seller?.replyTo?.text).toContain('dana@example.com')
    for (const line of [
      'Full name: Dana Tester',
      'E-mail: dana@example.com',
      'Phone: (313) 555-0100',
      'Instagram: @dana',
      'Flavors: Jar 1: Mixed Berry, Jar 2: Peach Ginger, Jar 3: Pineapple Mango',
      'Pickup or delivery: Delivery',
      'Address: 1 Main St',
      'City: Detroit',
      'ZIP code: 48201',
      'Notes: Leave at the door',
      'Package (3 jars): $50',
      'Delivery fee: $5',
      `Discount (code ${code}): -$13`,
      'Total: $42',
    ]) {
      expect(seller?.text).toContain(line)
    }

    const customer = mailTo('dana@example.com')
    expect(customer?.subject).toBe('Your Purple Seamoss Gel order: 3 jars, $42')
    expect(customer?.text).toContain('Total: $42')
    expect(customer?.text).toContain('We will text or e-mail you to confirm your order and delivery.')
    expect(customer?.text).toContain('- Venmo: @your-venmo')
    expect(customer?.text).toContain('- Zelle: orders@example.com')
    expect(customer?.html).toContain('Total')
  })

  it('keeps the order when SMTP is down, keeps its e-mails in the outbox and sends them once SMTP is back', async () => {
    await outboxSettled()
    await smtp.close()
    smtp.messages.length = 0
    const before = await orderCount()
    const result = await submitOrder(payload, { ...validOrderForm, fullName: 'Offline Olive', email: 'olive@example.com' })
    expect(result.status).toBe('success')
    expect(await orderCount()).toBe(before + 1)
    if (result.status !== 'success') return

    const outbox = () => payload.find({ collection: 'email-outbox', where: { about: { equals: `order:${result.order.id}` } }, sort: 'to' })
    // A delivery round fails and leaves both waiting for a retry.
    await deliverDueEmails(payload)
    await vi.waitFor(async () => expect((await outbox()).docs.every((mail) => mail.status === 'pending')).toBe(true))
    expect((await outbox()).docs.some((mail) => mail.lastError?.includes('ECONNREFUSED'))).toBe(true)
    expect((await outbox()).docs.map((mail) => [mail.to, mail.status])).toEqual([
      ['olive@example.com', 'pending'],
      ['orders@example.com', 'pending'],
    ])

    smtp = await startSmtp(smtpPort)
    const later = new Date(Date.now() + 60_000)
    while ((await deliverDueEmails(payload, { now: later })).sent > 0);
    const delivered = await smtp.waitFor(2)
    expect(delivered.map((mail) => mail.subject).sort()).toEqual(['New order: Offline Olive, 3 jars, delivery, $55', 'Your Purple Seamoss Gel order: 3 jars, $55'])
    expect((await outbox()).docs.map((mail) => mail.status)).toEqual(['sent', 'sent'])
    // Nothing is sent twice.
    expect(await deliverDueEmails(payload, { now: new Date(Date.now() + 3_600_000) })).toEqual({ sent: 0, failed: 0 })
    expect(smtp.messages).toHaveLength(2)
  })
})

describe('a deleted order', () => {
  it('leaves its e-mails in the log but not to the next order, which SQLite may give the same id', async () => {
    const first = await submitOrder(payload, { ...validOrderForm, fullName: 'Deleted Dee', email: 'dee@example.com' })
    if (first.status !== 'success') throw new Error('order refused')
    await payload.update({ collection: 'orders', id: first.order.id, data: { status: 'confirmed' } })
    await payload.delete({ collection: 'orders', id: first.order.id })

    const next = await submitOrder(payload, { ...validOrderForm, fullName: 'Next Ned', email: 'ned@example.com' })
    if (next.status !== 'success') throw new Error('order refused')
    // The premise: SQLite reuses the id of the newest row deleted (MongoDB's ids never repeat).
    if (!app.databaseUri.startsWith('mongodb')) expect(next.order.id).toBe(first.order.id)
    await payload.update({ collection: 'orders', id: next.order.id, data: { status: 'confirmed' } })

    const about = await payload.find({ collection: 'email-outbox', where: { about: { equals: `order:${next.order.id}` } }, pagination: false })
    // Its own e-mails only: the seller's and Ned's, his Confirmed among them (not taken for Dee's, already sent).
    expect(about.docs.map((mail) => mail.to).sort()).toEqual(['ned@example.com', 'ned@example.com', 'orders@example.com'])
    expect(about.docs.find((mail) => mail.dedupeKey === `order:${next.order.id}:confirmed`)?.to).toBe('ned@example.com')
    // Dee's are still in the log, filed as the deleted order's.
    const dee = await payload.find({ collection: 'email-outbox', where: { to: { equals: 'dee@example.com' } }, pagination: false })
    expect(dee.docs.map((mail) => mail.subject).sort()).toEqual([`Order ${first.order.reference} is confirmed`, 'Your Purple Seamoss Gel order: 3 jars, $55'])
    expect(dee.docs.every((mail) => mail.about?.startsWith(`order:${first.order.id} (deleted `))).toBe(true)
  })
})

describe('one submission key, one order', () => {
  it('stores one order when the same key is posted twice, one after the other, and answers both alike', async () => {
    const before = await orderCount()
    const code = await newCode()
    const values = { ...validOrderForm, fullName: 'Double Clicker', discountCode: code }
    const first = await submitOrder(payload, values, 'order:serial-key-0123456789')
    const second = await submitOrder(payload, values, 'order:serial-key-0123456789')
    expect(first).toMatchObject({ status: 'success', discountUsed: true })
    expect(second).toEqual(first)
    expect(await orderCount()).toBe(before + 1)
  })

  it('stores one order when the same key is posted five times at once', async () => {
    const before = await orderCount()
    const code = await newCode()
    const values = { ...validOrderForm, fullName: 'Parallel Poster', discountCode: code }
    const results = await Promise.all(Array.from({ length: 5 }, () => submitOrder(payload, values, 'order:parallel-key-0123456789')))
    expect(results.map((result) => result.status)).toEqual(Array(5).fill('success'))
    const ids = new Set(results.map((result) => (result.status === 'success' ? result.order.id : 0)))
    expect(ids.size).toBe(1)
    expect(await orderCount()).toBe(before + 1)
  })

  it('stores two orders for two keys, and for a form posted twice without JavaScript only one', async () => {
    newClient()
    const before = await orderCount()
    await submitOrder(payload, { ...validOrderForm, fullName: 'Two Keys' }, 'order:first-key-0123456789ab')
    await submitOrder(payload, { ...validOrderForm, fullName: 'Two Keys' }, 'order:second-key-0123456789a')
    expect(await orderCount()).toBe(before + 2)

    const unkeyed = orderFormData({ ...validOrderForm, fullName: 'No Script Twice' })
    expect(await placeOrder(initialOrderState, unkeyed)).toMatchObject({ status: 'success' })
    expect(await placeOrder(initialOrderState, unkeyed)).toMatchObject({ status: 'success' })
    expect(await orderCount()).toBe(before + 3)
  })
})

describe('the order page actions', () => {
  it('reads only the form fields from the post: a tampered total is ignored', async () => {
    newClient()
    const formData = orderFormData({ ...validOrderForm, fullName: 'Form Poster', totalPrice: '1', originalPrice: '1' })
    expect(await placeOrder(initialOrderState, formData)).toEqual({
      status: 'success',
      message: orderNotices.submitted,
      discountUsed: false,
      // What the customer keeps: the server's total, not the posted one.
      confirmation: expect.objectContaining({ reference: expect.stringMatching(/^SM-\d+$/), total: 55, jars: '1 × Mixed Berry, 1 × Peach Ginger, 1 × Pineapple Mango' }),
    })
    const { docs } = await payload.find({ collection: 'orders', where: { fullName: { equals: 'Form Poster' } } })
    expect(docs[0]).toMatchObject({ originalPrice: 50, deliveryFee: 5, totalPrice: 55 })
  })

  it('answers a mistake with its message and everything typed, and stores nothing', async () => {
    newClient()
    const before = await orderCount()
    const state = await placeOrder(initialOrderState, orderFormData({ ...validOrderForm, consent: '' }))
    expect(state).toMatchObject({ status: 'error', message: orderNotices.consentRequired, field: 'consent', values: { fullName: '  Dana Tester ', flavor2: 'peach-ginger' } })
    expect(await orderCount()).toBe(before)
  })

  it('tells the visitor the code was used and keeps the form, with the discount no longer applied', async () => {
    newClient()
    const code = await newCode()
    await submitOrder(payload, { ...validOrderForm, discountCode: code })
    const state = await placeOrder(initialOrderState, orderFormData({ ...validOrderForm, discountCode: code, appliedDiscountCode: code }))
    expect(state).toMatchObject({ status: 'error', message: discountNotices.alreadyUsed, field: 'discountCode', values: { discountCode: code } })
    expect(state.appliedDiscountCode).toBeUndefined()
  })

  it('reports success to a bot that fills the honeypot, and stores nothing', async () => {
    newClient()
    const before = await orderCount()
    const state = await placeOrder(initialOrderState, orderFormData({ ...validOrderForm, website: 'https://spam.example' }))
    expect(state.status).toBe('success')
    expect(await orderCount()).toBe(before)
  })

  it('checks a code from the Apply button without JavaScript and renders it applied', async () => {
    newClient()
    const code = await newCode()
    const state = await placeOrder(initialOrderState, orderFormData({ ...validOrderForm, discountCode: ` ${code.toLowerCase()}`, intent: 'apply-discount' }))
    expect(state).toMatchObject({
      status: 'idle',
      appliedDiscountCode: code,
      discountNotice: { ok: true, message: { title: 'Discount Applied!', description: `You saved $13 with code ${code}!` } },
      values: { discountCode: code, fullName: '  Dana Tester ' },
    })
  })

  it('limits how many codes one client can check', async () => {
    newClient()
    const code = await newCode()
    expect(await checkDiscount(code.toLowerCase())).toEqual({ ok: true, code })
    for (let attempt = 0; attempt < 9; attempt++) await checkDiscount('HC25000000')
    expect(await checkDiscount(code)).toEqual({ ok: false, message: formNotices.rateLimited })
  })
})
