import 'server-only'

// The query builder only (drizzle-orm): the SQLite adapter itself is loaded only where it is used.
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { aggregate } from '@/platform/db/aggregate'

export type WeekSales = { weekStart: string; orders: number; revenue: number; jars: number }

const CANCELLED = 'cancelled'

/**
 * Orders not cancelled, their revenue and jars, in each week starting at `weekStarts` (oldest
 * first; a week runs to the next start, the last one to `until`, or on when there is none). Orders
 * before the first start are left out. Counted by the database, one row per week.
 */
export function salesByWeek(payload: Payload, weekStarts: readonly Date[], until?: Date): Promise<WeekSales[]> {
  const weeks = (rows: { week: number; orders: number; revenue: number; jars: number }[]) =>
    weekStarts.map((start, week) => {
      const row = rows.find((candidate) => Number(candidate.week) === week)
      return { weekStart: start.toISOString(), orders: Number(row?.orders ?? 0), revenue: Number(row?.revenue ?? 0), jars: Number(row?.jars ?? 0) }
    })
  // Newest week first: an order belongs to the latest week that started before it.
  const newestFirst = weekStarts.map((start, week) => ({ start, week })).reverse()

  return aggregate(payload, {
    async sql({ drizzle, tables }) {
      const orders = tables.orders
      const week = sql<number>`CASE ${sql.join(
        newestFirst.map(({ start, week }) => sql`WHEN ${orders.createdAt} >= ${start.toISOString()} THEN ${week}`),
        sql` `,
      )} END`
      const rows = await drizzle
        .select({
          week,
          orders: sql<number>`count(*)`,
          revenue: sql<number>`coalesce(sum(${orders.totalPrice}), 0)`,
          jars: sql<number>`coalesce(sum(${orders.quantity}), 0)`,
        })
        .from(orders)
        .where(
          sql`${orders.status} <> ${CANCELLED} AND ${orders.createdAt} >= ${weekStarts[0].toISOString()}${until ? sql` AND ${orders.createdAt} <= ${until.toISOString()}` : sql``}`,
        )
        .groupBy(week)
      return weeks(rows)
    },
    async mongo({ collections }) {
      const rows = await collections.orders.aggregate<{ _id: number; orders: number; revenue: number; jars: number }>([
        { $match: { status: { $ne: CANCELLED }, createdAt: { $gte: weekStarts[0], ...(until ? { $lte: until } : {}) } } },
        {
          $group: {
            _id: { $switch: { branches: newestFirst.map(({ start, week }) => ({ case: { $gte: ['$createdAt', start] }, then: week })), default: null } },
            orders: { $sum: 1 },
            revenue: { $sum: { $ifNull: ['$totalPrice', 0] } },
            jars: { $sum: { $ifNull: ['$quantity', 0] } },
          },
        },
      ])
      return weeks(rows.map(({ _id, ...sums }) => ({ week: _id, ...sums })))
    },
  })
}
