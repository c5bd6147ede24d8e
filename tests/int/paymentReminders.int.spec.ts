import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { DEFAULT_TEMPLATES } from '@/features/messages/templates'
import { queueScheduledMessages } from '@/features/ordering/orderMessages'
import { submitOrder } from '@/features/ordering/service'
import { windowsOpenNow } from '@/features/ordering/shop'
import type { EmailOutbox, Fulfilment, Order } from '@/payload-types'
import { deliverDueEmails } from '@/platform/email/outbox'
import { addDays, businessDay, zonedInstant } from '@/shared/time'

import { validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'
import { startHangingSmtp } from '../helpers/hangingSmtp'
import { recipients, startSmtp, type TestSmtp } from '../helpers/smtp'

/**
 * The payment reminder (Shop → Pickup & delivery → Payment reminders), on the test's clock: the
 * scheduled round is run at chosen instants around each order's moment, as the server's worker
 * runs it every few minutes.
 */

const HOUR = 3_600_000
const MINUTE = 60_000

let app: TestPayload
let smtp: TestSmtp
let nextCustomer = 1

beforeAll(async () => {
  smtp = await startSmtp()
  app = await startPayload({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false' })
})

afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})

async function placeOrder(values: Record<string, string> = {}): Promise<Order> {
  const n = nextCustomer++
  const result = await submitOrder(app.payload, { ...validOrderForm, fullName: `Pat Payer ${n}`, email: `payer-${n}@example.com`, ...values })
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return result.order
}

const update = (order: Order, data: Partial<Order>) => app.payload.update({ collection: 'orders', id: order.id, data })

async function remindersOf(order: Order): Promise<EmailOutbox[]> {
  const { docs } = await app.payload.find({ collection: 'email-outbox', where: { dedupeKey: { equals: `order:${order.id}:paymentReminder` } }, pagination: false })
  return docs
}

const setReminders = (paymentReminders: Fulfilment['paymentReminders'], windows: Fulfilment['windows'] = []) =>
  app.payload.updateGlobal({ slug: 'fulfilment', data: { paymentReminders, windows } })

const after = (order: Order, ms: number) => new Date(new Date(order.createdAt).getTime() + ms)

describe('payment reminders', () => {
  it('are off on a fresh site: no order gets one, at any moment (its template ready, in its default words)', async () => {
    const fulfilment = await app.payload.findGlobal({ slug: 'fulfilment' })
    expect(fulfilment.paymentReminders?.enabled).toBe(false)
    const order = await placeOrder()
    for (const hours of [1, 18, 24, 25, 48]) await queueScheduledMessages(app.payload, after(order, hours * HOUR))
    expect(await remindersOf(order)).toEqual([])
    // The migrated site's wording is the default's, line by line (not the migration's indented copy).
    expect((await app.payload.findGlobal({ slug: 'email-templates' })).paymentReminder).toMatchObject({ enabled: true, body: DEFAULT_TEMPLATES.paymentReminder.body })
  })

  it('N hours after ordering: once, at its moment and not before; never for a paid, cancelled or skipped order', async () => {
    await setReminders({ enabled: true, timing: 'afterOrdering', hoursAfter: 24 })
    const owing = await placeOrder()
    const paid = await placeOrder()
    const cancelled = await placeOrder()
    const skipped = await placeOrder()
    await update(paid, { paymentStatus: 'paid', paymentMethod: 'venmo' })
    await update(cancelled, { status: 'cancelled' })
    await update(skipped, { noPaymentReminder: true })
    const last = skipped

    await queueScheduledMessages(app.payload, after(owing, 24 * HOUR - MINUTE))
    expect(await remindersOf(owing)).toEqual([])
    await queueScheduledMessages(app.payload, after(last, 24 * HOUR + MINUTE))
    await queueScheduledMessages(app.payload, after(last, 30 * HOUR))
    const [reminder, ...again] = await remindersOf(owing)
    expect(again).toEqual([])
    expect(reminder).toMatchObject({ status: 'pending', about: `order:${owing.id}`, to: owing.email, subject: `Order ${owing.reference}: $55 still to pay` })
    for (const order of [paid, cancelled, skipped]) expect(await remindersOf(order), order.fullName).toEqual([])

    // The e-mail as it reaches the customer: the amount, the reference for the note, the payment links, the order page.
    while ((await deliverDueEmails(app.payload)).sent > 0);
    const mail = await smtp.waitForMailTo(owing.email!, (message) => message.subject === reminder.subject)
    expect(mail.text).toContain(`Please pay $55 and put ${owing.reference} in the note`)
    expect(mail.text).toContain(`https://venmo.com/your-venmo?txn=pay&amount=55&note=${owing.reference}`)
    expect(mail.text).toContain('https://cash.app/$yourcashtag/55')
    expect(mail.text).toContain(`/order/status/${owing.statusToken}`)
    expect(mail.html).toContain('href="https://cash.app/$yourcashtag/55"')
  })

  it('never twice: not after a restart, nor with two servers running the round at once', async () => {
    await setReminders({ enabled: true, timing: 'afterOrdering', hoursAfter: 2 })
    const order = await placeOrder()
    const due = after(order, 2 * HOUR + MINUTE)
    // Two servers' rounds at the same moment: one queues it, the other finds it queued (or loses on the unique key).
    await Promise.all([queueScheduledMessages(app.payload, due), queueScheduledMessages(app.payload, due)])
    expect(await remindersOf(order)).toHaveLength(1)
    // Sent, then the server restarts: its rounds start again from the database, and find it reminded.
    while ((await deliverDueEmails(app.payload)).sent > 0);
    await queueScheduledMessages(app.payload, new Date(due.getTime() + 10 * MINUTE))
    await queueScheduledMessages(app.payload, new Date(due.getTime() + 20 * HOUR))
    expect((await remindersOf(order)).map((email) => email.status)).toEqual(['sent'])
  })

  it('a moment the server missed by more than a day (it was down) sends nothing; switched off in E-mail templates, it is recorded as not sent', async () => {
    await setReminders({ enabled: true, timing: 'afterOrdering', hoursAfter: 2 })
    const late = await placeOrder()
    await queueScheduledMessages(app.payload, after(late, (2 + 24) * HOUR + MINUTE))
    expect(await remindersOf(late)).toEqual([])

    await app.payload.updateGlobal({ slug: 'email-templates', data: { paymentReminder: { enabled: false } } })
    try {
      const quiet = await placeOrder()
      await queueScheduledMessages(app.payload, after(quiet, 2 * HOUR + MINUTE))
      await queueScheduledMessages(app.payload, after(quiet, 3 * HOUR))
      expect(await remindersOf(quiet)).toMatchObject([{ status: 'skipped', lastError: 'Switched off in E-mail templates.' }])
    } finally {
      await app.payload.updateGlobal({ slug: 'email-templates', data: { paymentReminder: { enabled: true } } })
    }
  })

  it('the evening before its booked time, at the seller’s hour (Detroit); an order without a booked time the hours after ordering instead', async () => {
    // A pickup time three days out, so the order is accepted with the 24-hour notice; delivery has no times (arranged by text).
    const day = new Date(Date.now() + 3 * 24 * HOUR)
    const dayName = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'America/Detroit' }).format(day)
    const weekday = (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const)[['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(dayName)]
    await setReminders({ enabled: true, timing: 'eveningBefore', eveningAt: '18:00', hoursAfter: 6 }, [{ method: 'pickup', weekday, start: '10:00', end: '12:00', place: 'Corktown' }])
    try {
      const { open } = await windowsOpenNow(app.payload)
      const booked = await placeOrder({ deliveryMethod: 'pickup', window: open[0].key })
      const byText = await placeOrder({ deliveryMethod: 'delivery' })
      const paid = await placeOrder({ deliveryMethod: 'pickup', window: open[0].key })
      await update(paid, { paymentStatus: 'paid', paymentMethod: 'cash' })
      expect(byText.windowStartsAt ?? null).toBeNull()

      // Without a booked time: 6 hours after ordering (long before the booked order's evening).
      await queueScheduledMessages(app.payload, after(byText, 6 * HOUR - MINUTE))
      expect(await remindersOf(byText)).toEqual([])
      await queueScheduledMessages(app.payload, after(byText, 6 * HOUR + MINUTE))
      expect(await remindersOf(byText)).toHaveLength(1)
      expect(await remindersOf(booked)).toEqual([])

      // Booked: 18:00 in Detroit on the day before its time, not a minute earlier.
      const evening = zonedInstant(addDays(businessDay(new Date(booked.windowStartsAt!)).key, -1), '18:00')
      await queueScheduledMessages(app.payload, new Date(evening.getTime() - MINUTE))
      expect(await remindersOf(booked)).toEqual([])
      await queueScheduledMessages(app.payload, new Date(evening.getTime() + MINUTE))
      await queueScheduledMessages(app.payload, new Date(evening.getTime() + 3 * HOUR))
      const [reminder, ...again] = await remindersOf(booked)
      expect(again).toEqual([])
      expect(reminder.text).toContain(`Please pay $50 and put ${booked.reference} in the note`)
      expect(reminder.text).toContain(`Pickup: ${booked.windowLabel}`)
      expect(await remindersOf(paid)).toEqual([])
      expect(await remindersOf(byText)).toHaveLength(1)
    } finally {
      await setReminders({ enabled: false })
    }
  })

  it('queued while the mail server is down, it does not go to an order paid or cancelled meanwhile: recorded as not sent, why shown; the rest still go', async () => {
    await setReminders({ enabled: true, timing: 'afterOrdering', hoursAfter: 2 })
    const paid = await placeOrder()
    const cancelled = await placeOrder()
    const owing = await placeOrder()
    while ((await deliverDueEmails(app.payload)).sent > 0);
    const port = smtp.port
    await smtp.close()
    try {
      const due = after(owing, 2 * HOUR + MINUTE)
      await queueScheduledMessages(app.payload, due)
      // The mail server is down: a round fails, and every reminder waits for a retry.
      await deliverDueEmails(app.payload, { now: due })
      const reminders = async () => (await Promise.all([paid, cancelled, owing].map(remindersOf))).flat()
      await vi.waitFor(async () => expect((await reminders()).map((email) => email.status)).toEqual(['pending', 'pending', 'pending']))
      expect((await reminders()).some((email) => email.lastError?.includes('ECONNREFUSED'))).toBe(true)

      await update(paid, { paymentStatus: 'paid', paymentMethod: 'venmo' })
      await update(cancelled, { status: 'cancelled' })
      const reason = 'No longer owed when it could go: the order was paid, cancelled or left out of payment reminders.'
      for (const order of [paid, cancelled]) expect(await remindersOf(order), order.fullName).toMatchObject([{ status: 'skipped', lastError: reason }])
      expect(await remindersOf(owing)).toMatchObject([{ status: 'pending' }])
    } finally {
      smtp = await startSmtp(port)
    }

    // Back up, hours later: the owing order's reminder and the cancelled order's Cancelled e-mail go, no reminder to the other two.
    const later = after(owing, 5 * HOUR)
    while ((await deliverDueEmails(app.payload, { now: later })).sent > 0);
    await smtp.waitForMailTo(owing.email!, (mail) => mail.subject === `Order ${owing.reference}: $55 still to pay`)
    await smtp.waitForMailTo(cancelled.email!, (mail) => Boolean(mail.subject?.includes('cancelled')))
    const toThem = smtp.messages.filter((mail) => [paid.email!, cancelled.email!].some((address) => recipients(mail).includes(address)))
    expect(toThem.map((mail) => mail.subject).filter((subject) => subject?.includes('still to pay'))).toEqual([])
    expect((await remindersOf(owing)).map((email) => email.status)).toEqual(['sent'])
    for (const order of [paid, cancelled]) expect((await remindersOf(order)).map((email) => email.status), order.fullName).toEqual(['skipped'])
    await setReminders({ enabled: false })
  })

  it('paid while its reminder is being tried on a mail server that hangs: the failed attempt leaves it not sent', async () => {
    await setReminders({ enabled: true, timing: 'afterOrdering', hoursAfter: 2 })
    const order = await placeOrder()
    // Its confirmation and the seller's copy go first (a background round may be sending them), so the reminder is the one tried.
    await vi.waitFor(async () => {
      await deliverDueEmails(app.payload)
      const { docs } = await app.payload.find({ collection: 'email-outbox', where: { about: { equals: `order:${order.id}` } }, pagination: false })
      expect(docs.map((email) => email.status)).toEqual(['sent', 'sent'])
    })
    const port = smtp.port
    await smtp.close()
    let hanging: Awaited<ReturnType<typeof startHangingSmtp>> | undefined
    try {
      const due = after(order, 2 * HOUR + MINUTE)
      await queueScheduledMessages(app.payload, due)
      // The round that follows the queueing finds the mail server down, and the reminder waits.
      await vi.waitFor(async () => expect(await remindersOf(order)).toMatchObject([{ status: 'pending', attempts: 1 }]), { timeout: 5_000 })
      // The mail server comes back, but hangs: the next round takes the reminder and waits on it; meanwhile the order is paid.
      hanging = await startHangingSmtp(port)
      const round = deliverDueEmails(app.payload, { now: new Date(due.getTime() + HOUR) })
      await vi.waitFor(async () => expect(await remindersOf(order)).toMatchObject([{ status: 'sending' }]))
      await update(order, { paymentStatus: 'paid', paymentMethod: 'cash' })
      // The attempt times out: the reminder is not put back to wait for another.
      expect(await round).toEqual({ sent: 0, failed: 1 })
      expect(await remindersOf(order)).toMatchObject([{ status: 'skipped', lastError: 'No longer owed when it could go: the order was paid, cancelled or left out of payment reminders.' }])
    } finally {
      await hanging?.close()
      smtp = await startSmtp(port)
      await setReminders({ enabled: false })
    }
  })

  it('ticked "No payment reminder" before its moment, none goes; unticked again within the day after, it goes', async () => {
    await setReminders({ enabled: true, timing: 'afterOrdering', hoursAfter: 12 })
    const order = await placeOrder()
    await queueScheduledMessages(app.payload, after(order, 11 * HOUR))
    await update(order, { noPaymentReminder: true })
    await queueScheduledMessages(app.payload, after(order, 12 * HOUR + MINUTE))
    expect(await remindersOf(order)).toEqual([])
    // Unticked again within the grace, it goes after all.
    await update(order, { noPaymentReminder: false })
    await queueScheduledMessages(app.payload, after(order, 13 * HOUR))
    expect(await remindersOf(order)).toHaveLength(1)
    await setReminders({ enabled: false })
  })
})
