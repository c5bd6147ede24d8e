import { sql } from '@payloadcms/db-sqlite'
import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { joinEmailList } from '@/features/discounts/signUp'
import { queueScheduledMessages } from '@/features/ordering/orderMessages'
import { DEFAULT_TEMPLATES } from '@/features/messages/templates'
import { orderFromReviewKey, reviewLink, unsubscribeLink } from '@/features/messages/signedLinks'
import { unsubscribe } from '@/features/messages/unsubscribe'
import { submitOrder } from '@/features/ordering/service'
import { windowsOpenNow } from '@/features/ordering/shop'
import { submitReview } from '@/features/reviews/service'
import * as reminderPerDay from '@/migrations/20261129_153900_reminder_per_day'
import type { EmailOutbox, Order } from '@/payload-types'
import { businessDay } from '@/shared/time'
import { deliverDueEmails } from '@/platform/email/outbox'

import { validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'
import { startSmtp, type TestSmtp } from '../helpers/smtp'

const isSqlite = !process.env.DATABASE_URI?.startsWith('mongodb')
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
  const result = await submitOrder(app.payload, { ...validOrderForm, fullName: `Mia Message ${n}`, email: `message-${n}@example.com`, ...values })
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return result.order
}

const setStatus = (order: Order, status: Order['status']) => app.payload.update({ collection: 'orders', id: order.id, data: { status } })

async function emailsAbout(order: Order): Promise<EmailOutbox[]> {
  const { docs } = await app.payload.find({ collection: 'email-outbox', where: { about: { equals: `order:${order.id}` } }, sort: 'createdAt', pagination: false })
  return docs
}
const customerEmails = async (order: Order) => (await emailsAbout(order)).filter((email) => email.to === order.email)

describe('status e-mails', () => {
  it('tell the customer at each step, in the seeded words, with what matters at that step', async () => {
    const order = await placeOrder({ deliveryMethod: 'pickup' })
    await setStatus(order, 'confirmed')
    await setStatus(order, 'ready')
    await setStatus(order, 'completed')
    const [received, confirmed, ready, completed] = await customerEmails(order)
    expect(received.subject).toBe('Your Purple Seamoss Gel order: 3 jars, $50')
    expect(confirmed.subject).toBe(`Order ${order.reference} is confirmed`)
    expect(confirmed.text).toContain("When: we'll text you to arrange a time")
    expect(confirmed.text).toContain(`Please pay $50 (put ${order.reference} in the note)`)
    expect(confirmed.text).toMatch(/Venmo: @your-venmo: https:\/\/venmo\.com\/your-venmo\?txn=pay&amount=50&note=SM-\d+/)
    expect(confirmed.text).toContain(`/order/status/${order.statusToken}`)
    expect(ready.subject).toBe(`Order ${order.reference} is ready`)
    expect(completed.subject).toBe(`Thank you for your order, ${order.fullName}`)
    expect(completed.text).toMatch(/\/reviews\?name=Mia\+Message\+\d+&order=\d+\.[\w-]+/)
    // Order e-mails are no list e-mails: no unsubscribe.
    for (const email of [confirmed, ready, completed]) expect(email.listUnsubscribe ?? null).toBeNull()
    expect((await app.payload.findByID({ collection: 'orders', id: order.id })).completedAt).toBeTruthy()
  })

  it('go once per order and status, whatever the seller clicks afterwards', async () => {
    const order = await placeOrder()
    await setStatus(order, 'confirmed')
    await setStatus(order, 'new')
    await setStatus(order, 'confirmed')
    await app.payload.update({ collection: 'orders', id: order.id, data: { notes: 'Gate code 1234' } })
    expect((await customerEmails(order)).map((email) => email.subject)).toEqual(['Your Purple Seamoss Gel order: 3 jars, $55', `Order ${order.reference} is confirmed`])
  })

  it('a cancelled order gets its kind line; a message switched off is recorded as not sent, with the reason', async () => {
    const order = await placeOrder()
    await setStatus(order, 'cancelled')
    const cancelled = (await customerEmails(order)).at(-1)!
    expect(cancelled.subject).toBe(`Order ${order.reference} was cancelled`)
    expect(cancelled.text).toContain('text or call us at')

    await app.payload.updateGlobal({ slug: 'email-templates', data: { confirmed: { enabled: false } } })
    try {
      const quiet = await placeOrder()
      await setStatus(quiet, 'confirmed')
      const skipped = (await customerEmails(quiet)).at(-1)!
      expect(skipped).toMatchObject({ status: 'skipped', lastError: 'Switched off in E-mail templates.', subject: `Order ${quiet.reference} is confirmed` })
      expect(await deliverDueEmails(app.payload)).toMatchObject({ failed: 0 })
      expect(smtp.messages.some((mail) => mail.subject === `Order ${quiet.reference} is confirmed`)).toBe(false)
    } finally {
      await app.payload.updateGlobal({ slug: 'email-templates', data: { confirmed: { enabled: true } } })
    }
  })

  it("use the seller's words, placeholders filled", async () => {
    await app.payload.updateGlobal({ slug: 'email-templates', data: { ready: { subject: '{name}, {jars} are waiting', body: 'Come get them: {window}. Bring {total}.' } } })
    try {
      const order = await placeOrder({ deliveryMethod: 'pickup', fullName: 'Rae Ready' })
      await setStatus(order, 'ready')
      const ready = (await customerEmails(order)).at(-1)!
      expect(ready.subject).toBe('Rae Ready, 3 jars are waiting')
      expect(ready.text).toContain("Come get them: we'll text you to arrange a time. Bring $50.")
    } finally {
      await app.payload.updateGlobal({ slug: 'email-templates', data: { ready: { subject: DEFAULT_TEMPLATES.ready.subject, body: DEFAULT_TEMPLATES.ready.body } } })
    }
  })
})

