// Fills the fresh SQLite database DATABASE_URI names with a generated dataset (scripts/bench/dataset.ts),
// as `fillDatabase()` in scripts/bench/data.mjs runs it:
//   DATABASE_URI=file:… MEDIA_DIR=… npm run payload -- run scripts/bench/fillDatabase.ts <orders> <seed> <end ISO date>
// The rows are written as a seller's database held them at the migration DATA_SCHEMA names: the
// migrations up to it, then the orders, subscribers, reviews and sent e-mails in bulk through the
// adapter (its drizzle client, the column names of its own table objects), in batches inside
// transactions; the Local API, one document at a time with its hooks, would take an hour for 50,000
// orders. Then every later migration, which carries them forward as it does a real shop's data (a
// column a hook keeps is backfilled there), and the server's first start: the first admin from
// ADMIN_EMAIL/ADMIN_PASSWORD, the seeded content. Then what came later to the shop, at the newest
// schema: the batches (each order tied to its batch), the refill plans (their refill orders tied to
// them), each order's status e-mails and each batch opening's e-mail to everyone then on the list,
// all sent. Last, a few rows read back through Payload and compared with what was generated.
import configPromise from '@payload-config'
import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import { sql } from '@payloadcms/db-sqlite'
import { getPayload, type Migration, type Where } from 'payload'

import { templatesFrom } from '@/features/messages/templates'
import { batchOpeningEmail, openingKey } from '@/features/ordering/batchClock'
import { orderMessage } from '@/features/ordering/customerEmails'
import { customerOrderEmail, sellerOrderEmail } from '@/features/ordering/orderEmails'
import { priceListFrom } from '@/features/ordering/pricing'
import { lotTitle } from '@/features/recalls/lots'
import { migrations } from '@/migrations'
import { listEmailAbout } from '@/platform/email/retentionRules'
import type { Batch, Order } from '@/payload-types'
import { fulfilmentSeed } from '@/seed/fulfilment'
import { pricingSeed } from '@/seed/pages'
import { flavorsSeed } from '@/seed/shop'
import { siteSettingsSeed } from '@/seed/siteSettings'
import { addDays, dayKeyOf } from '@/shared/time'

import { type BatchRow, type Dataset, generateDataset, type OrderRow } from './dataset'

/**
 * The schema the generated rows are written in: the newest migration when the generator last
 * learned a field. Move it (and the generator) forward only to fill a new field.
 */
const DATA_SCHEMA = '20261123_093452_customer_messages_and_sources'
/** Rows per INSERT: well under SQLite's limit of 32,766 bound values with the orders' 35 columns. */
const ROWS_PER_STATEMENT = 500
/** Rows per transaction: one commit (and disk sync) per few thousand rows, not per row. */
const ROWS_PER_TRANSACTION = 5000

const [orderCount, seed, end] = [Number(process.argv[2]), Number(process.argv[3]), new Date(process.argv[4] ?? '')]
if (!Number.isInteger(orderCount) || orderCount < 1 || !Number.isInteger(seed) || Number.isNaN(end.getTime())) {
  throw new Error('usage: payload run scripts/bench/fillDatabase.ts <orders> <seed> <end ISO date>')
}

const config = await configPromise
// Not started as a server yet: the migrations come in two steps, and the seed after them.
const payload = await getPayload({ config, disableOnInit: true })
const db = payload.db as unknown as SQLiteAdapter

/** SQLite's values: booleans as 0/1, a missing value as NULL. */
const sqliteValue = (value: unknown) => (typeof value === 'boolean' ? Number(value) : (value ?? null))

/**
 * Writes `rows` into the collection's table and answers their ids, in the rows' order. The columns
 * are named by the adapter's table object, and only those the rows hold are written: the table
 * object knows the newest schema, the file is still at DATA_SCHEMA's.
 */
