import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import { sql } from '@payloadcms/db-sqlite'
import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { BATCH_CLOCK_MS, batchClockRound, openingKey, openingSubject } from '@/features/ordering/batchClock'
import { orderNotices } from '@/features/ordering/notices'
import { submitOrder } from '@/features/ordering/service'
import { migrations } from '@/migrations'
import * as batchesMigration from '@/migrations/20261126_114917_batches'
import type { Order, User } from '@/payload-types'
import { queueEmail } from '@/platform/email/outbox'

import { jarsLeftIn, openBatch, removeBatches } from '../helpers/batches'
import { validOrderForm } from '../helpers/orders'
import { adminAuthHeader, rest, startPayload, type TestPayload } from '../helpers/payload'

/**
 * Batches as customers and the seller meet them: each flavor's jars taken by orders in their
 * transaction, given back by a cancel, a batch past its freshness limit or closed taking no order,
 * the freshness dates on what the customer keeps, and a batch opening at its time to the list.
 */

const ADMIN = { email: 'batches@example.com', password: 'correct-horse-battery' }
const quiet = { disableRevalidate: true }
const isSqlite = !process.env.DATABASE_URI?.startsWith('mongodb')

let app: TestPayload
let payload: Payload
let seller: User & { collection: 'users' }
let nextCustomer = 1

beforeAll(async () => {
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  payload = app.payload
  const { docs } = await payload.find({ collection: 'users', where: { email: { equals: ADMIN.email } }, limit: 1 })
  seller = { ...docs[0], collection: 'users' }
})

afterAll(async () => {
  await app?.cleanup()
})

beforeEach(async () => {
  await removeBatches(payload)
  await payload.updateGlobal({ slug: 'stock', data: { minDaysLeft: 7 }, context: quiet })
})

function customer() {
  const n = nextCustomer++
  return { fullName: `Batch Customer ${n}`, email: `batch-customer-${n}@example.com` }
}

/** An order of one jar per flavor key given, from a customer of its own. */
const orderOf = (flavors: string[], options: { key?: string; now?: Date } = {}) =>
  submitOrder(
    payload,
    { ...validOrderForm, ...customer(), quantity: String(flavors.length), flavor1: '', flavor2: '', flavor3: '', ...Object.fromEntries(flavors.map((flavor, index) => [`flavor${index + 1}`, flavor])) },
    options.key,
    options.now ? { now: () => options.now! } : {},
  )

async function placed(result: Awaited<ReturnType<typeof submitOrder>>): Promise<Order> {
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return result.order
}

const SIX = ['mixed-berry', 'mixed-berry', 'peach-ginger', 'mixed-berry', 'pineapple-mango', 'mixed-berry']