describe('links in e-mails', () => {
  // Anyone can order in someone else's name: whatever they type must not become a link in the shop's e-mail.
  const typed = { fullName: 'http://evil.example/pay', address: 'https://evil.example/address', notes: 'See http://evil.example/notes', instagram: 'https://evil.example/ig' }
  const linksIn = (html: string | null | undefined) => [...(html ?? '').matchAll(/<a\b[^>]*href="([^"]*)"/g)].map((match) => match[1])

  it('are only the site’s own (and the seller’s payment links): a URL a customer typed stays text in every e-mail', async () => {
    const order = await placeOrder({ ...typed, deliveryMethod: 'delivery' })
    await setStatus(order, 'confirmed')
    await setStatus(order, 'ready')
    await setStatus(order, 'completed')
    await joinEmailList(app.payload, { name: 'https://evil.example/welcome', email: 'linked-name@example.com' })
    const welcome = (await app.payload.find({ collection: 'email-outbox', where: { to: { equals: 'linked-name@example.com' } } })).docs
    const emails = [...(await emailsAbout(order)), ...welcome]
    expect(emails.map((email) => email.subject)).toEqual([
      expect.stringMatching(/^New order: http:\/\/evil\.example\/pay/),
      'Your Purple Seamoss Gel order: 3 jars, $55',
      `Order ${order.reference} is confirmed`,
      `Order ${order.reference} is ready`,
      'Thank you for your order, http://evil.example/pay',
      expect.stringMatching(/^Your 25% off code: HC25/),
    ])
    for (const email of emails) {
      for (const href of linksIn(email.html)) expect(href, `a link in "${email.subject}"`).toMatch(/^(http:\/\/localhost:3000\/|https:\/\/venmo\.com\/|https:\/\/cash\.app\/)/)
    }
    // Still there, as text; and the site's own links still are links.
    const confirmed = emails[2]
    expect(confirmed.html).toContain('http://evil.example/pay')
    expect(confirmed.html).toContain('https://evil.example/address')
    expect(linksIn(confirmed.html)).toContain(`http://localhost:3000/order/status/${order.statusToken}`)
    expect(linksIn(welcome[0].html).some((href) => href.startsWith('http://localhost:3000/unsubscribe?'))).toBe(true)
  })
})

