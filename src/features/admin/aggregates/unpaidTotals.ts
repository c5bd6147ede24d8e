import 'server-only'

// The query builder only (drizzle-orm): the SQLite adapter itself is loaded only where it is used.
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload, Where } from 'payload'

import { aggregate } from '@/platform/db/aggregate'

export type Owed = { orders: number; total: number }

const UNPAID = 'unpaid'
const CANCELLED = 'cancelled'
const COMPLETED = 'completed'

type OwingColumns = { paymentStatus: unknown; status: unknown; totalPrice: unknown; extraDue: unknown }

/**
 * The orders that owe money, and how much (`ordering/owing.ts#owedAmount` for one order): an unpaid
 * order its total; a paid one the customer changed to more (#54) the difference still to pay
 * (`extraDue`); a cancelled one nothing. The same rule in the forms its readers need: the
 * dashboard's sums here, the filters of its links (`dashboard.ts#WAITING`) and the daily screen's
 * Owed list (`seller/owed.ts`), so a list and its total are always the same orders. The database
 * finds them over the (payment status, status) and `extra_due` indexes (SQLite's multi-index OR).
 */
export const owedSql = (orders: OwingColumns) =>
  sql`${orders.status} <> ${CANCELLED} AND (${orders.paymentStatus} = ${UNPAID} OR ${orders.extraDue} > 0)`
export const owedAmountSql = (orders: OwingColumns) => sql<number>`CASE WHEN ${orders.paymentStatus} = ${UNPAID} THEN ${orders.totalPrice} ELSE ${orders.extraDue} END`
export const OWED_MATCH = { status: { $ne: CANCELLED }, $or: [{ paymentStatus: UNPAID }, { extraDue: { $gt: 0 } }] }
export const OWED_AMOUNT = { $cond: [{ $eq: ['$paymentStatus', UNPAID] }, { $ifNull: ['$totalPrice', 0] }, { $ifNull: ['$extraDue', 0] }] }
const OWING: Where = { or: [{ paymentStatus: { equals: UNPAID } }, { extraDue: { greater_than: 0 } }] }
export const OWED_WHERE: Where = { and: [OWING, { status: { not_equals: CANCELLED } }] }
/** Delivered or picked up, and money still owed: the first ones to chase. */
export const COMPLETED_OWED_WHERE: Where = { and: [OWING, { status: { equals: COMPLETED } }] }

/**
 * Money not yet in: the orders owing (`owedSql`), and of them the completed ones (delivered or
 * picked up: the first to chase), counted and summed by the database.
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
          total: sql<number>`coalesce(sum(${owedAmountSql(orders)}), 0)`,
          completedOrders: sql<number>`coalesce(sum(CASE WHEN ${completed} THEN 1 ELSE 0 END), 0)`,
          completedTotal: sql<number>`coalesce(sum(CASE WHEN ${completed} THEN ${owedAmountSql(orders)} ELSE 0 END), 0)`,
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
            total: { $sum: OWED_AMOUNT },
            completedOrders: { $sum: { $cond: [completed, 1, 0] } },
            completedTotal: { $sum: { $cond: [completed, OWED_AMOUNT, 0] } },
          },
        },
      ])
      return owed(row)
    },
  })
}