async function insertRows(tableName: string, rows: readonly Record<string, unknown>[]): Promise<number[]> {
  const table = db.tables[tableName]
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))]
  const columns = sql.join(
    fields.map((field) => sql.identifier(table[field].name)),
    sql`, `,
  )
  const ids: number[] = []
  for (let from = 0; from < rows.length; from += ROWS_PER_TRANSACTION) {
    await db.drizzle.transaction(async (tx) => {
      for (let start = from; start < Math.min(rows.length, from + ROWS_PER_TRANSACTION); start += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(start, Math.min(start + ROWS_PER_STATEMENT, from + ROWS_PER_TRANSACTION, rows.length))
        const values = sql.join(
          chunk.map((row) => sql`(${sql.join(fields.map((field) => sql`${sqliteValue(row[field])}`), sql`, `)})`),
          sql`, `,
        )
        const stored = await tx.all<{ id: number }>(sql`INSERT INTO ${sql.identifier(tableName)} (${columns}) VALUES ${values} RETURNING id`)
        ids.push(...stored.map((row) => row.id))
      }
    })
  }
  return ids
}

/** Writes e-mails as they come, a transaction's worth at a time: 300,000 of them are never all in memory. */
async function insertEmails(emails: Iterable<Record<string, unknown>>): Promise<number> {
  let batch: Record<string, unknown>[] = []
  let written = 0
  for (const email of emails) {
    batch.push(email)
    if (batch.length === ROWS_PER_TRANSACTION) {
      written += (await insertRows('email_outbox', batch)).length
      batch = []
    }
  }
  return written + (await insertRows('email_outbox', batch)).length
}

/** The seller's and the customer's e-mail of each order, as the order service queued them, all sent. */
function* sentOrderEmails(orders: OrderRow[], ids: number[]) {
  const settings = siteSettingsSeed
  for (const [index, row] of orders.entries()) {
    const order: Order = { ...row, id: ids[index] }
    const sentAt = new Date(new Date(order.createdAt).getTime() + 2000).toISOString()
    const sent = { status: 'sent', about: `order:${order.id}`, attempts: 1, sentAt, createdAt: order.createdAt, updatedAt: sentAt }
    yield { ...sellerOrderEmail(order, settings), ...sent }
    if (order.email) yield { ...customerOrderEmail({ ...order, email: order.email }, settings), ...sent }
  }
}

/** The batches with their jars per flavor, and each order's batch (one UPDATE per batch: its orders' ids follow one another). */
async function insertBatches(dataset: Dataset, orderIds: number[]): Promise<number[]> {
  const flavorIds = new Map((await db.drizzle.all<{ id: number; value: string }>(sql`SELECT id, value FROM flavors`)).map((flavor) => [flavor.value, flavor.id]))
  const batchIds = await insertRows('batches', dataset.batches.map(({ flavors: _flavors, ...batch }) => batch))
  await insertRows(
    'batches_flavors',
    dataset.batches.flatMap((batch, index) =>
      batch.flavors.map((row, order) => ({ _order: order + 1, _parentID: batchIds[index], id: `bench-${index}-${order}`, flavor: flavorIds.get(row.flavor) ?? null, made: row.made, left: row.left })),
    ),
  )
  await db.drizzle.transaction(async (tx) => {
    for (const [index, id] of batchIds.entries()) {
      const ids = orderIds.filter((_, order) => dataset.batchOfOrder[order] === index)
      if (ids.length) await tx.run(sql`UPDATE orders SET batch_id = ${id} WHERE id BETWEEN ${ids[0]} AND ${ids.at(-1)}`)
    }
  })
  return batchIds
}

/** A bag of sea moss lasts this many batches: each of its lots is on as many, a recall of one finds all their orders. */
const BATCHES_PER_SEA_MOSS_LOT = 4

/**
 * Where the batches came from (Shop → Supplier lots): a sea moss lot every few batches, counted back
 * from the newest (so the newest lot is on the batch open now and the three before it), and a
 * peach invoice for each batch. Written as the admin writes them: the title the lot's hook makes,
 * the batch's choices in its relationship table.
 */