describe('a batch counted per flavor', () => {
  it('two buyers racing for the last Peach Ginger jar: one order, the other told Peach Ginger sold out, nothing oversold', async () => {
    const batch = await openBatch(payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 1 } })
    const before = (await payload.count({ collection: 'orders' })).totalDocs
    const results = await Promise.all([orderOf(['peach-ginger'], { key: 'order:race-peach-a-0123456789' }), orderOf(['peach-ginger'], { key: 'order:race-peach-b-0123456789' })])

    expect(results.filter((result) => result.status === 'success')).toHaveLength(1)
    expect(results.find((result) => result.status === 'error')).toEqual({ status: 'error', message: orderNotices.flavorSoldOut('Peach Ginger'), field: 'flavor1' })
    expect((await payload.count({ collection: 'orders' })).totalDocs).toBe(before + 1)
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'mixed-berry': 10, 'peach-ginger': 0 })
    // The other flavors still sell.
    await placed(await orderOf(['mixed-berry']))
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'mixed-berry': 9, 'peach-ginger': 0 })
  })

  it('refuses more jars of a flavor than are left, saying how many, and a flavor the batch did not make; nothing is taken', async () => {
    const batch = await openBatch(payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 2 } })
    expect(await orderOf(['mixed-berry', 'peach-ginger', 'peach-ginger', 'peach-ginger', 'mixed-berry', 'mixed-berry'])).toEqual({
      status: 'error',
      message: orderNotices.notEnoughOfFlavor('Peach Ginger', 2),
      field: 'flavor2',
    })
    expect(await orderOf(['pineapple-mango'])).toEqual({ status: 'error', message: orderNotices.flavorSoldOut('Pineapple Mango'), field: 'flavor1' })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'mixed-berry': 10, 'peach-ginger': 2 })
  })

  it('a cancelled order gives each flavor its jars back, once; set back, it takes them again', async () => {
    const batch = await openBatch(payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 5, 'pineapple-mango': 5 } })
    const order = await placed(await orderOf(SIX))
    expect(order).toMatchObject({ jarsFromBatch: 6, batch: expect.objectContaining({ id: batch.id }) })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'mixed-berry': 6, 'peach-ginger': 4, 'pineapple-mango': 4 })

    await payload.update({ collection: 'orders', id: order.id, data: { status: 'cancelled' }, user: seller, overrideAccess: false })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'mixed-berry': 10, 'peach-ginger': 5, 'pineapple-mango': 5 })
    await payload.update({ collection: 'orders', id: order.id, data: { notes: 'Called to cancel' }, user: seller, overrideAccess: false })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'mixed-berry': 10, 'peach-ginger': 5, 'pineapple-mango': 5 })

    // A newer batch opened meanwhile: the order still goes back to its own.
    await openBatch(payload, { jarsLeft: 50 })
    await payload.update({ collection: 'orders', id: order.id, data: { status: 'confirmed' }, user: seller, overrideAccess: false })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'mixed-berry': 6, 'peach-ginger': 4, 'pineapple-mango': 4 })
    expect(await payload.findByID({ collection: 'orders', id: order.id, depth: 0 })).toMatchObject({ status: 'confirmed', jarsFromBatch: 6, batch: batch.id })
  })
})

describe('a batch that takes no orders', () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString()

  it('past its freshness limit: sold out, until the seller allows fewer days', async () => {
    // Made 10 days ago, best by in 4 days: fewer than the 7 the rule asks for.
    await openBatch(payload, { jarsLeft: 20 }, { madeOn: day(-10), bestBy: day(4) })
    expect(await orderOf(['mixed-berry'])).toEqual({ status: 'error', message: orderNotices.soldOut, field: 'quantity' })
    await payload.updateGlobal({ slug: 'stock', data: { minDaysLeft: 3 }, context: quiet })
    await placed(await orderOf(['mixed-berry']))
  })

  it('after its closing time, or before the next batch opens: sold out; at the opening it sells', async () => {
    await openBatch(payload, { jarsLeft: 20 }, { opensAt: new Date(Date.now() - 60_000).toISOString(), closesAt: new Date(Date.now() - 1_000).toISOString() })
    expect(await orderOf(['mixed-berry'])).toMatchObject({ status: 'error', message: orderNotices.soldOut })

    const opensAt = new Date(Date.now() + 3 * 86_400_000)
    await payload.create({ collection: 'batches', data: { madeOn: day(2), opensAt: opensAt.toISOString(), jarsLeft: 5 }, context: quiet })
    expect(await orderOf(['mixed-berry'], { now: new Date(opensAt.getTime() - 60_000) })).toMatchObject({ status: 'error', message: orderNotices.soldOut })
    expect(await placed(await orderOf(['mixed-berry'], { now: opensAt }))).toMatchObject({ jarsFromBatch: 1 })
  })
})

