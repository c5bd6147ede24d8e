import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { applyOrderChange, orderChangeChoices } from '@/features/ordering/changes/service'
import { submitOrder } from '@/features/ordering/service'
import { windowsOpenNow } from '@/features/ordering/shop'
import { refillRound, reserveFromAnnouncedBatch } from '@/features/refills/cycle'
import { refillNotices } from '@/features/ordering/notices'
import { changeRefillFlavors, changeRefillPlan, nextRefill } from '@/features/refills/planChanges'
import { offersRefillPlan, planOfOrder, startRefillPlan, startRefillPlanFromOrderPage } from '@/features/ordering/refillSignUp'
import type { Order, RefillPlan } from '@/payload-types'

import { jarsLeftIn, openBatch, removeBatches } from '../helpers/batches'
import { validOrderForm } from '../helpers/orders'
import { adminAuthHeader, rest, restartPayload, startPayload, type TestPayload } from '../helpers/payload'

/**
 * Refill plans on a clock of their own: a plan made from an order, its next order made a few days
 * before its day (once, across rounds, a restart and two rounds at once), with that day's prices;
 * a refill that cannot be made waits on its day and tells the seller and the customer once; a
 * paused or stopped plan makes nothing; the plan's private link skips, pauses and stops that plan
 * only, and a forged or stopped plan's link changes nothing.
 */

const quiet = { disableRevalidate: true }
const ADMIN = { email: 'refills-admin@example.com', password: 'correct-horse-battery' }
const SELLER_EMAIL = 'refills-seller@example.com'

let app: TestPayload
let payload: Payload
let nextCustomer = 1

/** Thursday, Dec 3 2026, noon in Detroit: the first order is for Saturday, Dec 5. */
const thursdayNoon = new Date('2026-12-03T17:00:00Z')
/** Noon in Detroit on a day of December 2026. */
const decemberNoon = (day: number) => new Date(`2026-12-${String(day).padStart(2, '0')}T17:00:00Z`)
const FIRST_LABEL = 'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market'

beforeAll(async () => {
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  payload = app.payload
  await payload.updateGlobal({ slug: 'site-settings', data: { email: SELLER_EMAIL }, context: quiet })
})

afterAll(async () => {
  await app?.cleanup()
})

beforeEach(async () => {
  // Each test meets only its own plan, the seed's prices and no batch.
  await payload.db.updateMany({ collection: 'refill-plans', where: {}, data: { status: 'stopped' } })
  await payload.updateGlobal({ slug: 'pricing', data: { threeJarPrice: 50 }, context: quiet })
  await removeBatches(payload)
  await setSaturdayPickup()
})

async function setSaturdayPickup(capacity?: number) {
  await payload.updateGlobal({
    slug: 'fulfilment',
    data: { windows: [{ method: 'pickup', weekday: 'sat', start: '10:00', end: '14:00', place: 'Eastern Market', capacity }], leadTimeHours: 24, blackoutDates: [], refillDaysAhead: 3 },
    context: quiet,
  })
}

/** Keeps the seller's weekly time (and its id, which plans book) and changes its capacity. */
async function setCapacity(capacity: number) {
  const fulfilment = await payload.findGlobal({ slug: 'fulfilment' })
  await payload.updateGlobal({ slug: 'fulfilment', data: { windows: fulfilment.windows!.map((window) => ({ ...window, capacity })) }, context: quiet })
}

/** A 3-jar pickup (Mixed Berry ×2, Peach Ginger) placed at `now` for the first Saturday time open then, or at a time arranged by text. */
async function placeOrder(options: { now?: Date; label?: string; noWindow?: boolean } = {}): Promise<Order> {
  const now = options.now ?? thursdayNoon
  const open = (await windowsOpenNow(payload, now)).open
  const window = options.noWindow ? '' : (options.label ? open.find((choice) => choice.label === options.label) : open[0])!.key
  const n = nextCustomer++
  const result = await submitOrder(
    payload,
    { ...validOrderForm, deliveryMethod: 'pickup', flavor1: 'mixed-berry', flavor2: 'mixed-berry', flavor3: 'peach-ginger', fullName: `Refill Customer ${n}`, email: `refill-${n}@example.com`, window },
    undefined,
    { now: () => now },
  )
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return result.order
}

async function planEveryTwoWeeks(): Promise<RefillPlan> {
  const started = await startRefillPlan(payload, await placeOrder({ label: FIRST_LABEL }), 2)
  if (!started.ok) throw new Error(`plan refused: ${JSON.stringify(started)}`)
  return started.plan
}

const refillOrders = async (plan: RefillPlan) =>
  (await payload.find({ collection: 'orders', where: { refillPlan: { equals: plan.id } }, pagination: false, depth: 0, overrideAccess: true })).docs
