import type { Order } from '@/payload-types'
import type { DeliveryMethod } from '@/features/ordering/pricing'

/**
 * What the daily screen's buttons do to an order. Each one is a move from the state it was shown in
 * to a target state, applied only when the order is still in that state: a double tap, a form
 * posted again or a second phone finds it moved already and changes nothing, so the customer's
 * e-mail for a status (queued by the Orders hooks on the change itself) goes once.
 */
export const STATUS_STEPS = {
  confirm: { from: ['new'], to: 'confirmed', button: 'Confirm' },
  ready: { from: ['confirmed'], to: 'ready', button: 'Ready' },
  complete: { from: ['ready'], to: 'completed', button: 'Completed' },
  cancel: { from: ['new', 'confirmed', 'ready'], to: 'cancelled', button: 'Cancel order' },
} as const satisfies Record<string, { from: readonly Order['status'][]; to: Order['status']; button: string }>

export type StatusStep = keyof typeof STATUS_STEPS

/**
 * The delivery day's buttons (Shop → Pickup & delivery → Delivery day, `features/delivery`): each
 * records the moment on the order. Handed over (at the door) and Collected (at a pickup) complete
 * it, from any open state — the seller may never have tapped Ready on a run — and a second tap
 * finds it completed and changes nothing; Not home keeps it open, its jars on the run.
 */
export const HANDOVER_STEPS = {
  handedOver: { from: ['new', 'confirmed', 'ready'], button: 'Handed over', records: 'handedOverAt', completes: true },
  collected: { from: ['new', 'confirmed', 'ready'], button: 'Collected', records: 'handedOverAt', completes: true },
  notHome: { from: ['new', 'confirmed', 'ready'], button: 'Not home', records: 'notHomeAt', completes: false },
} as const satisfies Record<string, { from: readonly Order['status'][]; button: string; records: 'handedOverAt' | 'notHomeAt'; completes: boolean }>

export type HandoverStep = keyof typeof HANDOVER_STEPS

export const isHandoverStep = (action: string): action is HandoverStep => action in HANDOVER_STEPS

/** Every button of an order: its status steps, Mark paid and the delivery day's. */
export const SELLER_ACTIONS = ['confirm', 'ready', 'complete', 'cancel', 'paid', 'handedOver', 'collected', 'notHome'] as const satisfies readonly (StatusStep | 'paid' | HandoverStep)[]
export type SellerAction = (typeof SELLER_ACTIONS)[number]

/** The one step forward from where the order stands (New → Confirmed → Ready → Completed), if any. */
export function nextStep(status: Order['status']): StatusStep | null {
  const forward: StatusStep[] = ['confirm', 'ready', 'complete']
  return forward.find((step) => (STATUS_STEPS[step].from as readonly string[]).includes(status)) ?? null
}

export const canCancel = (status: Order['status']) => (STATUS_STEPS.cancel.from as readonly string[]).includes(status)

/** The longest reason a cancel keeps (in the order's notes). */
export const CANCEL_REASON_MAX = 300

/** Orders on one page of the New list. */
export const NEW_ORDERS_PER_PAGE = 20

/**
 * Add order without a script lists the times of both methods (seller.css shows the chosen method's):
 * each list posts under a name of its own, and the order takes the chosen method's
 * (`actions.ts#withChosenTime`).
 */
export const ADD_ORDER_TIME_FIELDS = { pickup: 'pickupWindow', delivery: 'deliveryWindow' } as const satisfies Record<DeliveryMethod, string>

/**
 * The most an Add order post may carry: its fields' limits (`shared/forms/limits.ts`) add up to
 * under 3 kB, so 64 kB is a form no one typed: its action (`actions.ts#addOrderOnPhone`) refuses
 * one larger before it reads anything of it, rather than answering each field's limit.
 */
export const ADD_ORDER_MAX_BYTES = 64 * 1024

/** Orders on one page of the Owed list. */
export const OWED_PER_PAGE = 20

/** Why a Mark paid's day is refused: a day still to come, or one before the order was placed. */
export const PAID_ON_REFUSALS = ['future', 'before-order'] as const
export type PaidOnRefusal = (typeof PAID_ON_REFUSALS)[number]

/**
 * The day a payment came in, as the seller picks it (day keys in Detroit, '2026-12-05'): today or
 * earlier, and not before the day the order was placed — money cannot come in for an order not
 * yet made, nor tomorrow.
 */
export function paidOnRefusal(paidOn: string, today: string, placedOn: string): PaidOnRefusal | null {
  if (paidOn > today) return 'future'
  if (paidOn < placedOn) return 'before-order'
  return null
}

/** Whole calendar days from one day key to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000)

/** A day before today in words, as the Owed list says how long: 'today', 'yesterday', '5 days ago'. */
export function daysAgo(day: string, today: string): string {
  const days = daysBetween(day, today)
  if (days <= 0) return 'today'
  return days === 1 ? 'yesterday' : `${days} days ago`
}

/** A handover day from today in words: 'today', 'tomorrow', 'in 3 days', or 'yesterday', '2 days ago' once passed. */
export function dayFromToday(day: string, today: string): string {
  const days = daysBetween(today, day)
  if (days < 0) return daysAgo(day, today)
  if (days === 0) return 'today'
  return days === 1 ? 'tomorrow' : `in ${days} days`
}