describe('reminders from the server’s own runner', () => {
  /**
   * Runs `test` with a pickup window (10:00–12:00, Corktown) three days out, so an order is accepted
   * with the 24-hour lead time; `at(9, 30)` is 9:30 the day before that window, in Detroit.
   */
  async function withWindowThreeDaysOut(test: (window: string, at: (hours: number, minutes?: number) => Date) => Promise<void>) {
    const day = new Date(Date.now() + 3 * 86_400_000)
    const dayName = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'America/Detroit' }).format(day)
    const weekday = (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const)[['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(dayName)]
    await app.payload.updateGlobal({ slug: 'fulfilment', data: { windows: [{ method: 'pickup', weekday, start: '10:00', end: '12:00', place: 'Corktown' }] } })
    try {
      const { open } = await windowsOpenNow(app.payload)
      const windowStart = new Date(open[0].startsAt)
      const dayBefore = new Date(windowStart.getTime() - 24 * 3_600_000)
      await test(open[0].key, (hours, minutes = 0) => new Date(dayBefore.getTime() + (hours - 10) * 3_600_000 + minutes * 60_000))
    } finally {
      await app.payload.updateGlobal({ slug: 'fulfilment', data: { windows: [] } })
    }
  }
  const remindersOf = async (order: Order) => (await customerEmails(order)).filter((email) => email.subject.startsWith('See you tomorrow'))

  it('the day before a booked window, once, from 9 in the morning', async () => {
    await withWindowThreeDaysOut(async (window, at) => {
      const order = await placeOrder({ deliveryMethod: 'pickup', window })
      const cancelled = await placeOrder({ deliveryMethod: 'pickup', window })
      await setStatus(cancelled, 'cancelled')
      const windowStart = new Date(order.windowStartsAt!)
      // The day before, in Detroit: 8:00 is too early, 9:30 is the time.
      await queueScheduledMessages(app.payload, at(8))
      expect((await customerEmails(order)).some((email) => email.subject.startsWith('See you tomorrow'))).toBe(false)
      await queueScheduledMessages(app.payload, at(9, 30))
      await queueScheduledMessages(app.payload, at(15))
      const reminders = await remindersOf(order)
      expect(reminders).toHaveLength(1)
      expect(reminders[0].text).toContain(`booked for ${order.windowLabel!.replace(' · Corktown', '')}`)
      expect(reminders[0].text).toContain('Where: Corktown')
      // Not for a cancelled order.
      expect((await customerEmails(cancelled)).some((email) => email.subject.startsWith('See you tomorrow'))).toBe(false)

      // One per booked day: a reminder stored before that rule (its key the order's alone) gets its
      // day from the migration, and the round then finds it sent.
      const bookedDay = businessDay(windowStart).key
      expect(reminders[0].dedupeKey).toBe(`order:${order.id}:reminder:${bookedDay}`)
      if (isSqlite) {
        const db = (app.payload.db as unknown as SQLiteAdapter).drizzle
        const args = { db, payload: app.payload, req: {} } as unknown as Parameters<typeof reminderPerDay.up>[0]
        await db.run(sql`UPDATE email_outbox SET created_at = ${at(9, 30).toISOString()} WHERE id = ${reminders[0].id}`)
        await reminderPerDay.down(args)
        expect((await app.payload.findByID({ collection: 'email-outbox', id: reminders[0].id })).dedupeKey).toBe(`order:${order.id}:reminder`)
        await reminderPerDay.up(args)
        expect((await app.payload.findByID({ collection: 'email-outbox', id: reminders[0].id })).dedupeKey).toBe(`order:${order.id}:reminder:${bookedDay}`)
        await queueScheduledMessages(app.payload, at(16))
        expect(await remindersOf(order)).toHaveLength(1)
      }
    })
  })

  it('queued while the mail server is down, the day-before reminder does not go to an order cancelled meanwhile (recorded as not sent, with why)', async () => {
    await withWindowThreeDaysOut(async (window, at) => {
      const cancelled = await placeOrder({ deliveryMethod: 'pickup', window })
      const coming = await placeOrder({ deliveryMethod: 'pickup', window })
      while ((await deliverDueEmails(app.payload)).sent > 0);
      const port = smtp.port
      await smtp.close()
      try {
        await queueScheduledMessages(app.payload, at(9, 30))
        await deliverDueEmails(app.payload, { now: at(9, 30) })
        // The mail server is down: every reminder waits for a retry.
        await vi.waitFor(async () => expect((await Promise.all([cancelled, coming].map(remindersOf))).flat().map((email) => email.status)).toEqual(['pending', 'pending']))
        await setStatus(cancelled, 'cancelled')
        expect(await remindersOf(cancelled)).toMatchObject([{ status: 'skipped', lastError: 'No longer to remind of when it could go: the order was completed or cancelled.' }])
        expect((await remindersOf(coming)).map((email) => email.status)).toEqual(['pending'])
      } finally {
        smtp = await startSmtp(port)
      }
    })
  })

  it('counts a reminder filed under the old key (one per order) on the day before as sent: MongoDB runs no migration', async () => {
    await withWindowThreeDaysOut(async (window, at) => {
      const remindedToday = await placeOrder({ deliveryMethod: 'pickup', window })
      const remindedForAnEarlierDay = await placeOrder({ deliveryMethod: 'pickup', window })
      const oldKeyReminder = (order: Order, queuedAt: Date) =>
        app.payload.create({
          collection: 'email-outbox',
          data: { to: order.email!, subject: 'See you tomorrow (before the upgrade)', text: '-', about: `order:${order.id}`, dedupeKey: `order:${order.id}:reminder`, status: 'sent', createdAt: queuedAt.toISOString() },
        })
      await oldKeyReminder(remindedToday, at(9, 30))
      await oldKeyReminder(remindedForAnEarlierDay, new Date(at(9, 30).getTime() - 2 * 86_400_000))

      await queueScheduledMessages(app.payload, at(11))
      expect((await remindersOf(remindedToday)).map((email) => email.dedupeKey)).toEqual([`order:${remindedToday.id}:reminder`])
      expect((await remindersOf(remindedForAnEarlierDay)).map((email) => email.dedupeKey).sort()).toEqual([
        `order:${remindedForAnEarlierDay.id}:reminder`,
        `order:${remindedForAnEarlierDay.id}:reminder:${businessDay(new Date(remindedForAnEarlierDay.windowStartsAt!)).key}`,
      ])
    })
  })

  it('the refill reminder: 12 days after completion, once, only when asked, never to an unsubscribed address', async () => {
    const asked = await app.payload.update({ collection: 'orders', id: (await placeOrder()).id, data: { refillReminder: true } })
    const notAsked = await placeOrder()
    const leaving = await app.payload.update({ collection: 'orders', id: (await placeOrder()).id, data: { refillReminder: true } })
    for (const order of [asked, notAsked, leaving]) await setStatus(order, 'completed')
    expect(await unsubscribe(app.payload, leaving.email, new URL(unsubscribeLink(app.payload, leaving.email!)).searchParams.get('key'))).toBe(true)

    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000 + 60_000)
    await queueScheduledMessages(app.payload, inDays(11))
    expect((await customerEmails(asked)).some((email) => email.subject.startsWith('Time for a fresh jar'))).toBe(false)
    await queueScheduledMessages(app.payload, inDays(12))
    await queueScheduledMessages(app.payload, inDays(13))
    const refills = (await customerEmails(asked)).filter((email) => email.subject.startsWith('Time for a fresh jar'))
    expect(refills).toHaveLength(1)
    expect(refills[0].text).toMatch(/\/order\?qty=3&flavor1=mixed-berry&flavor2=peach-ginger&flavor3=pineapple-mango/)
    expect(refills[0].listUnsubscribe).toContain(`/unsubscribe?email=${encodeURIComponent(asked.email!)}`)
    expect(refills[0].text).toContain("Don't want these e-mails? Unsubscribe:")
    expect((await customerEmails(notAsked)).some((email) => email.subject.startsWith('Time for a fresh jar'))).toBe(false)
    expect((await customerEmails(leaving)).find((email) => email.subject.startsWith('Time for a fresh jar'))).toMatchObject({ status: 'skipped', lastError: 'The address unsubscribed from these e-mails.' })

    // Sent through SMTP with the one-click unsubscribe headers.
    while ((await deliverDueEmails(app.payload)).sent > 0);
    const delivered = await smtp.waitForMailTo(asked.email!, (mail) => mail.subject?.startsWith('Time for a fresh jar') ?? false)
    // Long headers arrive folded (CRLF and a space); unfolded, they read as sent.
    const header = (name: string) => (delivered.headerLines.find((line) => line.key === name)?.line ?? '').replace(/\r\n/g, '')
    expect(header('list-unsubscribe')).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/unsubscribe\?email=[^>]+&key=[\w-]+>$/)
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
  })
})

