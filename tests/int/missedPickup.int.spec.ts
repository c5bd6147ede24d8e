import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { missedPickupRound } from '@/features/delivery/missedPickup'
import { MISSED_PICKUP_GRACE_HOURS } from '@/features/delivery/missedPickupRules'
import { submitOrder } from '@/features/ordering/service'
import { startRecall } from '@/features/recalls/recallRecords'
import { findTodayScreen } from '@/features/seller/dailyScreen'
import { windowsOpenNow } from '@/features/ordering/shop'
import type { EmailOutbox, Order } from '@/payload-types'
import { deliverDueEmails } from '@/platform/email/outbox'

import { openBatch } from '../helpers/batches'
import { validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'
import { recipients, startSmtp, type TestSmtp } from '../helpers/smtp'

/**
 * The missed-pickup e-mail (Delivery day on): one "We missed you" e-mail for a pickup not collected
 * by the end of its booked time, on the test's clock: the round is run at chosen instants around
 * each order's end, as the server's worker runs it every few minutes.
 */

const HOUR = 3_600_000
const MINUTE = 60_000

let app: TestPayload
let smtp: TestSmtp
let nextCustomer = 1
/** Two pickup times on one day: the morning's ends six hours before the afternoon's. */
let morningKey: string
let pickupKey: string

beforeAll(async () => {
  smtp = await startSmtp()
  app = await startPayload({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false' })
  // A pickup time three days out (the order form's notice is a day), on the weekday it falls on in Detroit.
  const day = new Date(Date.now() + 3 * 24 * HOUR)
  const dayName = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'America/Detroit' }).format(day)
  const weekday = (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const)[['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(dayName)]
  const windows = [
    { method: 'pickup' as const, weekday, start: '10:00', end: '12:00', place: 'Corktown' },
    { method: 'pickup' as const, weekday, start: '16:00', end: '18:00', place: 'Eastern Market' },
  ]
  await app.payload.updateGlobal({ slug: 'fulfilment', data: { windows, deliveryDay: { enabled: true } } })
  const { open } = await windowsOpenNow(app.payload)
  morningKey = open.find((choice) => choice.label.includes('Corktown'))!.key
  pickupKey = open.find((choice) => choice.label.includes('Eastern Market'))!.key
})

afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})

async function placePickup(values: Record<string, string> = { deliveryMethod: 'pickup', window: pickupKey }): Promise<Order> {
  const n = nextCustomer++
  const result = await submitOrder(app.payload, { ...validOrderForm, fullName: `Pat Pickup ${n}`, email: `pickup-${n}@example.com`, ...values })
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return result.order
}

const update = (order: Order, data: Partial<Order>) => app.payload.update({ collection: 'orders', id: order.id, data })
const read = (order: Order) => app.payload.findByID({ collection: 'orders', id: order.id, depth: 0 })
/** An instant relative to the end of the order's booked time. */
const afterEnd = (order: Order, ms: number) => new Date(new Date(order.windowEndsAt!).getTime() + ms)

async function missedEmailsOf(order: Order): Promise<EmailOutbox[]> {
  const { docs } = await app.payload.find({ collection: 'email-outbox', where: { dedupeKey: { equals: `order:${order.id}:missedPickup` } }, pagination: false })
  return docs
}

const setDeliveryDay = (enabled: boolean) => app.payload.updateGlobal({ slug: 'fulfilment', data: { deliveryDay: { enabled } } })

describe('the missed-pickup e-mail', () => {
  it('goes once at the end of the time, not before, not again in later rounds; missedPickupAt is set with it', async () => {
    const order = await placePickup()
    expect(order.windowEndsAt).toBeTruthy()

    await missedPickupRound(app.payload, afterEnd(order, -MINUTE))
    expect(await missedEmailsOf(order)).toEqual([])
    expect((await read(order)).missedPickupAt ?? null).toBeNull()

    const end = afterEnd(order, MINUTE)
    expect(await missedPickupRound(app.payload, end)).toEqual({ emailed: 1 })
    await missedPickupRound(app.payload, afterEnd(order, 11 * MINUTE))
    await missedPickupRound(app.payload, afterEnd(order, 5 * HOUR))
    const [email, ...again] = await missedEmailsOf(order)
    expect(again).toEqual([])
    expect(email).toMatchObject({ status: 'pending', about: `order:${order.id}`, to: order.email, subject: `We missed you: order ${order.reference}` })
    const stored = await read(order)
    expect(stored.missedPickupAt).toBe(end.toISOString())
    // The server's mark leaves the order's 'last changed' alone (the admin's and the change page's check).
    expect(stored.updatedAt).toBe(order.updatedAt)

    // As it reaches the customer: the place, the time, the number to text, the order's page.
    while ((await deliverDueEmails(app.payload)).sent > 0);
    const mail = await smtp.waitForMailTo(order.email!, (message) => message.subject === email.subject)
    expect(mail.text).toContain(`We missed you at Eastern Market (`)
    expect(mail.text).toContain(`for your order ${order.reference}`)
    expect(mail.text).toContain(`/order/status/${order.statusToken}`)
  })

  it('never for a collected, completed or cancelled order', async () => {
    const collected = await placePickup()
    const completed = await placePickup()
    const cancelled = await placePickup()
    await update(collected, { handedOverAt: afterEnd(collected, -30 * MINUTE).toISOString() })
    await update(completed, { status: 'completed' })
    await update(cancelled, { status: 'cancelled' })
    await missedPickupRound(app.payload, afterEnd(collected, MINUTE))
    await missedPickupRound(app.payload, afterEnd(collected, HOUR))
    for (const order of [collected, completed, cancelled]) {
      expect(await missedEmailsOf(order), order.fullName).toEqual([])
      expect((await read(order)).missedPickupAt ?? null, order.fullName).toBeNull()
    }
  })

  it('never for an order a recall holds', async () => {
    const held = await placePickup()
    const recall = await app.payload.create({ collection: 'recalls', data: { label: 'Batch B-1', kind: 'drill', scope: 'batch:1' } })
    await app.payload.db.updateOne({ collection: 'orders', id: held.id, data: { heldByRecall: recall.id } })
    await missedPickupRound(app.payload, afterEnd(held, MINUTE))
    expect(await missedEmailsOf(held)).toEqual([])
  })

  it('a delivery whose time ended is no missed pickup', async () => {
    const delivery = await placePickup({ deliveryMethod: 'delivery' })
    await missedPickupRound(app.payload, new Date(Date.now() + 10 * 24 * HOUR))
    expect(await missedEmailsOf(delivery)).toEqual([])
  })

  it('nothing while Delivery day is off (nobody taps Collected), however late', async () => {
    await setDeliveryDay(false)
    try {
      const order = await placePickup()
      await missedPickupRound(app.payload, afterEnd(order, MINUTE))
      await missedPickupRound(app.payload, afterEnd(order, 2 * HOUR))
      expect(await missedEmailsOf(order)).toEqual([])
      expect((await read(order)).missedPickupAt ?? null).toBeNull()
    } finally {
      await setDeliveryDay(true)
    }
  })

  it('late only within the grace: a server down past it sends nothing; within it, the e-mail goes late', async () => {
    const tooLate = await placePickup({ deliveryMethod: 'pickup', window: morningKey })
    const late = await placePickup()
    // The server comes back a minute past the morning's grace: the afternoon's is 5 h 59 min within its own.
    await missedPickupRound(app.payload, afterEnd(tooLate, MISSED_PICKUP_GRACE_HOURS * HOUR + MINUTE))
    expect(await missedEmailsOf(tooLate)).toEqual([])
    expect(await missedEmailsOf(late)).toHaveLength(1)
  })

  it('switched off in E-mail templates: recorded as not sent, no e-mail, missedPickupAt left empty; two rounds at once queue one', async () => {
    await app.payload.updateGlobal({ slug: 'email-templates', data: { missedPickup: { enabled: false } } })
    try {
      const quiet = await placePickup()
      await missedPickupRound(app.payload, afterEnd(quiet, MINUTE))
      await missedPickupRound(app.payload, afterEnd(quiet, HOUR))
      expect(await missedEmailsOf(quiet)).toMatchObject([{ status: 'skipped', lastError: 'Switched off in E-mail templates.' }])
      expect((await read(quiet)).missedPickupAt ?? null).toBeNull()
    } finally {
      await app.payload.updateGlobal({ slug: 'email-templates', data: { missedPickup: { enabled: true } } })
    }

    const order = await placePickup()
    const end = afterEnd(order, 2 * MINUTE)
    await Promise.all([missedPickupRound(app.payload, end), missedPickupRound(app.payload, end)])
    expect(await missedEmailsOf(order)).toHaveLength(1)
  })
})

describe('the missed-pickup e-mail while the mail server is down', () => {
  it('does not go to a pickup collected meanwhile (recorded as not sent, with why); its Completed e-mail and the others still go', async () => {
    const collected = await placePickup()
    const missed = await placePickup()
    while ((await deliverDueEmails(app.payload)).sent > 0);
    const port = smtp.port
    await smtp.close()
    try {
      const end = afterEnd(collected, MINUTE)
      await missedPickupRound(app.payload, end)
      await deliverDueEmails(app.payload, { now: end })
      const waiting = async () => (await Promise.all([collected, missed].map(missedEmailsOf))).flat()
      await vi.waitFor(async () => expect((await waiting()).map((email) => email.status)).toEqual(['pending', 'pending']))
      expect((await waiting()).some((email) => email.lastError?.includes('ECONNREFUSED'))).toBe(true)

      // The customer turns up late and the seller taps Collected.
      await update(collected, { handedOverAt: afterEnd(collected, 30 * MINUTE).toISOString(), status: 'completed' })
      expect(await missedEmailsOf(collected)).toMatchObject([
        { status: 'skipped', lastError: 'No longer a missed pickup when it could go: the order was collected, completed, cancelled or held.' },
      ])
      expect(await missedEmailsOf(missed)).toMatchObject([{ status: 'pending' }])
    } finally {
      smtp = await startSmtp(port)
    }

    while ((await deliverDueEmails(app.payload, { now: afterEnd(collected, HOUR) })).sent > 0);
    await smtp.waitForMailTo(missed.email!, (mail) => mail.subject === `We missed you: order ${missed.reference}`)
    await smtp.waitForMailTo(collected.email!, (mail) => Boolean(mail.subject?.startsWith('Thank you for your order')))
    expect(smtp.messages.filter((mail) => recipients(mail).includes(collected.email!)).map((mail) => mail.subject)).not.toContain(`We missed you: order ${collected.reference}`)
    expect((await missedEmailsOf(collected)).map((email) => email.status)).toEqual(['skipped'])
  })
})

describe('missed pickups on the Today screen', () => {
  it('lists the open pickups whose time ended, not the collected, cancelled or held; a collected one shows its time under its place', async () => {
    const missed = await placePickup()
    const collected = await placePickup()
    const cancelled = await placePickup()
    const held = await placePickup()
    const recall = await app.payload.create({ collection: 'recalls', data: { label: 'Batch B-2', kind: 'drill', scope: 'batch:2' } })
    await app.payload.db.updateOne({ collection: 'orders', id: held.id, data: { heldByRecall: recall.id } })
    const handedOver = afterEnd(collected, -20 * MINUTE)
    await update(collected, { handedOverAt: handedOver.toISOString(), status: 'completed' })
    await update(cancelled, { status: 'cancelled' })

    // Before the end of the time: nothing missed; the pickups under their place.
    const before = await findTodayScreen(app.payload, afterEnd(missed, -MINUTE))
    expect(before.handovers).toBe(true)
    expect(before.missedPickups.orders.map((order) => order.id)).not.toContain(missed.id)
    const place = before.today.pickups.find((group) => group.place === 'Eastern Market')!
    expect(place.orders.find((order) => order.id === missed.id)).toBeTruthy()
    expect(place.orders.find((order) => order.id === collected.id)?.collectedAt).toBe(
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Detroit' }).format(handedOver).replace(/\u202f/g, ' '),
    )

    // After it: listed under Missed pickups (with its day), no longer under its place; counted in the day still.
    const after = await findTodayScreen(app.payload, afterEnd(missed, MINUTE))
    const ids = after.missedPickups.orders.map((order) => order.id)
    expect(ids).toContain(missed.id)
    for (const order of [collected, cancelled, held]) expect(ids).not.toContain(order.id)
    expect(after.missedPickups.total).toBeGreaterThanOrEqual(after.missedPickups.orders.length)
    expect(after.missedPickups.orders.find((order) => order.id === missed.id)?.time).toBe(missed.windowLabel)
    const stillThere = after.today.pickups.flatMap((group) => group.orders).map((order) => order.id)
    expect(stillThere).not.toContain(missed.id)
    expect(stillThere).toContain(collected.id)
    expect(after.today.jars).toBe(before.today.jars)

    // Off: the screen as before — no missed list, no collected times.
    await setDeliveryDay(false)
    try {
      const off = await findTodayScreen(app.payload, afterEnd(missed, MINUTE))
      expect(off.handovers).toBe(false)
      expect(off.missedPickups).toEqual({ orders: [], total: 0 })
      const offIds = off.today.pickups.flatMap((group) => group.orders)
      expect(offIds.map((order) => order.id)).toContain(missed.id)
      expect(offIds.every((order) => order.collectedAt === undefined)).toBe(true)
    } finally {
      await setDeliveryDay(true)
    }
  })
})

// Last in the file: the recall stops its batch selling, so no order after it could take jars.
describe('the missed-pickup e-mail while the mail server is down, then a recall', () => {
  it('does not go to a pickup the recall holds meanwhile (recorded as not sent, with why)', async () => {
    const batch = await openBatch(app.payload, { jarsLeft: 50 }, { code: 'B-HOLD' })
    const held = await placePickup()
    expect(held.jarsFromBatch).toBeGreaterThan(0)
    while ((await deliverDueEmails(app.payload)).sent > 0);
    const port = smtp.port
    await smtp.close()
    try {
      const end = afterEnd(held, MINUTE)
      await missedPickupRound(app.payload, end)
      await deliverDueEmails(app.payload, { now: end })
      await vi.waitFor(async () => expect((await missedEmailsOf(held)).map((email) => email.status)).toEqual(['pending']))

      // A recall of its batch holds it (through the database adapter, no order hook).
      const seller = await app.payload.create({ collection: 'users', data: { email: 'recaller@example.com', password: 'correct-horse-battery' } })
      const started = await startRecall(app.payload, { scope: { kind: 'batch', batch: String(batch.id) }, kind: 'real', reason: 'The supplier recalled its lot.', userId: seller.id })
      expect(started).toMatchObject({ status: 'recorded' })
      expect((await read(held)).heldByRecall).not.toBeNull()
      expect(await missedEmailsOf(held)).toMatchObject([
        { status: 'skipped', lastError: 'No longer a missed pickup when it could go: the order was collected, completed, cancelled or held.' },
      ])
    } finally {
      smtp = await startSmtp(port)
    }
  })
})