describe('what the customer keeps', () => {
  it('the confirmation, its e-mail, the status page and a status e-mail say when the jars were made and are best by', async () => {
    await openBatch(payload, { jarsLeft: 20 }, { madeOn: '2026-12-05T12:00:00.000Z', opensAt: '2026-12-05T14:00:00.000Z', bestBy: '2026-12-19T12:00:00.000Z' })
    const result = await orderOf(['mixed-berry'], { now: new Date('2026-12-06T15:00:00.000Z') })
    const order = await placed(result)
    const FRESHNESS = 'Made Dec 5 · best by Dec 19 · keep refrigerated'
    const { orderConfirmation } = await import('@/features/ordering/confirmation')
    expect(orderConfirmation(order, []).freshness).toBe(FRESHNESS)

    const mails = async () => (await payload.find({ collection: 'email-outbox', where: { and: [{ about: { equals: `order:${order.id}` } }, { to: { equals: order.email } }] }, pagination: false })).docs
    expect((await mails()).map((mail) => mail.text).join('\n')).toContain(FRESHNESS)

    const { findOrderByStatusToken } = await import('@/features/ordering/orderStatus')
    const shown = await findOrderByStatusToken(payload, order.statusToken!)
    expect(orderConfirmation(shown!, []).freshness).toBe(FRESHNESS)

    await payload.update({ collection: 'orders', id: order.id, data: { status: 'confirmed' }, user: seller, overrideAccess: false })
    const confirmed = (await mails()).find((mail) => mail.dedupeKey === `order:${order.id}:confirmed`)
    expect(confirmed?.text).toContain(FRESHNESS)
  })

  it('the prep sheet and its CSV name the batch each order’s jars come from', async () => {
    await openBatch(payload, { jarsLeft: 20 }, { code: 'B-PREP' })
    const order = await placed(await orderOf(['peach-ginger', 'mixed-berry', 'peach-ginger']))
    await payload.update({ collection: 'orders', id: order.id, data: { status: 'confirmed' }, user: seller, overrideAccess: false })
    const { findPrepSheet, prepSheetCsv } = await import('@/features/admin/prepSheet')
    const sheet = await findPrepSheet(payload, '2026-12-05')
    expect([...sheet.pickups, ...sheet.deliveries].find((stop) => stop.id === order.id)).toMatchObject({ batch: 'B-PREP', jars: '2 × Peach Ginger, 1 × Mixed Berry' })
    expect(prepSheetCsv(sheet)).toContain(`${order.reference},${order.fullName},${order.phone},3,"2 × Peach Ginger, 1 × Mixed Berry",B-PREP,`)
  })

  it('an order from a batch without a jar limit takes no jars but keeps the batch’s dates', async () => {
    const batch = await openBatch(payload, { jarsLeft: null }, { madeOn: '2026-11-20T12:00:00.000Z', bestBy: '2026-12-04T12:00:00.000Z', opensAt: '2026-11-20T14:00:00.000Z' })
    const order = await placed(await orderOf(['mixed-berry'], { now: new Date('2026-11-21T15:00:00.000Z') }))
    expect(await payload.findByID({ collection: 'orders', id: order.id, depth: 0 })).toMatchObject({ jarsFromBatch: 0, batch: batch.id })
    const { orderConfirmation } = await import('@/features/ordering/confirmation')
    expect(orderConfirmation(order, []).freshness).toBe('Made Nov 20 · best by Dec 4 · keep refrigerated')
  })

  it('an order from a site without batches says nothing of dates', async () => {
    const order = await placed(await orderOf(['mixed-berry']))
    expect(order.batch ?? null).toBeNull()
    const { orderConfirmation } = await import('@/features/ordering/confirmation')
    expect(orderConfirmation(order, []).freshness).toBeNull()
  })
})

