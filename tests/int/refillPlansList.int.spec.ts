import { sql } from '@payloadcms/db-sqlite'
import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as listOrderMigration from '@/migrations/20261130_010904_refill_plans_list_order'
import type { RefillPlan } from '@/payload-types'

import { storeRefillPlan } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

const isSqlite = !process.env.DATABASE_URI?.startsWith('mongodb')

/**
 * The refill plans list as the seller opens it (no sort chosen: the collection's default): active
 * plans first, soonest refill first, then paused, then stopped ones, whatever their days.
 */
describe('the refill plans list', () => {
  let app: TestPayload

  beforeAll(async () => {
    app = await startPayload()
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  const plan = async (fullName: string, status: RefillPlan['status'], nextDay: string) => {
    const stored = await storeRefillPlan(app.payload, fullName, '(313) 555-0150')
    return app.payload.update({ collection: 'refill-plans', id: stored.id, data: { status, nextDay } })
  }
  const listed = async () => (await app.payload.find({ collection: 'refill-plans', depth: 0, pagination: false })).docs.map((found) => found.fullName)

  it('opens on the active plans, soonest refill first, then paused, then stopped ones, however old their days', async () => {
    await plan('Stopped 2024', 'stopped', '2024-02-09')
    await plan('Active Dec 19', 'active', '2026-12-19')
    await plan('Paused 2025', 'paused', '2025-06-01')
    await plan('Active Dec 5', 'active', '2026-12-05')
    await plan('Stopped Nov', 'stopped', '2026-11-21')
    expect(await listed()).toEqual(['Active Dec 5', 'Active Dec 19', 'Paused 2025', 'Stopped 2024', 'Stopped Nov'])
  })

  it('follows a plan the seller pauses in the admin, and the seller cannot write its place', async () => {
    const user = await app.payload.create({ collection: 'users', data: { email: 'list-seller@example.com', password: 'a long seller passphrase', name: 'Seller' } })
    const { docs } = await app.payload.find({ collection: 'refill-plans', where: { fullName: { equals: 'Active Dec 5' } }, depth: 0 })
    await app.payload.update({ collection: 'refill-plans', id: docs[0].id, data: { status: 'paused', listOrder: '0-0000-00-00' } as never, overrideAccess: false, user })
    expect(await listed()).toEqual(['Active Dec 19', 'Paused 2025', 'Active Dec 5', 'Stopped 2024', 'Stopped Nov'])
  })

  it.runIf(isSqlite)('gives the plans stored before it their place, by the migration', async () => {
    const db = (app.payload.db as unknown as SQLiteAdapter).drizzle
    const before = await listed()
    const args = { db, payload: app.payload, req: {} } as unknown as Parameters<typeof listOrderMigration.up>[0]
    await listOrderMigration.down(args)
    await listOrderMigration.up(args)
    expect(await listed()).toEqual(before)
    const rows = await db.all<{ list_order: string | null }>(sql`SELECT list_order FROM refill_plans WHERE list_order IS NULL`)
    expect(rows).toEqual([])
  })
})