async function insertSupplierLots(dataset: Dataset, batchIds: number[]): Promise<number> {
  const newestFirst = [...dataset.batches.keys()].reverse()
  const seaMoss = newestFirst.filter((_, back) => back % BATCHES_PER_SEA_MOSS_LOT === 0)
  const lots = [
    ...seaMoss.map((index) => ({ batches: newestFirst.slice(newestFirst.indexOf(index), newestFirst.indexOf(index) + BATCHES_PER_SEA_MOSS_LOT), ingredient: 'Sea moss', supplier: 'Ocean Harvest', lot: `SM-${1000 + index}` })),
    ...dataset.batches.map((_, index) => ({ batches: [index], ingredient: 'Peach', supplier: 'Orchard Co', lot: `INV-${5000 + index}` })),
  ]
  const lotIds = await insertRows(
    'supplier_lots',
    lots.map(({ ingredient, supplier, lot, batches }) => {
      const receivedOn = `${addDays(dayKeyOf(dataset.batches[Math.min(...batches)].madeOn), -2)}T12:00:00.000Z`
      return { ingredient, supplier, lot, receivedOn, title: lotTitle({ ingredient, supplier, lot }), createdAt: receivedOn, updatedAt: receivedOn }
    }),
  )
  // Each batch's sea moss first, then its peaches: the order the batch lists them in.
  const choices = lots.flatMap((lot, lotIndex) => lot.batches.map((batch) => ({ batch: batchIds[batch], lot: lotIds[lotIndex], order: lot.ingredient === 'Sea moss' ? 1 : 2 })))
  await db.drizzle.transaction(async (tx) => {
    for (const { batch, lot, order } of choices) await tx.run(sql`INSERT INTO batches_rels ("order", parent_id, path, supplier_lots_id) VALUES (${order}, ${batch}, 'supplierLots', ${lot})`)
  })
  return lotIds.length
}