describe('the seller’s batches', () => {
  it('fills the code, best-by day and opening time left empty; a second batch the same day gets its own code', async () => {
    const settings = await payload.findGlobal({ slug: 'site-settings' })
    const first = await payload.create({ collection: 'batches', data: { madeOn: '2026-12-05T17:30:00.000Z' }, context: quiet })
    const second = await payload.create({ collection: 'batches', data: { madeOn: '2026-12-05T09:00:00.000Z' }, context: quiet })
    expect(first).toMatchObject({ code: 'B-1205', madeOn: '2026-12-05T12:00:00.000Z', announce: true })
    expect(first.bestBy).toBe(new Date(Date.parse('2026-12-05T12:00:00.000Z') + settings.shelfLifeDays * 86_400_000).toISOString())
    expect(Math.abs(Date.parse(first.opensAt!) - Date.now())).toBeLessThan(60_000)
    expect(second.code).toBe('B-1205-2')
  })

  it('refuses a code that is not letters, digits and dashes, dates out of order, and a flavor listed twice', async () => {
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    const flavor = (await payload.find({ collection: 'flavors', limit: 1 })).docs[0]
    const badCode = await rest(app.config, 'POST', '/batches', { headers, body: { madeOn: '2026-12-05', code: 'B 12/05' } })
    expect(badCode.status).toBe(400)
    expect(JSON.stringify(badCode.json)).toContain('Letters, digits and dashes, e.g. B-1205.')
    const backwards = await rest(app.config, 'POST', '/batches', { headers, body: { madeOn: '2026-12-05', bestBy: '2026-12-01', opensAt: '2026-12-05T14:00:00.000Z', closesAt: '2026-12-05T13:00:00.000Z' } })
    expect(backwards.status).toBe(400)
    expect(JSON.stringify(backwards.json)).toContain('The best-by day comes after the made-on day.')
    expect(JSON.stringify(backwards.json)).toContain('It closes after it opens.')
    const twice = await rest(app.config, 'POST', '/batches', { headers, body: { madeOn: '2026-12-05', flavors: [{ flavor: flavor.id, made: 3 }, { flavor: flavor.id, made: 2 }] } })
    expect(twice.status).toBe(400)
    expect(JSON.stringify(twice.json)).toContain('Each flavor once')
    const before = await payload.count({ collection: 'batches' })
    for (const body of [{ madeOn: 'soon' }, { madeOn: '2026-12-05', bestBy: 'later' }]) {
      const notDays = await rest(app.config, 'POST', '/batches', { headers, body })
      expect(notDays.status, JSON.stringify(body)).toBe(400)
    }
    expect((await payload.count({ collection: 'batches' })).totalDocs).toBe(before.totalDocs)
  })

  it('keeps a batch that orders took jars from: deleting it is refused with what to do instead', async () => {
    const batch = await openBatch(payload, { jarsLeft: 10 })
    await placed(await orderOf(['mixed-berry']))
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    const refused = await rest(app.config, 'DELETE', `/batches/${batch.id}`, { headers })
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.json)).toContain('1 order took jars from this batch, so it stays for their records. To stop selling it, set its closing time.')
    expect(await payload.findByID({ collection: 'batches', id: batch.id, depth: 0 })).toMatchObject({ jarsLeft: 9 })
    // Nobody signed in reads no batch at all.
    expect((await rest(app.config, 'GET', `/batches/${batch.id}`)).status).toBe(403)
  })

  it.runIf(isSqlite)('the migration turns the single jar count into a batch with that total, holding the orders’ jars', async () => {
    const db = (payload.db as unknown as SQLiteAdapter).drizzle
    const order = await placed(await orderOf(['mixed-berry', 'peach-ginger', 'mixed-berry']))
    const cancelled = await placed(await orderOf(['mixed-berry']))
    await removeBatches(payload)
    const args = { db, payload, req: {} } as unknown as Parameters<typeof batchesMigration.up>[0]
    // The migrations made after it change the same tables: undone first, redone after.
    const later = migrations.slice(migrations.findIndex((migration) => migration.name === '20261126_114917_batches') + 1)
    for (const migration of [...later].reverse()) await migration.down(args)
    await batchesMigration.down(args)
    await db.run(sql`UPDATE stock SET jars_available = 12`)
    await db.run(sql`UPDATE orders SET jars_from_batch = quantity`)
    await db.run(sql`UPDATE orders SET status = 'cancelled', jars_from_batch = 0 WHERE id = ${cancelled.id}`)
    await batchesMigration.up(args)
    for (const migration of later) await migration.up(args)

    const { docs } = await payload.find({ collection: 'batches', depth: 0 })
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ jarsLeft: 12, announce: false, flavors: [] })
    expect(await payload.findByID({ collection: 'orders', id: order.id, depth: 0 })).toMatchObject({ batch: docs[0].id })
    expect(await payload.findByID({ collection: 'orders', id: cancelled.id, depth: 0 })).toMatchObject({ batch: null })
    expect(await payload.findGlobal({ slug: 'stock', depth: 0 })).toMatchObject({ minDaysLeft: 7 })
  })
})

