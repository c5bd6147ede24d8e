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

/** Every button of an order: its status steps and Mark paid. */
export const SELLER_ACTIONS = ['confirm', 'ready', 'complete', 'cancel', 'paid'] as const satisfies readonly (StatusStep | 'paid')[]
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
