import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Order, User } from '@/payload-types'
import { inTransaction, type UnitOfWork } from '@/platform/db/transactions'

import { NOT_WHILE_HELD } from '@/features/recalls/recordRules'

import { owedAmount, settlement } from '@/features/ordering/owing'
import { cents } from '@/features/payments/statements/rules'
import { businessDay, zonedInstant } from '@/shared/time'

import { deliveryDaySettingsFrom } from '@/features/delivery/rules'

import { HANDOVER_STEPS, type HandoverStep, isHandoverStep, type PaidOnRefusal, paidOnRefusal, STATUS_STEPS } from './rules'
import type { SellerActionInput } from './schema'

export type SellerActionResult =
  | { status: 'changed' | 'unchanged' | 'held'; reference: string }
  | { status: 'refused'; reference: string; why: PaidOnRefusal }
  /** Mark paid: the order owes another amount than the page showed (the customer changed it meanwhile). */
  | { status: 'owes-changed'; reference: string }
  | { status: 'not-found' }
  | { status: 'delivery-day-off' }


/** The cancel's reason, kept with the order (the admin shows its notes). */
const withReason = (notes: string | null | undefined, reason: string) => [notes?.trim(), `Cancelled: ${reason}`].filter(Boolean).join('\n')

/**
 * When a payment picked as a day came in: now for today; for an earlier day, noon of it in Detroit
 * (the day is all the seller knows, and noon reads as that day in any time zone the admin is opened
 * in), or the moment the order was placed when that was later the same day.
 */
function paidAtOn(paidOn: string | undefined, placedAt: string, now: Date): Date {
  if (!paidOn || paidOn === businessDay(now).key) return now
  const noon = zonedInstant(paidOn, '12:00')
  const placed = new Date(placedAt)
  return placed > noon ? placed : noon
}

/**
 * One tap of the daily screen, made as the signed-in admin through Payload's update, the path the
 * admin's own save takes: the Orders hooks run as they do there (the customer's e-mail for the new
 * status, jars given back on a cancel).
 *
 * Stored once, by its target state rather than by a submission key: the order is read and changed
 * in one transaction (one at a time on SQLite; MongoDB retries the second of two), and only when it
 * is still in the state the button was for. A double tap, a form posted again after a lost answer,
 * or the other founder's phone finds it moved on and changes nothing — a key would not catch the
 * last one.
 */
export async function applySellerAction(payload: Payload, user: User, orderId: number | string, input: SellerActionInput, now = new Date()): Promise<SellerActionResult> {
  return inTransaction<SellerActionResult>(payload, async (req) => {
    const asSeller = { req, user, overrideAccess: false, depth: 0 } as const
    const order = (await payload.findByID({ collection: 'orders', id: orderId, disableErrors: true, ...asSeller })) as Order | null
    if (!order) return { commit: false, value: { status: 'not-found' } }
    const unchanged = { commit: false, value: { status: 'unchanged', reference: order.reference ?? '' } } as const satisfies UnitOfWork<SellerActionResult>

    if (isHandoverStep(input.action)) return recordHandover(payload, req, user, order, input.action, now)
    let data: Partial<Order>
    if (input.action === 'paid') {
      // Unpaid, or paid but for the difference a change to more added (#54).
      if (order.paymentStatus !== 'unpaid' && owedAmount(order) <= 0) return unchanged
      // Paid is what the seller saw: changed since (another total, cancelled), the seller looks again first.
      if (cents(input.owed) !== cents(owedAmount(order))) return { commit: false, value: { status: 'owes-changed', reference: order.reference ?? '' } }
      const why = input.paidOn ? paidOnRefusal(input.paidOn, businessDay(now).key, businessDay(new Date(order.createdAt)).key) : null
      if (why) return { commit: false, value: { status: 'refused', reference: order.reference ?? '', why } }
      data = settlement(order, input.method, paidAtOn(input.paidOn, order.createdAt, now))
    } else {
      const step = STATUS_STEPS[input.action]
      // A recall holds it: not handed over until released in the admin, with a note (the Orders hook refuses it too).
      if (order.heldByRecall != null && NOT_WHILE_HELD.includes(step.to)) return { commit: false, value: { status: 'held', reference: order.reference ?? '' } }
      if (!(step.from as readonly string[]).includes(order.status)) return unchanged
      data = input.action === 'cancel' ? { status: step.to, notes: withReason(order.notes, input.reason) } : { status: step.to }
    }
    await payload.update({ collection: 'orders', id: order.id, data, ...asSeller })
    return { commit: true, value: { status: 'changed', reference: order.reference ?? '' } }
  })
}

/**
 * Handed over, Collected or Not home (`rules.ts#HANDOVER_STEPS`), in the caller's transaction: the
 * moment is written with the server's rights (the fields are no one's to edit) but as the seller,
 * so the Orders hooks see who did it — the Completed e-mail and the order's history as for any
 * status the seller sets. Only while Delivery day is on: a page from before it was turned off
 * changes nothing.
 */
async function recordHandover(payload: Payload, req: PayloadRequest, user: User, order: Order, step: HandoverStep, now: Date): Promise<UnitOfWork<SellerActionResult>> {
  const reference = order.reference ?? ''
  const fulfilment = await payload.findGlobal({ slug: 'fulfilment', depth: 0, req, overrideAccess: true })
  if (!deliveryDaySettingsFrom(fulfilment.deliveryDay).enabled) return { commit: false, value: { status: 'delivery-day-off' } }
  const { from, records, completes } = HANDOVER_STEPS[step]
  if (!(from as readonly string[]).includes(order.status)) return { commit: false, value: { status: 'unchanged', reference } }
  if (completes && order.heldByRecall != null) return { commit: false, value: { status: 'held', reference } }
  const data: Partial<Order> = { [records]: now.toISOString(), ...(completes ? { status: 'completed' as const } : {}) }
  await payload.update({ collection: 'orders', id: order.id, data, req, user, overrideAccess: true, depth: 0 })
  return { commit: true, value: { status: 'changed', reference } }
}
