import 'server-only'

// The query builder only (drizzle-orm): the SQLite adapter itself is loaded only where it is used.
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { aggregate } from '@/platform/db/aggregate'

export type Owed = { orders: number; total: number }

const UNPAID = 'unpaid'
const CANCELLED = 'cancelled'

/**
 * The orders that owe money: unpaid and not cancelled. One rule for the dashboard's sums here and
 * the daily screen's Owed list (`seller/owed.ts`), so the list and its total are always the same orders.
 */
export const owedSql = (orders: { paymentStatus: unknown; status: unknown }) => sql`${orders.paymentStatus} = ${UNPAID} AND ${orders.status} <> ${CANCELLED}`
export const OWED_MATCH = { paymentStatus: UNPAID, status: { $ne: CANCELLED } } as const
const COMPLETED = 'completed'

/**
 * Money not yet in: the unpaid orders not cancelled, and of them the completed ones (delivered or
 * picked up: the first to chase). The same orders as `WAITING.unpaid` and `WAITING.completedUnpaid`
 * in dashboard.ts, the filters of the dashboard's links; counted and summed by the database over
 * the (payment status, status) index.
 */
export function unpaidTotals(payload: Payload): Promise<{ unpaid: Owed; completedUnpaid: Owed }> {
  const owed = (row: { orders: number; total: number; completedOrders: number; completedTotal: number } | undefined) => ({
    unpaid: { orders: Number(row?.orders ?? 0), total: Number(row?.total ?? 0) },
    completedUnpaid: { orders: Number(row?.completedOrders ?? 0), total: Number(row?.completedTotal ?? 0) },
  })
  return aggregate(payload, {
    async sql({ drizzle, tables }) {
      const orders = tables.orders
      const completed = sql`${orders.status} = ${COMPLETED}`
      const [row] = await drizzle
        .select({
          orders: sql<number>`count(*)`,
          total: sql<number>`coalesce(sum(${orders.totalPrice}), 0)`,
          completedOrders: sql<number>`coalesce(sum(CASE WHEN ${completed} THEN 1 ELSE 0 END), 0)`,
          completedTotal: sql<number>`coalesce(sum(CASE WHEN ${completed} THEN ${orders.totalPrice} ELSE 0 END), 0)`,
        })
        .from(orders)
        .where(owedSql(orders))
      return owed(row)
    },
    async mongo({ collections }) {
      const completed = { $eq: ['$status', COMPLETED] }
      const [row] = await collections.orders.aggregate<{ orders: number; total: number; completedOrders: number; completedTotal: number }>([
        { $match: OWED_MATCH },
        {
          $group: {
            _id: null,
            orders: { $sum: 1 },
            total: { $sum: { $ifNull: ['$totalPrice', 0] } },
            completedOrders: { $sum: { $cond: [completed, 1, 0] } },
            completedTotal: { $sum: { $cond: [completed, { $ifNull: ['$totalPrice', 0] }, 0] } },
          },
        },
      ])
      return owed(row)
    },
  })
}
