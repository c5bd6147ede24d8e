import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { findOrderByStatusToken } from '@/features/ordering/orderStatus'
import { submitOrder, type OrderResult } from '@/features/ordering/service'
import { windowBookings, windowsOpenNow } from '@/features/ordering/shop'

import { jarsLeftIn, openBatch } from '../helpers/batches'
import { validOrderForm } from '../helpers/orders'
import { adminAuthHeader, rest, startPayload, type TestPayload } from '../helpers/payload'

const ADMIN = { email: 'windows@example.com', password: 'correct-horse-battery' }

let app: TestPayload
let nextCustomer = 1

/** Thursday, Dec 3 2026, noon in Detroit. */
const thursdayNoon = new Date('2026-12-03T17:00:00Z')

beforeAll(async () => {
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
})

afterAll(async () => {
  await app?.cleanup()
})

type WindowRow = { method: 'pickup' | 'delivery'; weekday: 'sat' | 'wed'; start: string; end: string; place?: string; capacity?: number }
const saturdayPickup: WindowRow = { method: 'pickup', weekday: 'sat', start: '10:00', end: '14:00', place: 'Eastern Market' }

async function setWindows(windows: WindowRow[], more: { leadTimeHours?: number; blackoutDates?: { date: string }[] } = {}) {
  await app.payload.updateGlobal({ slug: 'fulfilment', data: { windows, leadTimeHours: 24, blackoutDates: [], ...more } })
}

function order(values: Record<string, string>, now = thursdayNoon): Promise<OrderResult> {
  const n = nextCustomer++
  return submitOrder(app.payload, { ...validOrderForm, deliveryMethod: 'pickup', fullName: `Window ${n}`, email: `window-${n}@example.com`, ...values }, undefined, { now: () => now })
}

const orderCount = async () => (await app.payload.count({ collection: 'orders' })).totalDocs
const openLabels = async (now = thursdayNoon) => (await windowsOpenNow(app.payload, now)).open.map((window) => window.label)
const keyOf = async (label: string, now = thursdayNoon) => (await windowsOpenNow(app.payload, now)).open.find((window) => window.label === label)!.key

describe('pickup and delivery windows', () => {
  beforeEach(async () => setWindows([saturdayPickup]))

  it('an order for a method with windows must choose one, and the window is stored with the order', async () => {
    const before = await orderCount()
    const missing = await order({})
    expect(missing).toMatchObject({ status: 'error', field: 'window', message: { title: 'Time Required', description: 'Please choose a pickup time.' } })
    expect(await orderCount()).toBe(before)

    const label = 'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market'
    const result = await order({ window: await keyOf(label) })
    expect(result.status).toBe('success')
    if (result.status !== 'success') return
    expect(result.order).toMatchObject({ windowLabel: label, windowPlace: 'Eastern Market', windowStartsAt: '2026-12-05T15:00:00.000Z', windowEndsAt: '2026-12-05T19:00:00.000Z' })
    const { docs } = await app.payload.find({ collection: 'email-outbox', where: { about: { equals: `order:${result.order.id}` } } })
    for (const email of docs) expect(email.text).toContain(label)
  })

  it('a method without windows is arranged by text, as before', async () => {
    const result = await order({ deliveryMethod: 'delivery', window: '' })
    expect(result.status).toBe('success')
    if (result.status === 'success') expect(result.order.windowLabel ?? null).toBeNull()
  })

  it('two customers cannot take the last place: capacity 1, four orders at once, one stored', async () => {
    await setWindows([{ ...saturdayPickup, capacity: 1 }])
    const label = 'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market'
    const key = await keyOf(label)
    const results = await Promise.all(Array.from({ length: 4 }, () => order({ window: key })))
    expect(results.filter((result) => result.status === 'success')).toHaveLength(1)
    for (const refused of results.filter((result) => result.status === 'error')) {
      expect(refused).toMatchObject({ field: 'window', message: { title: 'Time Full', description: `Sorry, ${label} just filled up. Please choose another time.` } })
    }
    expect(await openLabels()).not.toContain(label)

    // A cancelled order gives its place back.
    const placed = results.find((result) => result.status === 'success')!
    if (placed.status === 'success') await app.payload.update({ collection: 'orders', id: placed.order.id, data: { status: 'cancelled' } })
    expect(await openLabels()).toContain(label)
  })

  it('a cancelled order set back takes its place and jars again, or is refused with nothing changed while its time is full or the batch is short', async () => {
    await setWindows([{ ...saturdayPickup, capacity: 1 }])
    const batch = await openBatch(app.payload, { jarsLeft: 10 }, { madeOn: '2026-12-01T12:00:00.000Z', opensAt: '2026-12-01T14:00:00.000Z' })
    const label = 'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market'
    const key = await keyOf(label)
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    const setStatus = (id: number, status: string) => rest(app.config, 'PATCH', `/orders/${id}`, { headers, body: { status } })
    const stored = (id: number) => app.payload.findByID({ collection: 'orders', id, depth: 0 })
    const jarsLeft = async () => jarsLeftIn(app.payload, batch)
    const setJarsLeft = (jarsLeft: number) => app.payload.update({ collection: 'batches', id: batch.id, data: { jarsLeft }, context: { disableRevalidate: true } })
    const placesTaken = async () => (await windowBookings(app.payload, [key])).get(key) ?? 0
    const placed = async (result: OrderResult) => {
      if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
      return result.order
    }

    const first = await placed(await order({ window: key }))
    expect(first.jarsFromBatch).toBe(3)
    expect((await setStatus(first.id, 'cancelled')).status).toBe(200)
    expect(await jarsLeft()).toBe(10)
    // Meanwhile another customer takes the time's only place.
    const second = await placed(await order({ window: key }))
    expect([await jarsLeft(), await placesTaken()]).toEqual([7, 1])

    const refused = await setStatus(first.id, 'new')
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.json)).toContain(
      `That time is full now: ${label} already has 1 order, its limit. Make room first (raise its limit under Shop → Pickup & delivery, or cancel another order in it), then set this order back.`,
    )
    expect(await stored(first.id)).toMatchObject({ status: 'cancelled', jarsFromBatch: 0 })
    expect([await jarsLeft(), await placesTaken()]).toEqual([7, 1])

    // The place is free again, but the batch is short of the order's 3 jars.
    expect((await setStatus(second.id, 'cancelled')).status).toBe(200)
    await setJarsLeft(2)
    const short = await setStatus(first.id, 'confirmed')
    expect(short.status).toBe(400)
    expect(JSON.stringify(short.json)).toContain('Not enough jars left: its batch has 2 jars and this order needs 3 jars. Add jars under Shop → Batches first, then set this order back.')
    expect(await stored(first.id)).toMatchObject({ status: 'cancelled', jarsFromBatch: 0 })
    expect([await jarsLeft(), await placesTaken()]).toEqual([2, 0])

    await setJarsLeft(10)
    expect((await setStatus(first.id, 'confirmed')).status).toBe(200)
    expect(await stored(first.id)).toMatchObject({ status: 'confirmed', jarsFromBatch: 3 })
    expect([await jarsLeft(), await placesTaken()]).toEqual([7, 1])
    expect(await openLabels()).not.toContain(label)
    await openBatch(app.payload, { jarsLeft: null }, { madeOn: '2026-12-01T12:00:00.000Z', opensAt: '2026-12-01T15:00:00.000Z' })
  })

  it('a window within the lead time, past, or on a day off cannot be booked', async () => {
    const key = await keyOf('Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market')
    // Friday 11:00: Saturday 10:00 is 23 hours away.
    expect(await order({ window: key }, new Date('2026-12-04T16:00:00Z'))).toMatchObject({ status: 'error', field: 'window', message: { title: 'Time Not Available' } })
    expect(await order({ window: key }, new Date('2026-12-06T16:00:00Z'))).toMatchObject({ status: 'error', message: { title: 'Time Not Available' } })
    await setWindows([saturdayPickup], { blackoutDates: [{ date: '2026-12-05T12:00:00.000Z' }] })
    expect(await order({ window: key })).toMatchObject({ status: 'error', message: { title: 'Time Not Available' } })
    expect((await openLabels())[0]).toBe('Sat, Dec 12 · 10:00 AM–2:00 PM · Eastern Market')
  })

  it('keeps the local time across the end of summer time', async () => {
    const now = new Date('2026-10-27T16:00:00Z')
    const result = await order({ window: await keyOf('Sat, Nov 7 · 10:00 AM–2:00 PM · Eastern Market', now) }, now)
    expect(result).toMatchObject({ status: 'success', order: { windowStartsAt: '2026-11-07T15:00:00.000Z' } })
    const earlier = await order({ window: await keyOf('Sat, Oct 31 · 10:00 AM–2:00 PM · Eastern Market', now) }, now)
    expect(earlier).toMatchObject({ status: 'success', order: { windowStartsAt: '2026-10-31T14:00:00.000Z' } })
  })
})