const storedPlan = (plan: RefillPlan) => payload.findByID({ collection: 'refill-plans', id: plan.id, depth: 0 })
const outbox = async (about: string) => (await payload.find({ collection: 'email-outbox', where: { about: { equals: about } }, sort: 'id', pagination: false, depth: 0 })).docs

describe('signing up on the order form', () => {
  const orderForm = async (fields: Record<string, string>, now = thursdayNoon) => {
    const open = (await windowsOpenNow(payload, now)).open
    const n = nextCustomer++
    return submitOrder(
      payload,
      { ...validOrderForm, deliveryMethod: 'pickup', flavor1: 'mixed-berry', flavor2: 'mixed-berry', flavor3: 'peach-ginger', fullName: `Sign-up ${n}`, email: `signup-${n}@example.com`, window: open.find((choice) => choice.label === FIRST_LABEL)!.key, ...fields },
      `order:refill-signup-${n}-0123456789`,
      { now: () => now },
    )
  }

  it('stores the order and its plan together; the confirmation and the customer’s e-mail name the plan and its private page', async () => {
    const result = await orderForm({ refillEvery: '2' })
    if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
    const { docs: plans } = await payload.find({ collection: 'refill-plans', where: { sourceOrder: { equals: result.order.id } }, depth: 0 })
    expect(plans).toHaveLength(1)
    expect(plans[0]).toMatchObject({ status: 'active', everyWeeks: 2, nextDay: '2026-12-19', email: result.order.email })
    expect(result.plan).toEqual({ everyWeeks: 2, nextDay: '2026-12-19', path: `/refills/${plans[0].token}` })
    const mail = (await outbox(`order:${result.order.id}`)).find((entry) => entry.to === result.order.email)
    expect(mail?.text).toContain('Every 2 weeks, the next on Sat Dec 19: the same jars at the same time.')
    expect(mail?.text).toContain(`/refills/${plans[0].token}`)
  })

  it('refuses an interval it does not offer, storing neither order nor plan; for a method without weekly times (where the form hides the choice) it makes no plan', async () => {
    const before = { orders: (await payload.count({ collection: 'orders' })).totalDocs, plans: (await payload.count({ collection: 'refill-plans' })).totalDocs }
    expect(await orderForm({ refillEvery: '5' })).toEqual({ status: 'error', message: refillNotices.interval, field: 'refillEvery' })
    expect({ orders: (await payload.count({ collection: 'orders' })).totalDocs, plans: (await payload.count({ collection: 'refill-plans' })).totalDocs }).toEqual(before)
    const delivered = await orderForm({ refillEvery: '2', deliveryMethod: 'delivery', window: '' })
    expect(delivered).toMatchObject({ status: 'success', plan: undefined })
    expect((await payload.count({ collection: 'refill-plans' })).totalDocs).toBe(before.plans)
  })

  it('makes no plan when none is asked for', async () => {
    const result = await orderForm({ refillEvery: '' })
    if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
    expect(result.plan).toBeUndefined()
    expect((await payload.find({ collection: 'refill-plans', where: { sourceOrder: { equals: result.order.id } } })).totalDocs).toBe(0)
  })
})

describe('signing up on the order’s page', () => {
  it('makes the plan of that order, e-mails its private link once, and refuses a second plan, a cancelled order, a refill, a bad interval and a forged link', async () => {
    const order = await placeOrder({ label: FIRST_LABEL })
    expect(offersRefillPlan(order)).toBe(true)
    expect(await startRefillPlanFromOrderPage(payload, 'A'.repeat(24), 2)).toEqual({ ok: false, message: null })
    expect(await startRefillPlanFromOrderPage(payload, order.statusToken!, 5)).toEqual({ ok: false, message: refillNotices.interval })

    const started = await startRefillPlanFromOrderPage(payload, order.statusToken!, 3)
    if (!started.ok) throw new Error(`plan refused: ${JSON.stringify(started)}`)
    expect(started.plan).toMatchObject({ everyWeeks: 3, nextDay: '2026-12-26', flavors: order.flavors, email: order.email })
    expect(await planOfOrder(payload, order)).toMatchObject({ id: started.plan.id })
    const mails = await outbox(`refill-plan:${started.plan.id}`)
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[order.email, 'Your refill plan: every 3 weeks']])
    expect(mails[0].text).toContain(`Every 3 weeks, the next on Sat Dec 26: the same jars at the same time.`)
    expect(mails[0].text).toContain(`http://localhost:3000/refills/${started.plan.token}`)

    expect(await startRefillPlanFromOrderPage(payload, order.statusToken!, 2)).toEqual({ ok: false, message: refillNotices.alreadyAPlan })
    expect(await outbox(`refill-plan:${started.plan.id}`)).toHaveLength(1)

    const cancelled = await placeOrder({ label: FIRST_LABEL })
    await payload.update({ collection: 'orders', id: cancelled.id, data: { status: 'cancelled' }, depth: 0 })
    expect(await startRefillPlanFromOrderPage(payload, cancelled.statusToken!, 2)).toEqual({ ok: false, message: refillNotices.cancelled })

    await refillRound(payload, decemberNoon(23))
    const [refill] = await refillOrders(started.plan)
    expect(offersRefillPlan(refill)).toBe(false)
    expect(await startRefillPlanFromOrderPage(payload, refill.statusToken!, 2)).toEqual({ ok: false, message: refillNotices.alreadyAPlan })
  })
})