async function insertRefillPlans(dataset: Dataset, orderIds: number[]): Promise<void> {
  const planIds = await insertRows('refill_plans', dataset.refillPlans.map(({ refillOrders: _refillOrders, sourceOrder, ...plan }) => ({ ...plan, sourceOrder: orderIds[sourceOrder] })))
  await db.drizzle.transaction(async (tx) => {
    for (const [index, plan] of dataset.refillPlans.entries()) {
      const ids = plan.refillOrders.map((order) => orderIds[order])
      if (ids.length) await tx.run(sql`UPDATE orders SET refill_plan_id = ${planIds[index]}, source = 'refill-plan' WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
    }
  })
}

const HOUR_MS = 3_600_000
/** A stored batch as the e-mails read it. */
const batchOf = (row: BatchRow, id: number) => ({ ...row, id, flavors: [] }) as unknown as Batch

/**
 * The e-mails the seller's status changes sent each customer with an e-mail address: confirmed,
 * ready and completed as the order went through them, or cancelled.
 */
function* statusEmails(dataset: Dataset, orderIds: number[]) {
  const templates = templatesFrom({})
  const settings = siteSettingsSeed
  const path: Partial<Record<Order['status'], ('confirmed' | 'ready' | 'completed' | 'cancelled')[]>> = {
    confirmed: ['confirmed'],
    ready: ['confirmed', 'ready'],
    completed: ['confirmed', 'ready', 'completed'],
    cancelled: ['cancelled'],
  }
  for (const [index, row] of dataset.orders.entries()) {
    if (!row.email) continue
    const batchIndex = dataset.batchOfOrder[index]
    const order = { ...row, id: orderIds[index], email: row.email, batch: batchIndex === null ? null : batchOf(dataset.batches[batchIndex], 0) } as Order & { email: string }
    const placed = Date.parse(row.createdAt)
    const done = row.completedAt ? Date.parse(row.completedAt) : placed + 2 * 24 * HOUR_MS
    const at = { confirmed: placed + HOUR_MS, ready: done - 2 * HOUR_MS, completed: done, cancelled: placed + 3 * HOUR_MS }
    for (const kind of path[row.status] ?? []) {
      const sentAt = new Date(Math.min(at[kind], Date.parse(row.updatedAt))).toISOString()
      yield {
        ...orderMessage(payload, kind, order, settings, templates[kind]),
        about: `order:${order.id}`,
        dedupeKey: `order:${order.id}:${kind}`,
        status: 'sent',
        attempts: 1,
        sentAt,
        createdAt: sentAt,
        updatedAt: sentAt,
      }
    }
  }
}

/** Each batch opening's e-mail to everyone on the list by then, as the batch clock queued them (features/ordering/batchClock.ts). */
function* openingEmails(dataset: Dataset, batchIds: number[]) {
  const flavorNames = new Map(flavorsSeed.map((flavor) => [flavor.value, flavor.name]))
  for (const [index, row] of dataset.batches.entries()) {
    const batch = batchOf(row, batchIds[index])
    const onSale = row.flavors.map((flavor) => flavorNames.get(flavor.flavor) ?? flavor.flavor)
    if (onSale.length === 0) continue
    const sentAt = new Date(Date.parse(row.opensAt!) + 60_000).toISOString()
    for (const subscriber of dataset.subscribers) {
      if (subscriber.createdAt >= row.opensAt!) break
      yield {
        ...batchOpeningEmail(payload, batch, onSale, subscriber, siteSettingsSeed),
        about: listEmailAbout(batch.id),
        dedupeKey: openingKey(batch, subscriber.email),
        status: 'sent',
        attempts: 1,
        sentAt,
        createdAt: row.opensAt,
        updatedAt: sentAt,
      }
    }
  }
}

async function fill(): Promise<Dataset & { emails: number; lots: number }> {
  // Freed pages go back to the disk (the e-mails' text removed after the retention): the mode a
  // shop started on this version runs in (platform/email/retention.ts switches a small file at once).
  await db.client.executeMultiple('PRAGMA auto_vacuum = INCREMENTAL; VACUUM;')
  const { rows } = await db.client.execute('PRAGMA journal_mode')
  if (rows[0]?.journal_mode !== 'wal') throw new Error(`the database is in journal mode ${String(rows[0]?.journal_mode)}, not WAL as the server keeps it`)
  const schemaIndex = migrations.findIndex((migration) => migration.name === DATA_SCHEMA)
  if (schemaIndex < 0) throw new Error(`no migration ${DATA_SCHEMA} in src/migrations`)
  // The generated index is typed for the SQLite adapter; Payload's generic signature is wider.
  await payload.db.migrate({ migrations: migrations.slice(0, schemaIndex + 1) as unknown as Migration[] })

  // The seeded flavors and prices: the database holds them only once the seed ran, after the rows.
  const catalogue = { flavors: flavorsSeed.map(({ value, name }) => ({ value, name })), prices: priceListFrom(pricingSeed, fulfilmentSeed) }
  const dataset = generateDataset({ orders: orderCount, seed, end, catalogue })

  const orderIds = await insertRows('orders', dataset.orders)
  await insertRows('email_captures', dataset.subscribers)
  await insertRows('reviews', dataset.reviews.map(({ order, ...review }) => ({ ...review, order: order === null ? null : orderIds[order] })))
  let emails = await insertEmails(sentOrderEmails(dataset.orders, orderIds))

  await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
  // What a server's first start does: the first admin, the seeded content.
  await config.onInit?.(payload)
  const batchIds = await insertBatches(dataset, orderIds)
  const lots = await insertSupplierLots(dataset, batchIds)
  await insertRefillPlans(dataset, orderIds)
  emails += await insertEmails(statusEmails(dataset, orderIds))
  emails += await insertEmails(openingEmails(dataset, batchIds))
  // The next order placed takes the number after the last generated one.
  await payload.updateGlobal({ slug: 'order-numbers', data: { lastNumber: Number(dataset.orders.at(-1)?.reference?.replace(/\D/g, '')) } })
  await checkReadBack(dataset, orderIds, emails, lots)
  return { ...dataset, emails, lots }
}

/** What Payload reads back is what was generated: the counts, the newest orders field by field, the sum of all totals. */
async function checkReadBack(dataset: Dataset, orderIds: number[], emails: number, lots: number): Promise<void> {
  const problems: string[] = []
  const expectCount = async (collection: 'orders' | 'email-captures' | 'reviews' | 'email-outbox' | 'batches' | 'refill-plans' | 'supplier-lots', expected: number, where?: Where) => {
    const { totalDocs } = await payload.count({ collection, where })
    if (totalDocs !== expected) problems.push(`${collection}: ${totalDocs} stored, ${expected} generated`)
  }
  await expectCount('orders', dataset.orders.length)
  await expectCount('email-captures', dataset.subscribers.length)
  await expectCount('reviews', dataset.reviews.length)
  await expectCount('email-outbox', emails)
  await expectCount('batches', dataset.batches.length)
  await expectCount('refill-plans', dataset.refillPlans.length)
  // The generated lots and the seed's example one.
  await expectCount('supplier-lots', lots + 1)
  // Every batch names its lots, as Payload reads a batch back.
  const { docs: withLots } = await payload.find({ collection: 'batches', select: { supplierLots: true }, pagination: false, depth: 0 })
  const unsourced = withLots.filter((batch) => !batch.supplierLots?.length).length
  if (unsourced) problems.push(`${unsourced} batches without supplier lots`)
  await expectCount('orders', dataset.batchOfOrder.filter((batch) => batch !== null).length, { batch: { exists: true } })
  await expectCount('orders', dataset.refillPlans.reduce((sum, plan) => sum + plan.refillOrders.length, 0), { refillPlan: { exists: true } })

  const newest = await payload.find({ collection: 'orders', sort: '-createdAt', limit: 100, depth: 0 })
  for (const doc of newest.docs) {
    const index = orderIds.indexOf(doc.id)
    const row = dataset.orders[index]
    for (const field of ['reference', 'fullName', 'email', 'phone', 'status', 'paymentStatus', 'flavors', 'totalPrice', 'discountAmount', 'createdAt'] as const) {
      if (!row || doc[field] !== row[field]) problems.push(`order ${doc.id} ${field}: read ${JSON.stringify(doc[field])}, generated ${JSON.stringify(row?.[field])}`)
    }
  }
  // Every order through Payload, as the old customers view read them (seconds at 50,000: once per fill).
  const all = await payload.find({ collection: 'orders', select: { totalPrice: true }, pagination: false, depth: 0 })
  const total = all.docs.reduce((sum, order) => sum + order.totalPrice, 0)
  const generated = dataset.orders.reduce((sum, order) => sum + order.totalPrice, 0)
  if (total !== generated) problems.push(`sum of totals: ${total} stored, ${generated} generated`)
  if (problems.length) throw new Error(`the generated data did not read back:\n  ${problems.slice(0, 20).join('\n  ')}`)
}

try {
  const started = Date.now()
  const dataset = await fill()
  // Everything into the database file itself: the cached copy is one file, without its -wal beside it.
  await db.drizzle.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`)
  console.log(
    `Filled with ${dataset.orders.length} orders from ${dataset.customers} customers, ${dataset.subscribers.length} subscribers, ` +
      `${dataset.reviews.length} reviews, ${dataset.batches.length} batches, ${dataset.lots} supplier lots, ${dataset.refillPlans.length} refill plans and ${dataset.emails} e-mails in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  )
} finally {
  await payload.destroy()
}
