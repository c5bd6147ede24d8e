import { sql } from '@payloadcms/db-sqlite'
import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as timeZoneMigration from '@/migrations/20261130_022550_batch_and_payment_times_in_detroit'

import { openBatch } from '../helpers/batches'
import { storedOrder } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

const isSqlite = !process.env.DATABASE_URI?.startsWith('mongodb')

/**
 * The times the seller types in the admin (a batch's opening and closing, an order's payment) are
 * stored with Detroit's zone, which the admin's picker reads and writes them in, whatever the
 * browser's clock (the picker itself: tests/e2e/batches.e2e.spec.ts).
 */
describe("the seller's typed times, in Detroit's zone", () => {
  let app: TestPayload

  beforeAll(async () => {
    app = await startPayload()
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it('are stored with Detroit as their zone when none is given, and no other zone is taken', async () => {
    const batch = await openBatch(app.payload, { jarsLeft: 12 }, { closesAt: new Date(Date.now() + 86_400_000).toISOString() })
    expect(batch).toMatchObject({ opensAt_tz: 'America/Detroit', closesAt_tz: 'America/Detroit' })
    const order = await app.payload.create({ collection: 'orders', data: storedOrder({ fullName: 'Zoe Zone', phone: '(313) 555-0190', paymentStatus: 'paid', paidAt: '2026-12-04T14:00:00.000Z' }), depth: 0 })
    expect(order).toMatchObject({ paidAt: '2026-12-04T14:00:00.000Z', paidAt_tz: 'America/Detroit' })

    await expect(app.payload.update({ collection: 'batches', id: batch.id, data: { opensAt_tz: 'America/Los_Angeles' as never } })).rejects.toThrow(/Opens for orders Tz/)
    const stored = await app.payload.findByID({ collection: 'batches', id: batch.id, depth: 0 })
    expect(stored.opensAt_tz).toBe('America/Detroit')
    expect(stored.opensAt).toBe(batch.opensAt)
  })

  it.runIf(isSqlite)('are given Detroit by the migration where stored before it', async () => {
    const db = (app.payload.db as unknown as SQLiteAdapter).drizzle
    const args = { db, payload: app.payload, req: {} } as unknown as Parameters<typeof timeZoneMigration.up>[0]
    await timeZoneMigration.down(args)
    expect(await db.all(sql`SELECT name FROM pragma_table_info('batches') WHERE name = 'opensat_tz'`)).toEqual([])
    await timeZoneMigration.up(args)
    const batches = await db.all<{ opensat_tz: string | null; closesat_tz: string | null }>(sql`SELECT opensat_tz, closesat_tz FROM batches`)
    expect(batches.length).toBeGreaterThan(0)
    expect(batches.every((row) => row.opensat_tz === 'America/Detroit' && row.closesat_tz === 'America/Detroit')).toBe(true)
    const orders = await db.all<{ paidat_tz: string | null }>(sql`SELECT paidat_tz FROM orders`)
    expect(orders.length).toBeGreaterThan(0)
    expect(orders.every((row) => row.paidat_tz === 'America/Detroit')).toBe(true)
  })
})