describe('a refill plan made from an order', () => {
  it('books the same weekly time every 2 weeks, from the order’s day', async () => {
    const order = await placeOrder({ label: FIRST_LABEL })
    const started = await startRefillPlan(payload, order, 2)
    expect(started.ok).toBe(true)
    if (!started.ok) return
    expect(started.plan).toMatchObject({ status: 'active', everyWeeks: 2, nextDay: '2026-12-19', quantity: 3, flavors: order.flavors, deliveryMethod: 'pickup', email: order.email, sourceOrder: order.id })
    expect(started.plan.windowRule).toBe(order.windowKey!.split('_')[1])
    expect(started.plan.token).toMatch(/^[A-Za-z0-9_-]{24}$/)
    // One plan per order, also asked twice.
    expect(await startRefillPlan(payload, order, 3)).toEqual({ ok: false, message: refillNotices.alreadyAPlan })
  })

  it('is refused for an order whose time is arranged by text, and for an interval not offered', async () => {
    await payload.updateGlobal({ slug: 'fulfilment', data: { windows: [] }, context: quiet })
    const byText = await placeOrder({ noWindow: true })
    expect(await startRefillPlan(payload, byText, 2)).toEqual({ ok: false, message: refillNotices.needsWindow })
    await setSaturdayPickup()
    expect(await startRefillPlan(payload, await placeOrder(), 5)).toEqual({ ok: false, message: refillNotices.interval })
    expect((await payload.count({ collection: 'refill-plans', where: { sourceOrder: { equals: byText.id } } })).totalDocs).toBe(0)
  })
})

// Before the cycle's tests: one of them restarts Payload, and the REST helper answers through the first instance.
describe('the seller’s refill plans', () => {
  it('the seller pauses or stops a plan in the admin, but cannot make one, nor move its day or change its link', async () => {
    const plan = await planEveryTwoWeeks()
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    const { sourceOrder: _order, id: _id, createdAt: _created, updatedAt: _updated, refillOrders: _orders, ...fields } = plan
    const plans = (await payload.count({ collection: 'refill-plans' })).totalDocs
    expect((await rest(app.config, 'POST', '/refill-plans', { headers, body: { ...fields, token: 'B'.repeat(24) } })).status).toBe(403)
    expect((await payload.count({ collection: 'refill-plans' })).totalDocs).toBe(plans)

    const changed = await rest(app.config, 'PATCH', `/refill-plans/${plan.id}`, { headers, body: { status: 'paused', nextDay: '2026-12-05', token: 'C'.repeat(24) } })
    expect(changed.status).toBe(200)
    expect(await storedPlan(plan)).toMatchObject({ status: 'paused', nextDay: '2026-12-19', token: plan.token })
  })


  it('deleting a plan keeps its refill orders; deleting the order a plan was made from keeps the plan', async () => {
    const plan = await planEveryTwoWeeks()
    await refillRound(payload, decemberNoon(16))
    const [made] = await refillOrders(plan)
    await payload.delete({ collection: 'orders', id: plan.sourceOrder as number })
    expect(await storedPlan(plan)).toMatchObject({ status: 'active' })
    await payload.delete({ collection: 'refill-plans', id: plan.id })
    expect(await payload.findByID({ collection: 'orders', id: made.id, depth: 0 })).toMatchObject({ source: 'refill-plan', refillPlan: null })
  })
})