describe('the order status link', () => {
  beforeEach(async () => setWindows([]))

  it("opens only its own order; a wrong or malformed token finds nothing", async () => {
    const [first, second] = await Promise.all([order({}), order({})])
    if (first.status !== 'success' || second.status !== 'success') throw new Error('orders refused')
    expect(first.order.statusToken).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(first.order.statusToken).not.toBe(second.order.statusToken)
    expect((await findOrderByStatusToken(app.payload, first.order.statusToken!))?.id).toBe(first.order.id)
    expect((await findOrderByStatusToken(app.payload, second.order.statusToken!))?.id).toBe(second.order.id)
    const wrong = `${first.order.statusToken!.slice(0, -1)}${first.order.statusToken!.endsWith('A') ? 'B' : 'A'}`
    expect(await findOrderByStatusToken(app.payload, wrong)).toBeNull()
    expect(await findOrderByStatusToken(app.payload, "' OR 1=1 --")).toBeNull()
    expect(await findOrderByStatusToken(app.payload, '')).toBeNull()
  })

  it("is in the customer's e-mail, not in the seller's", async () => {
    const result = await order({})
    if (result.status !== 'success') throw new Error('order refused')
    const { docs } = await app.payload.find({ collection: 'email-outbox', where: { about: { equals: `order:${result.order.id}` } } })
    const customer = docs.find((email) => email.to === result.order.email)!
    const seller = docs.find((email) => email.to !== result.order.email)!
    expect(customer.text).toContain(`/order/status/${result.order.statusToken}`)
    expect(seller.text).not.toContain(result.order.statusToken!)
  })

  it('cannot be set or changed through the API', async () => {
    const result = await order({})
    if (result.status !== 'success') throw new Error('order refused')
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    await rest(app.config, 'PATCH', `/orders/${result.order.id}`, { headers, body: { statusToken: 'chosen-by-an-admin-123456789', windowLabel: 'Any time', notes: 'Seen by the admin' } })
    expect(await app.payload.findByID({ collection: 'orders', id: result.order.id })).toMatchObject({ statusToken: result.order.statusToken, windowLabel: null, notes: 'Seen by the admin' })
  })
})
