import 'server-only'

// The query builder only (drizzle-orm): the SQLite adapter itself is loaded only where it is used.
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { aggregate, isoDate } from '@/platform/db/aggregate'

/** Orders that chose the same jars under the same names: how many, and when the newest came in. */
export type FlavorCombination = { flavors: string; flavorNames: string | null; orders: number; lastOrderedAt: string }

const CANCELLED = 'cancelled'

/**
 * The orders not cancelled from `since` to `until`, grouped by what they chose (`flavors`, and
 * `flavorNames` as named at the time): a few dozen rows, which `flavorMix` splits into jars.
 */
export function flavorCombinations(payload: Payload, since: Date, until: Date): Promise<FlavorCombination[]> {
  return aggregate(payload, {
    async sql({ drizzle, tables }) {
      const orders = tables.orders
      const rows = await drizzle
        .select({ flavors: orders.flavors, flavorNames: orders.flavorNames, orders: sql<number>`count(*)`, lastOrderedAt: sql<string>`max(${orders.createdAt})` })
        .from(orders)
        .where(sql`${orders.status} <> ${CANCELLED} AND ${orders.createdAt} >= ${since.toISOString()} AND ${orders.createdAt} <= ${until.toISOString()}`)
        .groupBy(orders.flavors, orders.flavorNames)
      return rows.map((row) => ({ ...row, orders: Number(row.orders), lastOrderedAt: isoDate(row.lastOrderedAt) }))
    },
    async mongo({ collections }) {
      const rows = await collections.orders.aggregate<{ _id: { flavors: string; flavorNames: string | null }; orders: number; lastOrderedAt: Date }>([
        { $match: { status: { $ne: CANCELLED }, createdAt: { $gte: since, $lte: until } } },
        { $group: { _id: { flavors: '$flavors', flavorNames: { $ifNull: ['$flavorNames', null] } }, orders: { $sum: 1 }, lastOrderedAt: { $max: '$createdAt' } } },
      ])
      return rows.map(({ _id, orders, lastOrderedAt }) => ({ ..._id, orders, lastOrderedAt: isoDate(lastOrderedAt) }))
    },
  })
}