describe('the refill cycle', () => {
  it('makes the next order 3 days before its day, once across rounds, two rounds at once and a restart, at that day’s prices', async () => {
    const plan = await planEveryTwoWeeks()
    // The seller raises the 3-jar price after the plan was made: the refill pays the new one.
    await payload.updateGlobal({ slug: 'pricing', data: { threeJarPrice: 55 }, context: quiet })

    await refillRound(payload, decemberNoon(15))
    expect(await refillOrders(plan)).toHaveLength(0)

    await Promise.all([refillRound(payload, decemberNoon(16)), refillRound(payload, decemberNoon(16))])
    await refillRound(payload, decemberNoon(16))
    payload = app.payload = await restartPayload(payload, app.config)
    await refillRound(payload, decemberNoon(17))

    const orders = await refillOrders(plan)
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({
      source: 'refill-plan',
      windowLabel: 'Sat, Dec 19 · 10:00 AM–2:00 PM · Eastern Market',
      quantity: 3,
      flavors: plan.flavors,
      originalPrice: 55,
      totalPrice: 55,
      discountCode: null,
      status: 'new',
    })
    expect(await storedPlan(plan)).toMatchObject({ nextDay: '2027-01-02', problem: null })
    // A later price change is for the refills to come: this one keeps the price it was made at.
    await payload.updateGlobal({ slug: 'pricing', data: { threeJarPrice: 60 }, context: quiet })
    await refillRound(payload, decemberNoon(18))
    expect(await payload.findByID({ collection: 'orders', id: orders[0].id, depth: 0 })).toMatchObject({ originalPrice: 55, totalPrice: 55 })

    const mails = await outbox(`order:${orders[0].id}`)
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [SELLER_EMAIL, expect.stringContaining('New order:')],
      [plan.email, 'Your refill for Sat Dec 19, Eastern Market 10–2: 3 jars (Mixed Berry ×2, Peach Ginger) — $55'],
    ])
    const refill = mails[1].text
    expect(refill).toContain(`put ${orders[0].reference} in the note`)
    expect(refill).toContain(`/refills/${plan.token}`)
    expect(refill).toContain(`/order/status/${orders[0].statusToken}`)
  })

  it('a full time leaves the plan waiting on its day, tells the seller and the customer once, and makes the order once there is room', async () => {
    await setSaturdayPickup(1)
    const plan = await planEveryTwoWeeks()
    // Another customer takes the refill day's only place first.
    await placeOrder({ now: decemberNoon(14), label: 'Sat, Dec 19 · 10:00 AM–2:00 PM · Eastern Market' })

    await refillRound(payload, decemberNoon(16))
    await refillRound(payload, decemberNoon(17))
    expect(await refillOrders(plan)).toHaveLength(0)
    expect(await storedPlan(plan)).toMatchObject({ nextDay: '2026-12-19', problem: 'Could not make the refill of Sat Dec 19: that time is full' })
    const told = await outbox(`refill-plan:${plan.id}`)
    expect(told.map((mail) => [mail.to, mail.subject])).toEqual([
      [SELLER_EMAIL, 'Could not make the refill of Sat Dec 19: that time is full'],
      [plan.email, "We couldn't reserve your refill for Sat Dec 19"],
    ])
    expect(told[1].text).toContain("We couldn't reserve your refill for Sat Dec 19, Eastern Market 10–2: that time is full. Reply to this e-mail to pick another time")
    expect(told[1].text).toContain(`Or skip this one and take the next, Sat Jan 2: http://localhost:3000/refills/${plan.token}?change=skip`)

    await setCapacity(2)
    await refillRound(payload, decemberNoon(17))
    expect(await refillOrders(plan)).toHaveLength(1)
    expect(await storedPlan(plan)).toMatchObject({ nextDay: '2027-01-02', problem: null })
    expect(await outbox(`refill-plan:${plan.id}`)).toHaveLength(2)
  })

  it('a refill waiting for a full time, skipped as its e-mail offers, leaves its problem behind and the plan goes on with the next', async () => {
    await setSaturdayPickup(1)
    const plan = await planEveryTwoWeeks()
    await placeOrder({ now: decemberNoon(14), label: 'Sat, Dec 19 · 10:00 AM–2:00 PM · Eastern Market' })
    await refillRound(payload, decemberNoon(16))
    expect(await storedPlan(plan)).toMatchObject({ problem: 'Could not make the refill of Sat Dec 19: that time is full' })

    expect(await changeRefillPlan(payload, plan.token, 'skip', '2026-12-19', decemberNoon(17))).toMatchObject({ ok: true, plan: { nextDay: '2027-01-02', problem: null } })
    await refillRound(payload, decemberNoon(17))
    expect(await refillOrders(plan)).toHaveLength(0)
    expect(await storedPlan(plan)).toMatchObject({ nextDay: '2027-01-02', problem: null })
  })

  it('a flavor sold out in the open batch leaves the plan waiting and takes no jars; the seller and the customer hear once', async () => {
    const plan = await planEveryTwoWeeks()
    await openBatch(payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 0, 'pineapple-mango': 10 } }, { madeOn: '2026-12-14T12:00:00.000Z', opensAt: '2026-12-14T14:00:00.000Z' })

    await refillRound(payload, decemberNoon(16))
    await refillRound(payload, decemberNoon(16))
    expect(await refillOrders(plan)).toHaveLength(0)
    expect(await storedPlan(plan)).toMatchObject({ nextDay: '2026-12-19', problem: 'Could not make the refill of Sat Dec 19: Peach Ginger is sold out' })
    const told = await outbox(`refill-plan:${plan.id}`)
    expect(told.map((mail) => mail.to)).toEqual([SELLER_EMAIL, plan.email])
    expect(told[1].text).toContain('Peach Ginger is sold out. Reply to this e-mail to pick another flavor')
    const batch = (await payload.find({ collection: 'batches', limit: 1, depth: 1 })).docs[0]
    expect(batch.flavors!.map((row) => row.left)).toEqual([10, 0, 10])
  })

  it('takes the jars of each flavor from the open batch', async () => {
    const plan = await planEveryTwoWeeks()
    const batch = await openBatch(payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 5 } }, { madeOn: '2026-12-14T12:00:00.000Z', opensAt: '2026-12-14T14:00:00.000Z' })
    await refillRound(payload, decemberNoon(16))
    expect(await refillOrders(plan)).toMatchObject([{ jarsFromBatch: 3, batch: batch.id }])
    const stored = await payload.findByID({ collection: 'batches', id: batch.id, depth: 0 })
    expect(stored.flavors!.map((row) => row.left)).toEqual([8, 4])
  })

  it('a batch announced to open later gives plan holders their jars first: their refills are made from it at once, before its opening', async () => {
    const plan = await planEveryTwoWeeks()
    // The open batch has no Peach Ginger left; the next one, opening Monday Dec 14, has one jar of it.
    await openBatch(payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 0 } }, { madeOn: '2026-12-01T12:00:00.000Z', opensAt: '2026-12-01T14:00:00.000Z' })
    const announced = await openBatch(payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 1 } }, { madeOn: '2026-12-12T12:00:00.000Z', opensAt: '2026-12-14T14:00:00.000Z' })

    // Saturday Dec 12: the refill of Dec 19 is a week away, but the announced batch sells it.
    expect(await reserveFromAnnouncedBatch(payload, decemberNoon(12))).toEqual({ made: 1, waiting: 0 })
    expect(await refillOrders(plan)).toMatchObject([{ windowLabel: 'Sat, Dec 19 · 10:00 AM–2:00 PM · Eastern Market', batch: announced.id, jarsFromBatch: 3 }])
    expect(await jarsLeftIn(payload, announced)).toEqual({ 'mixed-berry': 8, 'peach-ginger': 0 })
    // Once per version of the batch: the next half-minute's look makes nothing more.
    expect(await reserveFromAnnouncedBatch(payload, decemberNoon(12))).toBeNull()

    // At its opening, the public finds the reserved jar gone.
    const open = (await windowsOpenNow(payload, decemberNoon(14))).open
    const result = await submitOrder(
      payload,
      { ...validOrderForm, deliveryMethod: 'pickup', quantity: '1', flavor1: 'peach-ginger', flavor2: '', flavor3: '', fullName: 'Opening Customer', email: 'opening@example.com', window: open[0].key },
      undefined,
      { now: () => decemberNoon(14) },
    )
    expect(result).toMatchObject({ status: 'error' })
    expect(await jarsLeftIn(payload, announced)).toEqual({ 'mixed-berry': 8, 'peach-ginger': 0 })
  })

  it('a refill due before the announced batch opens is not made early', async () => {
    const plan = await planEveryTwoWeeks()
    await openBatch(payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 10 } }, { madeOn: '2026-12-20T12:00:00.000Z', opensAt: '2026-12-20T14:00:00.000Z' })
    // Dec 12: the Dec 19 refill is neither 3 days away nor sold by the batch opening Dec 20.
    expect(await reserveFromAnnouncedBatch(payload, decemberNoon(12))).toEqual({ made: 0, waiting: 0 })
    expect(await refillOrders(plan)).toHaveLength(0)
  })

  it('a delivery outside the seller’s delivery area now waits, and the customer is asked to switch to pickup', async () => {
    await payload.updateGlobal({ slug: 'fulfilment', data: { windows: [{ method: 'delivery', weekday: 'sat', start: '17:00', end: '20:00' }] }, context: quiet })
    const n = nextCustomer++
    const placed = await submitOrder(
      payload,
      { ...validOrderForm, fullName: `Delivery Customer ${n}`, email: `delivery-${n}@example.com`, window: (await windowsOpenNow(payload, thursdayNoon)).open[0].key },
      undefined,
      { now: () => thursdayNoon },
    )
    if (placed.status !== 'success') throw new Error(JSON.stringify(placed))
    const started = await startRefillPlan(payload, placed.order, 2)
    if (!started.ok) throw new Error(JSON.stringify(started))
    await payload.updateGlobal({ slug: 'fulfilment', data: { deliveryZipPrefixes: [{ prefix: '481' }] }, context: quiet })
    try {
      await refillRound(payload, decemberNoon(16))
      expect(await refillOrders(started.plan)).toHaveLength(0)
      expect(await storedPlan(started.plan)).toMatchObject({ nextDay: '2026-12-19', problem: 'Could not make the refill of Sat Dec 19: we no longer deliver to ZIP code 48201' })
      const [, customer] = await outbox(`refill-plan:${started.plan.id}`)
      expect(customer.text).toContain("We couldn't reserve your refill for Sat Dec 19, delivery 5–8: we no longer deliver to ZIP code 48201. Reply to this e-mail to switch to pickup")
    } finally {
      await payload.updateGlobal({ slug: 'fulfilment', data: { deliveryZipPrefixes: ['480', '481', '482', '483'].map((prefix) => ({ prefix })) }, context: quiet })
    }
  })

  it('a paused or stopped plan makes nothing, and tells no one', async () => {
    const paused = await planEveryTwoWeeks()
    const stopped = await planEveryTwoWeeks()
    await payload.update({ collection: 'refill-plans', id: paused.id, data: { status: 'paused' } })
    await payload.update({ collection: 'refill-plans', id: stopped.id, data: { status: 'stopped' } })
    await refillRound(payload, decemberNoon(16))
    for (const plan of [paused, stopped]) {
      expect(await refillOrders(plan)).toHaveLength(0)
      expect(await outbox(`refill-plan:${plan.id}`)).toHaveLength(0)
      expect((await storedPlan(plan)).nextDay).toBe('2026-12-19')
    }
  })

  it('a day that passed without its order moves the plan on to its next day', async () => {
    await setSaturdayPickup(1)
    const plan = await planEveryTwoWeeks()
    await placeOrder({ now: decemberNoon(14), label: 'Sat, Dec 19 · 10:00 AM–2:00 PM · Eastern Market' })
    await refillRound(payload, decemberNoon(16))
    await refillRound(payload, decemberNoon(20))
    expect(await storedPlan(plan)).toMatchObject({ nextDay: '2027-01-02' })
    expect(await refillOrders(plan)).toHaveLength(0)
  })
})