describe('unsubscribing', () => {
  it('needs the signed link: a made-up or altered one changes nothing', async () => {
    expect(await unsubscribe(app.payload, 'victim@example.com', 'made-up-key')).toBe(false)
    const key = new URL(unsubscribeLink(app.payload, 'someone@example.com')).searchParams.get('key')
    expect(await unsubscribe(app.payload, 'victim@example.com', key)).toBe(false)
    expect((await app.payload.count({ collection: 'unsubscribes', where: { email: { equals: 'victim@example.com' } } })).totalDocs).toBe(0)
    expect(await unsubscribe(app.payload, 'Someone@Example.com', key)).toBe(true)
    expect(await unsubscribe(app.payload, 'someone@example.com', key)).toBe(true)
    expect((await app.payload.count({ collection: 'unsubscribes', where: { email: { equals: 'someone@example.com' } } })).totalDocs).toBe(1)
  })

  it('the welcome e-mail is a list e-mail; joining the list again undoes an unsubscribe', async () => {
    const email = 'joiner@example.com'
    const key = new URL(unsubscribeLink(app.payload, email)).searchParams.get('key')
    expect(await unsubscribe(app.payload, email, key)).toBe(true)
    const joined = await joinEmailList(app.payload, { name: 'Jo Joiner', email })
    expect(joined.status).toBe('joined')
    const { docs } = await app.payload.find({ collection: 'email-outbox', where: { to: { equals: email } } })
    expect(docs[0].listUnsubscribe).toContain('/unsubscribe?email=joiner%40example.com')
    expect(docs[0].subject).toMatch(/^Your 25% off code: HC25/)
    expect((await app.payload.count({ collection: 'unsubscribes', where: { email: { equals: email } } })).totalDocs).toBe(0)
  })
})

