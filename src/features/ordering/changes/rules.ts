import type { Order } from '@/payload-types'
import { BUSINESS_TIME_ZONE, businessTime } from '@/shared/time'

import { CITIES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../options'
import { deliveryAddress, labelOf, packingList } from '../orderDetails'
import { deliveryFee, packagePrice, type DeliveryMethod, type PriceList } from '../pricing'
import { discountAmount } from '@/features/discounts/rules'
import { dollars, jarsText } from '../wording'
import type { ChangeKind, HistoryKind, Settlement } from './types'

/**
 * The rules of a customer's own change, pure: until when an order can be changed, how a changed
 * order is priced, what is left to settle, and how a change reads in the history and the e-mails.
 */

const HOUR_MS = 60 * 60 * 1000

/** The statuses a customer may still change; once Ready the jars are packed. */
const CHANGEABLE: readonly Order['status'][] = ['new', 'confirmed']

/** The seller's setting (Shop → Pickup & delivery → Changes by customers) as the rules read it. */
export type ChangeSettings = { enabled: boolean; hoursBefore: number }

/** The stored group, with the notice needed for new orders as the cutoff when none is set. */
export function changeSettingsFrom(stored: { enabled?: boolean | null; hoursBefore?: number | null } | null | undefined, leadTimeHours: number): ChangeSettings {
  const hours = stored?.hoursBefore
  return { enabled: stored?.enabled === true, hoursBefore: typeof hours === 'number' && Number.isInteger(hours) && hours >= 0 ? hours : leadTimeHours }
}

type Changeable = Pick<Order, 'status' | 'windowStartsAt' | 'heldByRecall'>

/**
 * Whether the customer may change the order now, and until when: a booked time, until the cutoff
 * before it; no time booked, until the seller confirms it (`until` null). `too-late` is said to the
 * customer ("text us"); `closed` (completed, cancelled, held by a recall) shows nothing to change.
 */
export function changeWindow(order: Changeable, settings: ChangeSettings, now: Date): { open: true; until: Date | null } | { open: false; reason: 'off' | 'too-late' | 'closed' } {
  if (!settings.enabled) return { open: false, reason: 'off' }
  if (order.heldByRecall || order.status === 'completed' || order.status === 'cancelled') return { open: false, reason: 'closed' }
  if (!CHANGEABLE.includes(order.status)) return { open: false, reason: 'too-late' }
  if (!order.windowStartsAt) return order.status === 'new' ? { open: true, until: null } : { open: false, reason: 'too-late' }
  const until = new Date(new Date(order.windowStartsAt).getTime() - settings.hoursBefore * HOUR_MS)
  return now < until ? { open: true, until } : { open: false, reason: 'too-late' }
}

type Priced = Pick<Order, 'quantity' | 'originalPrice' | 'discountCode'>

/**
 * The changed order's price by the one pricing engine: the package keeps the price it was bought at
 * unless the package changes (then today's price); the delivery fee is today's for the method; the
 * order's discount code, claimed once when it was placed, is never claimed again but still takes
 * its share of the (new) package price.
 */
export function repriceOrder(order: Priced, change: { quantity: number; deliveryMethod: DeliveryMethod }, prices: PriceList) {
  const originalPrice = change.quantity === order.quantity ? order.originalPrice : packagePrice(change.quantity, prices)
  const fee = deliveryFee(change.deliveryMethod, originalPrice, prices)
  const discount = order.discountCode ? discountAmount(originalPrice) : 0
  return { originalPrice, deliveryFee: fee, discountAmount: discount, totalPrice: originalPrice + fee - discount }
}

type Owing = Pick<Order, 'paymentStatus' | 'totalPrice' | 'refundDue' | 'extraDue'>

/** What a paid order's customer has paid: its total, less what is still to pay, plus what is still to refund. */
const amountPaid = (order: Owing) => order.totalPrice - (order.extraDue ?? 0) + (order.refundDue ?? 0)

/** What is owed once the order's total is `newTotal` (0 for a cancelled one), either way. */
export function settlementAfter(order: Owing, newTotal: number): Settlement {
  if (order.paymentStatus !== 'paid') return newTotal > 0 ? { kind: 'pay', amount: newTotal } : { kind: 'none' }
  const difference = newTotal - amountPaid(order)
  if (difference > 0) return { kind: 'extra', amount: difference }
  if (difference < 0) return { kind: 'refund', amount: -difference }
  return { kind: 'none' }
}

/** The order's `extraDue` and `refundDue` once settled as `money` says (a paid order only). */
export function dueFields(order: Pick<Order, 'paymentStatus'>, money: Settlement): Pick<Order, 'extraDue' | 'refundDue'> {
  if (order.paymentStatus !== 'paid') return {}
  return { extraDue: money.kind === 'extra' ? money.amount : null, refundDue: money.kind === 'refund' ? money.amount : null }
}

type Described = Pick<Order, 'deliveryMethod' | 'windowLabel' | 'address' | 'city' | 'zip' | 'quantity' | 'flavors' | 'flavorNames'>

const where = (order: Described) =>
  `${order.deliveryMethod === 'delivery' ? 'Delivery' : 'Pickup'}, ${order.windowLabel ?? 'time arranged by text'}${order.deliveryMethod === 'delivery' ? `, to ${deliveryAddress(order)}` : ''}`
const jars = (order: Described) => `${jarsText(order.quantity)} (${packingList(order.flavorNames || order.flavors)})`

/** One line per thing that changed, "Before → after", as the history, the e-mails and the confirmation say it. */
export function changeLines(kind: ChangeKind, before: Described & Pick<Order, 'totalPrice'>, after: Described & Pick<Order, 'totalPrice'>): string[] {
  if (kind === 'cancel') return [`Cancelled: ${jars(before)}, ${where(before)}`]
  const lines =
    kind === 'time'
      ? [`${before.deliveryMethod === after.deliveryMethod && before.address === after.address ? 'Time' : 'Pickup or delivery'}: ${where(before)} → ${where(after)}`]
      : [`Jars: ${jars(before)} → ${jars(after)}`]
  if (before.totalPrice !== after.totalPrice) lines.push(`Total: ${dollars(before.totalPrice)} → ${dollars(after.totalPrice)}`)
  return lines
}

const shortDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: BUSINESS_TIME_ZONE })
const shortTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: BUSINESS_TIME_ZONE })