describe('the plan’s private page', () => {
  it('skip, pause, resume and stop change the plan of that link only; a forged link changes nothing', async () => {
    const plan = await planEveryTwoWeeks()
    const other = await planEveryTwoWeeks()
    const now = decemberNoon(4)
    const state = async () => [await storedPlan(plan), await storedPlan(other)].map(({ status, nextDay }) => `${status} ${nextDay}`)

    expect(await changeRefillPlan(payload, 'A'.repeat(24), 'stop', null, now)).toEqual({ ok: false, reason: 'not-found' })
    expect(await changeRefillPlan(payload, `${plan.token}x`, 'stop', null, now)).toEqual({ ok: false, reason: 'not-found' })
    expect(await changeRefillPlan(payload, "' OR 1=1 --", 'stop', null, now)).toEqual({ ok: false, reason: 'not-found' })
    expect(await state()).toEqual(['active 2026-12-19', 'active 2026-12-19'])

    // Skip the refill shown; the same button posted again skips nothing more.
    expect(await changeRefillPlan(payload, plan.token, 'skip', '2026-12-19', now)).toMatchObject({ ok: true })
    expect(await changeRefillPlan(payload, plan.token, 'skip', '2026-12-19', now)).toEqual({ ok: false, reason: 'not-now' })
    expect(await state()).toEqual(['active 2027-01-02', 'active 2026-12-19'])

    expect(await changeRefillPlan(payload, plan.token, 'pause', null, now)).toMatchObject({ ok: true })
    expect(await state()).toEqual(['paused 2027-01-02', 'active 2026-12-19'])
    expect(await changeRefillPlan(payload, plan.token, 'resume', null, now)).toMatchObject({ ok: true })
    expect(await changeRefillPlan(payload, plan.token, 'stop', null, now)).toMatchObject({ ok: true })
    expect(await state()).toEqual(['stopped 2027-01-02', 'active 2026-12-19'])

    // A stopped plan's old links change nothing.
    for (const change of ['resume', 'pause', 'skip'] as const) expect(await changeRefillPlan(payload, plan.token, change, '2027-01-02', now)).toEqual({ ok: false, reason: 'stopped' })
    expect(await state()).toEqual(['stopped 2027-01-02', 'active 2026-12-19'])
  })

  it('skipping a refill whose order is made cancels that order and gives its jars back', async () => {
    const plan = await planEveryTwoWeeks()
    const batch = await openBatch(payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 5 } }, { madeOn: '2026-12-14T12:00:00.000Z', opensAt: '2026-12-14T14:00:00.000Z' })
    await refillRound(payload, decemberNoon(16))
    const [made] = await refillOrders(plan)
    expect(await nextRefill(payload, await storedPlan(plan), decemberNoon(17))).toMatchObject({ day: '2026-12-19', order: { id: made.id } })

    expect(await changeRefillPlan(payload, plan.token, 'skip', '2026-12-19', decemberNoon(17))).toMatchObject({ ok: true })
    expect(await payload.findByID({ collection: 'orders', id: made.id, depth: 0 })).toMatchObject({ status: 'cancelled', jarsFromBatch: 0 })
    expect((await payload.findByID({ collection: 'batches', id: batch.id, depth: 0 })).flavors!.map((row) => row.left)).toEqual([10, 5])
    expect(await storedPlan(plan)).toMatchObject({ status: 'active', nextDay: '2027-01-02' })
  })

  it('changing flavors: the plan takes them for the next refills; a flavor not for sale, a wrong count, a forged or stopped plan change nothing', async () => {
    const plan = await planEveryTwoWeeks()
    const other = await planEveryTwoWeeks()
    const now = decemberNoon(4)
    const flavorsOf = async (each: RefillPlan) => (await storedPlan(each)).flavors
    await payload.update({ collection: 'flavors', where: { value: { equals: 'pineapple-mango' } }, data: { available: false }, context: quiet })
    try {
      for (const chosen of [['mixed-berry'], ['mixed-berry', 'mixed-berry', 'mixed-berry', 'mixed-berry'], ['mixed-berry', 'peach-ginger', 'no-such-flavor'], ['mixed-berry', 'peach-ginger', 'pineapple-mango']]) {
        expect(await changeRefillFlavors(payload, plan.token, chosen, now)).toEqual({ ok: false, reason: 'bad-flavors' })
      }
    } finally {
      await payload.update({ collection: 'flavors', where: { value: { equals: 'pineapple-mango' } }, data: { available: true }, context: quiet })
    }
    expect(await changeRefillFlavors(payload, 'A'.repeat(24), ['peach-ginger', 'peach-ginger', 'peach-ginger'], now)).toEqual({ ok: false, reason: 'not-found' })
    expect(await flavorsOf(plan)).toBe(plan.flavors)

    expect(await changeRefillFlavors(payload, plan.token, ['peach-ginger', 'pineapple-mango', 'peach-ginger'], now)).toMatchObject({ ok: true, changedOrder: null })
    expect(await flavorsOf(plan)).toBe('Jar 1: peach-ginger, Jar 2: pineapple-mango, Jar 3: peach-ginger')
    expect(await flavorsOf(other)).toBe(other.flavors)

    await refillRound(payload, decemberNoon(16))
    const [made] = await refillOrders(plan)
    expect(made).toMatchObject({ flavors: 'Jar 1: peach-ginger, Jar 2: pineapple-mango, Jar 3: peach-ginger' })
    const [refill] = (await outbox(`order:${made.id}`)).filter((mail) => mail.to === plan.email)
    expect(refill.subject).toBe('Your refill for Sat Dec 19, Eastern Market 10–2: 3 jars (Peach Ginger ×2, Pineapple Mango) — $50')
    for (const [label, change] of [['Skip this one', 'skip'], ['Change flavors', 'flavors'], ['Pause', 'pause'], ['Stop', 'stop']]) {
      expect(refill.text).toContain(`${label}: http://localhost:3000/refills/${plan.token}?change=${change}`)
    }

    await changeRefillPlan(payload, plan.token, 'stop', null, now)
    expect(await changeRefillFlavors(payload, plan.token, ['mixed-berry', 'mixed-berry', 'mixed-berry'], now)).toEqual({ ok: false, reason: 'stopped' })
    expect(await flavorsOf(plan)).toBe('Jar 1: peach-ginger, Jar 2: pineapple-mango, Jar 3: peach-ginger')
  })

  it('changing flavors of a refill made already swaps its jars in the batch and tells the seller; too few left changes nothing', async () => {
    const plan = await planEveryTwoWeeks()
    const batch = await openBatch(payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 5, 'pineapple-mango': 1 } }, { madeOn: '2026-12-14T12:00:00.000Z', opensAt: '2026-12-14T14:00:00.000Z' })
    await refillRound(payload, decemberNoon(16))
    const [made] = await refillOrders(plan)
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'mixed-berry': 8, 'peach-ginger': 4, 'pineapple-mango': 1 })

    // Two Pineapple Mango, one left: refused, and the plan, the order and the batch stay as they were.
    expect(await changeRefillFlavors(payload, plan.token, ['pineapple-mango', 'pineapple-mango', 'peach-ginger'], decemberNoon(17))).toEqual({ ok: false, reason: 'too-few', flavor: 'pineapple-mango', left: 1 })
    expect(await storedPlan(plan)).toMatchObject({ flavors: plan.flavors })
    expect(await payload.findByID({ collection: 'orders', id: made.id, depth: 0 })).toMatchObject({ flavors: plan.flavors })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'mixed-berry': 8, 'peach-ginger': 4, 'pineapple-mango': 1 })

    expect(await changeRefillFlavors(payload, plan.token, ['pineapple-mango', 'peach-ginger', 'peach-ginger'], decemberNoon(17))).toMatchObject({ ok: true, changedOrder: made.reference })
    expect(await payload.findByID({ collection: 'orders', id: made.id, depth: 0 })).toMatchObject({
      status: 'new',
      flavors: 'Jar 1: pineapple-mango, Jar 2: peach-ginger, Jar 3: peach-ginger',
      flavorNames: 'Jar 1: Pineapple Mango, Jar 2: Peach Ginger, Jar 3: Peach Ginger',
      jarsFromBatch: 3,
    })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'mixed-berry': 10, 'peach-ginger': 3, 'pineapple-mango': 0 })
    const toSeller = (await payload.find({ collection: 'email-outbox', where: { subject: { like: `Refill order ${made.reference} changed` } }, depth: 0 })).docs
    expect(toSeller.map((mail) => [mail.to, mail.subject])).toEqual([[SELLER_EMAIL, `Refill order ${made.reference} changed: now 3 jars (Pineapple Mango, Peach Ginger ×2)`]])
  })

  it('a refill whose jars the customer changed on its own page keeps them when the plan’s flavors change; the plan takes the new ones', async () => {
    const plan = await planEveryTwoWeeks()
    const batch = await openBatch(payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 5, 'pineapple-mango': 5 } }, { madeOn: '2026-12-14T12:00:00.000Z', opensAt: '2026-12-14T14:00:00.000Z' })
    await refillRound(payload, decemberNoon(16))
    const [made] = await refillOrders(plan)
    await payload.updateGlobal({ slug: 'fulfilment', data: { customerChanges: { enabled: true } }, context: quiet })
    try {
      // On the order's page: 3 jars → 6.
      const choices = await orderChangeChoices(payload, made, decemberNoon(17))
      if (!choices.open) throw new Error(`no change offered: ${JSON.stringify(choices)}`)
      const six = { kind: 'jars', quantity: '6', flavor1: 'mixed-berry', flavor2: 'mixed-berry', flavor3: 'mixed-berry', flavor4: 'peach-ginger', flavor5: 'peach-ginger', flavor6: 'peach-ginger' }
      expect(await applyOrderChange(payload, made.statusToken!, { ...six, version: choices.version, prices: choices.prices }, decemberNoon(17))).toMatchObject({ ok: true, total: 100 })
    } finally {
      await payload.updateGlobal({ slug: 'fulfilment', data: { customerChanges: { enabled: false } }, context: quiet })
    }
    const changed = await payload.findByID({ collection: 'orders', id: made.id, depth: 0 })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'mixed-berry': 7, 'peach-ginger': 2, 'pineapple-mango': 5 })

    // On the plan's page: three flavors for the plan's three jars.
    expect(await changeRefillFlavors(payload, plan.token, ['pineapple-mango', 'pineapple-mango', 'pineapple-mango'], decemberNoon(17))).toEqual({ ok: true, plan: expect.anything(), changedOrder: null })
    expect(await storedPlan(plan)).toMatchObject({ quantity: 3, flavors: 'Jar 1: pineapple-mango, Jar 2: pineapple-mango, Jar 3: pineapple-mango' })
    expect(await payload.findByID({ collection: 'orders', id: made.id, depth: 0 })).toMatchObject({
      updatedAt: changed.updatedAt,
      quantity: 6,
      flavors: changed.flavors,
      jarsFromBatch: 6,
      totalPrice: 100,
    })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'mixed-berry': 7, 'peach-ginger': 2, 'pineapple-mango': 5 })
    expect((await payload.find({ collection: 'email-outbox', where: { subject: { like: `Refill order ${made.reference} changed` } }, depth: 0 })).docs).toHaveLength(0)
  })

  it('a refill waiting for a flavor that ran out is made at once when the customer picks another', async () => {
    const plan = await planEveryTwoWeeks()
    await openBatch(payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 0, 'pineapple-mango': 10 } }, { madeOn: '2026-12-14T12:00:00.000Z', opensAt: '2026-12-14T14:00:00.000Z' })
    await refillRound(payload, decemberNoon(16))
    expect(await refillOrders(plan)).toHaveLength(0)
    const [, toCustomer] = await outbox(`refill-plan:${plan.id}`)
    expect(toCustomer.text).toContain(`Or choose other flavors here, and your refill is reserved at once if we have them: http://localhost:3000/refills/${plan.token}?change=flavors`)

    expect(await changeRefillFlavors(payload, plan.token, ['mixed-berry', 'mixed-berry', 'pineapple-mango'], decemberNoon(16))).toMatchObject({ ok: true })
    expect(await refillOrders(plan)).toMatchObject([{ flavors: 'Jar 1: mixed-berry, Jar 2: mixed-berry, Jar 3: pineapple-mango', windowLabel: 'Sat, Dec 19 · 10:00 AM–2:00 PM · Eastern Market' }])
    expect(await storedPlan(plan)).toMatchObject({ problem: null, nextDay: '2027-01-02' })
  })
})
