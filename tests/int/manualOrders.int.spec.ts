import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Orders } from '@/collections/Orders'
import { dashboardFigures } from '@/features/admin/dashboard'
import { findPrepSheet } from '@/features/admin/prepSheet'
import { enterOrderByHand } from '@/features/admin/manualOrder'
import { submitOrder } from '@/features/ordering/service'
import { windowsOpenNow } from '@/features/ordering/shop'
import { SUBMISSION_KEY_FIELD } from '@/shared/forms/submissionKey'

import { savedExportFile } from '../helpers/exports'
import type { Batch } from '@/payload-types'
import { jarsLeftIn, openBatch } from '../helpers/batches'
import { orderFormData, validOrderForm } from '../helpers/orders'
import { adminAuthHeader, startPayload, type TestPayload } from '../helpers/payload'
import { startSmtp, type TestSmtp } from '../helpers/smtp'

const ADMIN = { email: 'by-hand@example.com', password: 'correct-horse-battery' }

/** Thursday, Dec 3 2026, noon in Detroit: Saturday's pickup window is open. */
const thursdayNoon = new Date('2026-12-03T17:00:00Z')
const clock = { now: () => thursdayNoon }
const SATURDAY = '2026-12-05'
const SATURDAY_PICKUP = 'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market'

let app: TestPayload
let smtp: TestSmtp
let admin: Headers
let nextCustomer = 1

/** The Add order form as the seller fills it in: the order form's fields, no e-mail, no consent. */
function byHandForm(values: Record<string, string> = {}): FormData {
  const n = nextCustomer++
  const { email: _email, consent: _consent, ...fields } = validOrderForm
  return orderFormData({ ...fields, source: 'text', fullName: `Hand ${n}`, phone: `(313) 555-01${String(n).padStart(2, '0')}`, ...values })
}

const orderCount = async () => (await app.payload.count({ collection: 'orders' })).totalDocs
const outboxCount = async () => (await app.payload.count({ collection: 'email-outbox' })).totalDocs
let batch: Batch
const jarsAvailable = async () => jarsLeftIn(app.payload, batch)
const saturdayKey = async () => (await windowsOpenNow(app.payload, thursdayNoon)).open.find((window) => window.label === SATURDAY_PICKUP)!

beforeAll(async () => {
  smtp = await startSmtp()
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false' })
  admin = new Headers(await adminAuthHeader(app.config, ADMIN.email, ADMIN.password))
  await app.payload.updateGlobal({
    slug: 'fulfilment',
    data: { windows: [{ method: 'pickup', weekday: 'sat', start: '10:00', end: '14:00', place: 'Eastern Market', capacity: 2 }], leadTimeHours: 24, blackoutDates: [] },
  })
  // Made and opened on the test's clock, so it is the open batch at `thursdayNoon` whatever today is.
  batch = await openBatch(app.payload, { jarsLeft: 10 }, { madeOn: '2026-12-01T12:00:00.000Z', opensAt: '2026-12-01T14:00:00.000Z' })
})

afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})

