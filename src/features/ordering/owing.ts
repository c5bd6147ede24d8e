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
 * The order's fields once `received` of what it owes came in (all of it unless said), by `method`
 * at `paidAt`: an unpaid order is marked paid; a paid one has its difference settled, the order's
 * payment fields keeping the first payment, this one written in its notes (the admin shows them,
 * and the order's history the change). A payment short of what it owed leaves the rest owing as
 * Still to pay, so Owed and the dashboard keep counting it.
 */
export function settlement(order: Owing & Pick<Order, 'notes'>, method: PaymentMethod, paidAt: Date, received?: number): Partial<Order> {
  const owed = owedAmount(order)
  const paid = Math.min(received ?? owed, owed)
  const rest = Math.round((owed - paid) * 100) / 100 || null
  if (order.paymentStatus === 'unpaid') return { paymentStatus: 'paid', paymentMethod: method, paidAt: paidAt.toISOString(), ...(rest ? { extraDue: rest } : {}) }
  const line = `Still to pay ${dollars(owed)}${rest ? `, ${dollars(paid)} of it` : ''} paid: ${labelOf(PAYMENT_METHODS, method)}, ${shortDayLabel(businessDay(paidAt).key)}`
  return { extraDue: rest, notes: [order.notes?.trim(), line].filter(Boolean).join('\n') }
}