describe('a batch opening at its time', () => {
  const waiting = ['ada@example.com', 'bo@example.com', 'cy@example.com']
  let expired = 0
  const expirePages = async () => {
    expired += 1
  }
  /** The opening e-mails of this batch (ids are reused after a delete: only those since its creation). */
  const openingMails = async (batch: { id: number; createdAt: string }) =>
    (await payload.find({ collection: 'email-outbox', where: { and: [{ about: { equals: `batch:${batch.id}` } }, { createdAt: { greater_than_equal: batch.createdAt } }] }, pagination: false, depth: 0 })).docs

  beforeAll(async () => {
    for (const [index, email] of waiting.entries()) {
      await payload.create({ collection: 'email-captures', data: { name: `Waiting ${index}`, email, discount_code: `HC25OPEN${index}` } })
    }
    await payload.create({ collection: 'unsubscribes', data: { email: 'cy@example.com' } })
  })

  it('opens by the clock: the pages are expired at the opening, and everyone on the list not unsubscribed gets one e-mail, never twice', async () => {
    const opensAt = new Date(Date.now() + 7 * 86_400_000)
    const batch = await payload.create({
      collection: 'batches',
      data: { madeOn: new Date(opensAt.getTime() - 86_400_000).toISOString(), opensAt: opensAt.toISOString(), flavors: [] },
      context: quiet,
    })
    const before = new Date(opensAt.getTime() - 10 * 60_000)
    await batchClockRound(payload, expirePages, before)
    const expiredBefore = expired
    await batchClockRound(payload, expirePages, before)
    expect(expired).toBe(expiredBefore)
    expect(await openingMails(batch)).toHaveLength(0)

    const after = new Date(opensAt.getTime() + 5_000)
    await batchClockRound(payload, expirePages, after)
    expect(expired).toBe(expiredBefore + 1)
    const mails = await openingMails(batch)
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ada@example.com', 'bo@example.com'])
    expect(mails[0].subject).toBe(openingSubject(['Mixed Berry', 'Pineapple Mango', 'Peach Ginger']))
    expect(mails[0].subject).toBe('The new batch is open: Mixed Berry, Pineapple Mango, Peach Ginger — order now')
    expect(mails[0].listUnsubscribe).toContain('/unsubscribe')
    expect((await payload.findByID({ collection: 'batches', id: batch.id })).announcedAt).toBe(after.toISOString())

    await batchClockRound(payload, expirePages, new Date(after.getTime() + 30_000))
    expect(await openingMails(batch)).toHaveLength(2)
    expect(expired).toBe(expiredBefore + 1)
  })

  it('a round stopped halfway is finished by the next one without a second e-mail to anyone', async () => {
    const opensAt = new Date(Date.now() + 14 * 86_400_000)
    const batch = await payload.create({ collection: 'batches', data: { madeOn: new Date(opensAt.getTime() - 86_400_000).toISOString(), opensAt: opensAt.toISOString() }, context: quiet })
    // The round before the restart queued Ada's e-mail and stopped before the others.
    await queueEmail(payload, { to: 'ada@example.com', subject: 'queued before the restart', text: '-', about: `batch:${batch.id}`, dedupeKey: openingKey(batch, 'Ada@Example.com') })
    await batchClockRound(payload, expirePages, new Date(opensAt.getTime() + 1_000))
    const mails = await openingMails(batch)
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ada@example.com', 'bo@example.com'])
  })

  it('a batch the seller does not announce, or a sold-out one, e-mails nobody', async () => {
    const quietBatch = await openBatch(payload, { jarsLeft: 10 }, { announce: false })
    await batchClockRound(payload, expirePages)
    expect(await openingMails(quietBatch)).toHaveLength(0)
    const soldOut = await openBatch(payload, { jarsLeft: 0 })
    await batchClockRound(payload, expirePages)
    expect(await openingMails(soldOut)).toHaveLength(0)
  })

  it('expires the pages at the opening itself when it comes before the next round', async () => {
    const opensAt = new Date(Date.now() + 1_500)
    await payload.create({ collection: 'batches', data: { madeOn: new Date().toISOString(), opensAt: opensAt.toISOString(), announce: false }, context: quiet })
    await batchClockRound(payload, expirePages)
    const before = expired
    // No round runs in this test: only the timer the round set can expire them (waited for as long as a round's pause).
    await expect.poll(() => expired, { timeout: BATCH_CLOCK_MS }).toBe(before + 1)
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt.getTime())
  })
})