describe('an order entered by hand', () => {
  it('is priced by the server (a typed total is ignored), takes jars and a window place, and is the seller’s to tell', async () => {
    const before = { dashboard: await dashboardFigures(app.payload), jars: await jarsAvailable(), window: await saturdayKey() }
    expect(before.window.placesLeft).toBe(2)

    const result = await enterOrderByHand(
      app.payload,
      admin,
      byHandForm({ deliveryMethod: 'pickup', window: before.window.key, totalPrice: '1', originalPrice: '1', discountAmount: '49', deliveryFee: '0', paymentStatus: 'paid' }),
      clock,
    )
    expect(result.status).toBe('success')
    if (result.status !== 'success') return
    const stored = await app.payload.findByID({ collection: 'orders', id: result.order.id, depth: 0 })
    // 3 jars picked up: the seller's $50, whatever the post said.
    expect(stored).toMatchObject({
      source: 'text',
      status: 'new',
      paymentStatus: 'unpaid',
      originalPrice: 50,
      deliveryFee: 0,
      discountAmount: 0,
      totalPrice: 50,
      consent: false,
      jarsFromBatch: 3,
      windowLabel: SATURDAY_PICKUP,
      windowStartsAt: '2026-12-05T15:00:00.000Z',
    })
    expect(stored.email ?? null).toBeNull()
    expect(stored.reference).toMatch(/^SM-\d+$/)

    // This batch's jars and the window's place are taken, as for an order from the form.
    expect(await jarsAvailable()).toBe((before.jars as number) - 3)
    expect((await saturdayKey()).placesLeft).toBe(1)

    // No e-mail address: only the seller's e-mail is queued.
    const { docs: emails } = await app.payload.find({ collection: 'email-outbox', where: { about: { equals: `order:${stored.id}` } }, depth: 0 })
    const settings = await app.payload.findGlobal({ slug: 'site-settings' })
    expect(emails.map((email) => email.to)).toEqual([settings.email])
    expect(emails[0].subject).toContain(stored.fullName)

    // The dashboard counts it like any other order.
    const after = await dashboardFigures(app.payload)
    expect(after.ordersWaiting).toBe(before.dashboard.ordersWaiting + 1)
    expect(after.ordersThisWeek).toBe(before.dashboard.ordersThisWeek + 1)
    expect(after.revenueThisWeek).toBe(before.dashboard.revenueThisWeek + 50)
    expect(after.jarsThisWeek).toBe(before.dashboard.jarsThisWeek + 3)
    expect(after.unpaid.total).toBe(before.dashboard.unpaid.total + 50)

    // On Saturday's prep sheet, with its jars.
    const sheet = await findPrepSheet(app.payload, SATURDAY)
    const pickup = sheet.pickups.find((entry) => entry.id === stored.id)
    expect(pickup).toMatchObject({ fullName: stored.fullName, window: SATURDAY_PICKUP, quantity: 3, toCollect: 50 })

    // In the admin's export, with the columns of the orders list, which show how it came in.
    const { file } = await savedExportFile(app, Object.fromEntries(admin), { collectionSlug: 'orders', format: 'csv', name: 'by-hand', fields: Orders.admin?.defaultColumns })
    const rows = parse(String(file), { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[]
    expect(rows.find((row) => row.reference === stored.reference)).toMatchObject({ fullName: stored.fullName, source: 'text', totalPrice: '50' })
  })

  it('e-mails the customer too when the seller enters an address, and records consent only when ticked', async () => {
    const result = await enterOrderByHand(app.payload, admin, byHandForm({ source: 'social', email: ' Sam@Example.com ', consent: 'on', deliveryMethod: 'delivery' }), clock)
    expect(result).toMatchObject({ status: 'success', order: { source: 'social', email: 'sam@example.com', consent: true, totalPrice: 55, deliveryMethod: 'delivery' } })
    if (result.status !== 'success') return
    const { docs } = await app.payload.find({ collection: 'email-outbox', where: { about: { equals: `order:${result.order.id}` } }, depth: 0 })
    expect(docs.map((email) => email.to).sort()).toEqual([(await app.payload.findGlobal({ slug: 'site-settings' })).email, 'sam@example.com'].sort())
  })

  it('follows the order rules: a wrong e-mail, a missing source, too few jars or a full window store nothing', async () => {
    const before = { orders: await orderCount(), outbox: await outboxCount(), jars: await jarsAvailable() }
    expect(await enterOrderByHand(app.payload, admin, byHandForm({ email: 'not-an-address' }), clock)).toMatchObject({
      status: 'error',
      field: 'email',
      message: { title: 'Invalid Email' },
    })
    expect(await enterOrderByHand(app.payload, admin, byHandForm({ source: '' }), clock)).toMatchObject({ status: 'error', field: 'source' })
    // 'online' is the order form's: an order entered by hand cannot claim it.
    expect(await enterOrderByHand(app.payload, admin, byHandForm({ source: 'online' }), clock)).toMatchObject({ status: 'error', field: 'source' })
    expect(await enterOrderByHand(app.payload, admin, byHandForm({ quantity: '6', flavor4: 'mixed-berry', flavor5: 'mixed-berry', flavor6: 'mixed-berry' }), clock)).toMatchObject({
      status: 'error',
      field: 'quantity',
      message: { title: 'Not Enough Jars Left' },
    })
    expect(await enterOrderByHand(app.payload, admin, byHandForm({ deliveryMethod: 'pickup', window: '' }), clock)).toMatchObject({ status: 'error', field: 'window' })
    expect({ orders: await orderCount(), outbox: await outboxCount(), jars: await jarsAvailable() }).toEqual(before)
  })

  it('is stored once when the same form is posted twice', async () => {
    const before = await orderCount()
    const form = byHandForm({ [SUBMISSION_KEY_FIELD]: 'f3a1c2d4-0000-4000-8000-000000000001' })
    const [first, second] = [await enterOrderByHand(app.payload, admin, form, clock), await enterOrderByHand(app.payload, admin, form, clock)]
    expect(first.status).toBe('success')
    expect(second.status === 'success' && first.status === 'success' && second.order.id === first.order.id).toBe(true)
    expect(await orderCount()).toBe(before + 1)
  })

  it('is refused without an admin session, before anything is read or stored', async () => {
    const before = { orders: await orderCount(), outbox: await outboxCount(), jars: await jarsAvailable() }
    const forged = new Headers({ Authorization: 'JWT eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MSwiY29sbGVjdGlvbiI6InVzZXJzIn0.forged' })
    const cookie = new Headers({ Cookie: 'payload-token=not-a-session' })
    for (const headers of [new Headers(), forged, cookie]) {
      expect(await enterOrderByHand(app.payload, headers, byHandForm(), clock)).toEqual({ status: 'refused' })
    }
    expect({ orders: await orderCount(), outbox: await outboxCount(), jars: await jarsAvailable() }).toEqual(before)
  })

  it('leaves the order form as it was: e-mail and consent still required there, and its orders are online', async () => {
    batch = await openBatch(app.payload, { jarsLeft: null }, { madeOn: '2026-12-01T12:00:00.000Z', opensAt: '2026-12-01T15:00:00.000Z' })
    const { email: _email, ...withoutEmail } = validOrderForm
    expect(await submitOrder(app.payload, { ...withoutEmail, fullName: 'Online Olive' }, undefined, clock)).toMatchObject({
      status: 'error',
      field: 'email',
      message: { title: 'Missing Information', description: 'Please fill in your email.' },
    })
    expect(await submitOrder(app.payload, { ...validOrderForm, consent: '' }, undefined, clock)).toMatchObject({ status: 'error', field: 'consent' })
    // A `source` in the post is not a field of the order form.
    const online = await submitOrder(app.payload, { ...validOrderForm, source: 'text', fullName: 'Online Olive' }, undefined, clock)
    expect(online).toMatchObject({ status: 'success', order: { source: 'online', consent: true } })
  })
})