describe('the review link of a completed order', () => {
  it('marks the review as a verified buyer’s, once per order; a tampered link gives a plain review', async () => {
    const order = await placeOrder()
    await setStatus(order, 'completed')
    const key = new URL(reviewLink(app.payload, order)).searchParams.get('order')!
    expect(orderFromReviewKey(app.payload, key)).toBe(String(order.id))

    const first = await submitReview(app.payload, { name: order.fullName, rating: '5', comment: 'Lovely gel.', orderKey: key })
    expect(first).toMatchObject({ ok: true, review: { verifiedBuyer: true } })
    const second = await submitReview(app.payload, { name: order.fullName, rating: '4', comment: 'Again.', orderKey: key })
    expect(second).toMatchObject({ ok: false, message: { title: 'Already Reviewed' } })

    const tampered = `${Number(order.id) + 1}.${key.split('.')[1]}`
    const plain = await submitReview(app.payload, { name: 'Someone', rating: '5', comment: 'Guessing.', orderKey: tampered })
    expect(plain).toMatchObject({ ok: true, review: { verifiedBuyer: false } })
  })
})

describe('the refill opt-in on the order form', () => {
  it('is off unless ticked', async () => {
    expect((await placeOrder()).refillReminder).toBe(false)
    expect((await placeOrder({ refillReminder: 'on' })).refillReminder).toBe(true)
  })
})
