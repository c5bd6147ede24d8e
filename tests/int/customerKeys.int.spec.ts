import { sql } from '@payloadcms/db-sqlite'
import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { customerKeys } from '@/features/admin/customerKeys'
import * as customerKeysMigration from '@/migrations/20261126_060206_customer_keys_and_indexes'
import * as readingIndexesMigration from '@/migrations/20261126_090842_orders_reading_indexes'
import * as storedCustomersMigration from '@/migrations/20261126_174818_stored_customers'
import * as refillPlanKeysMigration from '@/migrations/20261129_231144_refill_plan_customer_keys'

import { storedOrder, storeRefillPlan } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

const order = (email: string | undefined, phone: string) => storedOrder({ fullName: 'Kay Keys', email, phone, status: 'new' as const })

const isSqlite = !process.env.DATABASE_URI?.startsWith('mongodb')

describe('the customer keys stored on each order', () => {
  let app: TestPayload
  const stored = async (id: number | string) => {
    const doc = await app.payload.findByID({ collection: 'orders', id, depth: 0 })
    return { customerEmail: doc.customerEmail ?? null, customerPhone: doc.customerPhone ?? null }
  }

  beforeAll(async () => {
    app = await startPayload()
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it('are set on every write, from the stored e-mail or phone when an update leaves one out', async () => {
    const { payload } = app
    const created = await payload.create({ collection: 'orders', data: order('Kay@Example.COM', '(313) 555-0177') })
    expect(await stored(created.id)).toEqual({ customerEmail: 'kay@example.com', customerPhone: '+13135550177' })

    await payload.update({ collection: 'orders', id: created.id, data: { status: 'confirmed' } })
    expect(await stored(created.id)).toEqual({ customerEmail: 'kay@example.com', customerPhone: '+13135550177' })

    await payload.update({ collection: 'orders', id: created.id, data: { phone: '734.555.0188' } })
    expect(await stored(created.id)).toEqual({ customerEmail: 'kay@example.com', customerPhone: '+17345550188' })

    await payload.update({ collection: 'orders', id: created.id, data: { email: null } })
    expect(await stored(created.id)).toEqual({ customerEmail: null, customerPhone: '+17345550188' })
  })

  it('cannot be written by the admin: they always follow the e-mail and phone', async () => {
    const { payload } = app
    const user = await payload.create({ collection: 'users', data: { email: 'seller@example.com', password: 'a long seller passphrase', name: 'Seller' } })
    const created = await payload.create({ collection: 'orders', data: order('lee@example.com', '248-555-0123') })
    await payload.update({ collection: 'orders', id: created.id, data: { customerEmail: 'someone@else.com', customerPhone: '+10000000000' }, overrideAccess: false, user })
    expect(await stored(created.id)).toEqual({ customerEmail: 'lee@example.com', customerPhone: '+12485550123' })
  })

  it('are kept on refill plans too, and given to the plans stored before them by the migration', async () => {
    const { payload } = app
    const plan = await storeRefillPlan(payload, 'Pat Plan', '(313) 555-0166')
    const storedPlan = async () => {
      const doc = await payload.findByID({ collection: 'refill-plans', id: plan.id, depth: 0 })
      return { customerEmail: doc.customerEmail ?? null, customerPhone: doc.customerPhone ?? null }
    }
    expect(await storedPlan()).toEqual({ customerEmail: 'plan@example.com', customerPhone: '+13135550166' })
    await payload.update({ collection: 'refill-plans', id: plan.id, data: { everyWeeks: 3 } })
    expect(await storedPlan()).toEqual({ customerEmail: 'plan@example.com', customerPhone: '+13135550166' })
    if (!isSqlite) return
    const db = (payload.db as unknown as SQLiteAdapter).drizzle
    const args = { db, payload, req: {} } as unknown as Parameters<typeof refillPlanKeysMigration.up>[0]
    await refillPlanKeysMigration.down(args)
    await refillPlanKeysMigration.up(args)
    expect(await storedPlan()).toEqual({ customerEmail: 'plan@example.com', customerPhone: '+13135550166' })
  })

  // Last: going down and up the older migrations leaves later tables as those migrations knew them.
  it.runIf(isSqlite)('are given to the orders stored before them by the migration', async () => {
    const { payload } = app
    const db = (payload.db as unknown as SQLiteAdapter).drizzle
    for (const [email, phone] of [
      ['Old@Example.com', '(313) 555-0100'],
      [undefined, '313 555 0101'],
      ['short@example.com', '12-34'],
    ] as const) {
      await payload.create({ collection: 'orders', data: order(email, phone) })
    }
    const args = { db, payload, req: {} } as unknown as Parameters<typeof customerKeysMigration.up>[0]
    // Back to the schema before the keys (the later migrations' indexes on them first, then the
    // columns dropped), then up again: the backfill.
    await storedCustomersMigration.down(args)
    await readingIndexesMigration.down(args)
    await customerKeysMigration.down(args)
    await customerKeysMigration.up(args)
    await readingIndexesMigration.up(args)
    await storedCustomersMigration.up(args)
    const rows = await db.all<{ email: string | null; phone: string; customer_email: string | null; customer_phone: string | null }>(
      sql`SELECT email, phone, customer_email, customer_phone FROM orders ORDER BY id`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(3)
    for (const row of rows) expect({ customerEmail: row.customer_email, customerPhone: row.customer_phone }).toEqual(customerKeys(row))
    expect(rows.slice(-3).map((row) => [row.customer_email, row.customer_phone])).toEqual([
      ['old@example.com', '+13135550100'],
      [null, '+13135550101'],
      ['short@example.com', null],
    ])
  })
})
