import type { Order } from '@/payload-types'
import { businessDay, shortDayLabel } from '@/shared/time'

import { PAYMENT_METHODS, type PaymentMethod } from './options'
import { labelOf } from './orderDetails'
import { dollars } from './wording'

type Owing = Pick<Order, 'paymentStatus' | 'status' | 'totalPrice' | 'extraDue'>

/**
 * What an order owes: an unpaid order its total; a paid one the customer changed to more (#54) the
 * difference still to pay (`extraDue`); a cancelled one nothing. The database's form of the same
 * rule, for lists and sums, is `admin/aggregates/unpaidTotals.ts#owedSql`.
 */
export const owedAmount = (order: Owing): number =>
  order.status === 'cancelled' ? 0 : order.paymentStatus === 'unpaid' ? order.totalPrice : Math.max(0, order.extraDue ?? 0)

/**
 * The order's fields once what it owes came in, by `method` at `paidAt`: an unpaid order is marked
 * paid; a paid one has its difference settled, the order's payment fields keeping the first
 * payment, this one written in its notes (the admin shows them, and the order's history the change).
 */
export function settlement(order: Owing & Pick<Order, 'notes'>, method: PaymentMethod, paidAt: Date): Partial<Order> {
  if (order.paymentStatus === 'unpaid') return { paymentStatus: 'paid', paymentMethod: method, paidAt: paidAt.toISOString() }
  const line = `Still to pay ${dollars(owedAmount(order))} paid: ${labelOf(PAYMENT_METHODS, method)}, ${shortDayLabel(businessDay(paidAt).key)}`
  return { extraDue: null, notes: [order.notes?.trim(), line].filter(Boolean).join('\n') }
}
