import { groupContacts } from '@/features/admin/customers'
import { jarKeys } from '@/features/ordering/orderDetails'
import type { RecallTotals } from '@/features/recalls/recallList'
import type { Order } from '@/payload-types'
import { relationId } from '@/shared/relation'

/**
 * What a recall must answer, worked out by reading every order: the orders of `batchIds` not
 * cancelled (with `flavor`, those with a jar of it), their totals, and their ids by customer name.
 * The aggregates' SQL and MongoDB branches are held to it.
 */
export function recallReference(orders: readonly Order[], batchIds: readonly (number | string)[], flavor?: string): { totals: RecallTotals; ids: string[] } {
  const batches = new Set(batchIds.map(String))
  const recalled = orders
    .filter((order) => order.status !== 'cancelled' && batches.has(String(relationId(order.batch))))
    .map((order) => ({ order, jars: flavor ? jarKeys(order.flavors).filter((key) => key === flavor).length : order.quantity }))
    .filter(({ jars }) => jars > 0)
  const contacts = recalled.map(({ order }) => ({ customerEmail: order.customerEmail ?? null, customerPhone: order.customerPhone ?? null, firstOrderId: String(order.id) }))
  return {
    totals: {
      orders: recalled.length,
      customers: groupContacts(contacts).length,
      jars: recalled.reduce((sum, { jars }) => sum + jars, 0),
      jarsInAll: recalled.reduce((sum, { order }) => sum + order.quantity, 0),
      inFridge: recalled.reduce((sum, { order, jars }) => sum + (order.status === 'completed' ? 0 : jars), 0),
    },
    ids: recalled.map(({ order }) => String(order.id)).sort(),
  }
}
