// Fills the fresh SQLite database DATABASE_URI names with a generated dataset (scripts/bench/dataset.ts),
// as `fillDatabase()` in scripts/bench/data.mjs runs it:
//   DATABASE_URI=file:… MEDIA_DIR=… npm run payload -- run scripts/bench/fillDatabase.ts <orders> <seed> <end ISO date>
// Payload starts as the server does (the migrations, the first admin from ADMIN_EMAIL/ADMIN_PASSWORD,
// the seeded content); the orders, subscribers, reviews and sent e-mails then go in through the
// adapter's own table objects, in batches inside transactions: the Local API, one document at a
// time with its hooks, would take an hour for 50,000 orders. Then a few of them are read back
// through Payload and compared with what was generated.
import config from '@payload-config'
import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import { sql } from '@payloadcms/db-sqlite'
import { getPayload, type Payload } from 'payload'

import { customerOrderEmail, sellerOrderEmail } from '@/features/ordering/orderEmails'
import { priceListFrom } from '@/features/ordering/pricing'
import type { Order } from '@/payload-types'

import { type Dataset, generateDataset, type OrderRow } from './dataset'

/** Rows per INSERT: well under SQLite's limit of 32,766 bound values with the orders' 35 columns. */
const ROWS_PER_STATEMENT = 500
/** Rows per transaction: one commit (and disk sync) per few thousand rows, not per row. */
const ROWS_PER_TRANSACTION = 5000

const [orderCount, seed, end] = [Number(process.argv[2]), Number(process.argv[3]), new Date(process.argv[4] ?? '')]
if (!Number.isInteger(orderCount) || orderCount < 1 || !Number.isInteger(seed) || Number.isNaN(end.getTime())) {
  throw new Error('usage: payload run scripts/bench/fillDatabase.ts <orders> <seed> <end ISO date>')
}

const payload = await getPayload({ config })
const db = payload.db as unknown as SQLiteAdapter

/** Writes `rows` into the collection's table and answers their ids, in the rows' order. */
async function insertRows(tableName: string, rows: readonly Record<string, unknown>[]): Promise<number[]> {
  const table = db.tables[tableName]
  const ids: number[] = []
  for (let from = 0; from < rows.length; from += ROWS_PER_TRANSACTION) {
    await db.drizzle.transaction(async (tx) => {
      for (let start = from; start < Math.min(rows.length, from + ROWS_PER_TRANSACTION); start += ROWS_PER_STATEMENT) {
        const stored = await tx
          .insert(table)
          .values(rows.slice(start, Math.min(start + ROWS_PER_STATEMENT, from + ROWS_PER_TRANSACTION, rows.length)))
          .returning({ id: table.id })
        ids.push(...stored.map((row: { id: number }) => row.id))
      }
    })
  }
  return ids
}

/** The seller's and the customer's e-mail of each order, as the order service queued them, all sent. */
function* sentOrderEmails(orders: OrderRow[], ids: number[], settings: Awaited<ReturnType<typeof siteSettings>>) {
  for (const [index, row] of orders.entries()) {
    const order: Order = { ...row, id: ids[index] }
    const sentAt = new Date(new Date(order.createdAt).getTime() + 2000).toISOString()
    const sent = { status: 'sent', about: `order:${order.id}`, attempts: 1, sentAt, createdAt: order.createdAt, updatedAt: sentAt }
    yield { ...sellerOrderEmail(order, settings), ...sent }
    if (order.email) yield { ...customerOrderEmail({ ...order, email: order.email }, settings), ...sent }
  }
}

const siteSettings = (payload: Payload) => payload.findGlobal({ slug: 'site-settings', depth: 0 })

async function fill(): Promise<Dataset> {
  const [flavors, pricing, fulfilment, settings] = await Promise.all([
    payload.find({ collection: 'flavors', depth: 0, pagination: false, sort: 'createdAt' }),
    payload.findGlobal({ slug: 'pricing', depth: 0 }),
    payload.findGlobal({ slug: 'fulfilment', depth: 0 }),
    siteSettings(payload),
  ])
  const catalogue = { flavors: flavors.docs.map(({ value, name }) => ({ value, name })), prices: priceListFrom(pricing, fulfilment) }
  const dataset = generateDataset({ orders: orderCount, seed, end, catalogue })

  const orderIds = await insertRows('orders', dataset.orders)
  // The next order placed takes the number after the last generated one.
  await payload.updateGlobal({ slug: 'order-numbers', data: { lastNumber: Number(dataset.orders.at(-1)?.reference?.replace(/\D/g, '')) } })
  await insertRows('email_captures', dataset.subscribers)
  await insertRows('reviews', dataset.reviews.map(({ order, ...review }) => ({ ...review, order: order === null ? null : orderIds[order] })))
  // The e-mails in slices, so that 100,000 of them are never all in memory at once.
  let batch: Record<string, unknown>[] = []
  for (const email of sentOrderEmails(dataset.orders, orderIds, settings)) {
    batch.push(email)
    if (batch.length === ROWS_PER_TRANSACTION) {
      await insertRows('email_outbox', batch)
      batch = []
    }
  }
  await insertRows('email_outbox', batch)
  await checkReadBack(dataset, orderIds)
  return dataset
}

/** What Payload reads back is what was generated: the counts, the newest orders field by field, the sum of all totals. */
async function checkReadBack(dataset: Dataset, orderIds: number[]): Promise<void> {
  const problems: string[] = []
  const expectCount = async (collection: 'orders' | 'email-captures' | 'reviews', expected: number) => {
    const { totalDocs } = await payload.count({ collection })
    if (totalDocs !== expected) problems.push(`${collection}: ${totalDocs} stored, ${expected} generated`)
  }
  await expectCount('orders', dataset.orders.length)
  await expectCount('email-captures', dataset.subscribers.length)
  await expectCount('reviews', dataset.reviews.length)

  const newest = await payload.find({ collection: 'orders', sort: '-createdAt', limit: 100, depth: 0 })
  for (const doc of newest.docs) {
    const index = orderIds.indexOf(doc.id)
    const row = dataset.orders[index]
    for (const field of ['reference', 'fullName', 'email', 'phone', 'status', 'paymentStatus', 'flavors', 'totalPrice', 'discountAmount', 'createdAt'] as const) {
      if (!row || doc[field] !== row[field]) problems.push(`order ${doc.id} ${field}: read ${JSON.stringify(doc[field])}, generated ${JSON.stringify(row?.[field])}`)
    }
  }
  const [{ total }] = await db.drizzle.all<{ total: number }>(sql`SELECT sum(total_price) AS total FROM orders`)
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
      `${dataset.reviews.length} reviews and their e-mails in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  )
} finally {
  await payload.destroy()
}