/** The seller's notification and e-mail subject: "SM-1042 moved to Sun 10:00", "SM-1042 now 6 jars", "SM-1042 cancelled". */
export function changeHeadline(kind: ChangeKind, reference: string, after: Pick<Order, 'deliveryMethod' | 'windowStartsAt' | 'quantity' | 'city'>, methodChanged: boolean): string {
  if (kind === 'cancel') return `${reference} cancelled by the customer`
  if (kind === 'jars') return `${reference} changed its jars: now ${jarsText(after.quantity)}`
  const when = after.windowStartsAt ? `${shortDay.format(new Date(after.windowStartsAt))} ${shortTime.format(new Date(after.windowStartsAt))}` : 'a time arranged by text'
  if (methodChanged) return `${reference} is now a ${after.deliveryMethod}${after.deliveryMethod === 'delivery' ? ` to ${labelOf(CITIES, after.city)}` : ''}, ${when}`
  return `${reference} moved to ${when}`
}

type Edited = Described & Pick<Order, 'status' | 'paymentStatus' | 'paymentMethod' | 'totalPrice' | 'refundDue' | 'extraDue'> & Partial<Pick<Order, 'handedOverAt' | 'notHomeAt'>>

const money = (amount: number | null | undefined) => (amount ? dollars(amount) : 'none')
const paymentOf = (order: Edited) => `${labelOf(PAYMENT_STATUSES, order.paymentStatus)}${order.paymentStatus === 'paid' && order.paymentMethod ? ` (${labelOf(PAYMENT_METHODS, order.paymentMethod)})` : ''}`

/**
 * A seller's edit of an order in the admin, as the history says it: its kind (the status first,
 * then the payment, else its details) and one line per thing changed; null when nothing the
 * history follows changed (a note, a label printed).
 */
export function sellerEditLines(before: Edited, after: Edited): { kind: HistoryKind; lines: string[] } | null {
  const lines: string[] = []
  const kinds: HistoryKind[] = []
  if (before.status !== after.status) {
    lines.push(`Status: ${labelOf(ORDER_STATUSES, before.status)} → ${labelOf(ORDER_STATUSES, after.status)}`)
    kinds.push('status')
  }
  if (before.paymentStatus !== after.paymentStatus || (after.paymentStatus === 'paid' && before.paymentMethod !== after.paymentMethod)) {
    lines.push(`Payment: ${paymentOf(before)} → ${paymentOf(after)}`)
    kinds.push('payment')
  }
  if (where(before) !== where(after)) lines.push(`Pickup or delivery: ${where(before)} → ${where(after)}`)
  if (jars(before) !== jars(after)) lines.push(`Jars: ${jars(before)} → ${jars(after)}`)
  if (before.totalPrice !== after.totalPrice) lines.push(`Total: ${dollars(before.totalPrice)} → ${dollars(after.totalPrice)}`)
  if ((before.refundDue ?? 0) !== (after.refundDue ?? 0)) lines.push(`To refund: ${money(before.refundDue)} → ${money(after.refundDue)}`)
  if ((before.extraDue ?? 0) !== (after.extraDue ?? 0)) lines.push(`Still to pay: ${money(before.extraDue)} → ${money(after.extraDue)}`)
  // The delivery day's buttons (features/seller HANDOVER_STEPS): each attempt kept here, the order keeping the last.
  if (after.handedOverAt && after.handedOverAt !== before.handedOverAt) lines.push(`Handed over at ${businessTime(after.handedOverAt)}`)
  if (after.notHomeAt && after.notHomeAt !== before.notHomeAt) lines.push(`Not home at ${businessTime(after.notHomeAt)}`)
  if (lines.length === 0) return null
  return { kind: kinds[0] ?? 'details', lines }
}
