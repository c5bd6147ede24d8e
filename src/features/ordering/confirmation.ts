import type { Order } from '@/payload-types'

import { deliveryAddress, orderedFlavors, packingList } from './orderDetails'
import type { DeliveryMethod } from './pricing'
import { dollars } from './wording'
import { freshnessText } from './batches'
import type { PlanSummary } from './refillTerms'

/**
 * What a customer keeps of an order: the confirmation under 'Order Submitted!', the customer's
 * e-mail and the order status page all show this, built from the stored order and the seller's
 * payment methods (Site settings).
 */

export type PaymentOption = {
  method: string
  handle: string | null
  /** Opens the payment app with the amount (and, where the app takes one, the note) filled in. */
  href: string | null
}

export type OrderConfirmation = {
  reference: string
  quantity: number
  /** '2 × Mixed Berry, 1 × Peach Ginger' */
  jars: string
  method: DeliveryMethod
  /** The booked window ("Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market"), or null when arranged by text. */
  window: string | null
  /** Where a delivery goes; null for pickup. */
  address: string | null
  total: number
  payments: PaymentOption[]
  /** The private status page: `/order/status/<token>`. */
  statusPath: string | null
  /** "Made Dec 5 · best by Dec 19 · keep refrigerated", when the order's batch is known (read with it). */
  freshness: string | null
  /** The refill plan made of the order on the order form, shown under 'Order Submitted!'. */
  refill?: PlanSummary | null
}

type SellerPaymentMethod = { method: string; handle?: string | null }

export const statusPath = (token: string) => `/order/status/${token}`

/** A payment option as an e-mail's line says it: "Venmo: @handle: https://venmo.com/…". */
export const paymentLine = (option: PaymentOption) => [option.method, option.handle, option.href].filter(Boolean).join(': ')

/** Venmo and Cash App user names, as their links take them (anything else gets no link). */
const VENMO_USER = /^[A-Za-z0-9_-]{1,30}$/
const CASHTAG = /^[A-Za-z][A-Za-z0-9_]{0,20}$/

/**
 * The seller's payment methods with links that open the payment prefilled: Venmo takes the amount
 * and the note (the order reference), Cash App the amount only. Zelle and cash have no such link.
 */
export function paymentOptions(methods: readonly SellerPaymentMethod[], amount: number, reference: string): PaymentOption[] {
  return methods
    .filter((entry) => entry.method?.trim())
    .map(({ method, handle }) => {
      const name = method.toLowerCase().replace(/[^a-z]/g, '')
      const user = handle?.trim().replace(/^[@$]/, '') ?? ''
      let href: string | null = null
      if (name.includes('venmo') && VENMO_USER.test(user)) {
        href = `https://venmo.com/${user}?${new URLSearchParams({ txn: 'pay', amount: String(amount), note: reference })}`
      } else if (name.includes('cashapp') && CASHTAG.test(user)) {
        href = `https://cash.app/$${user}/${amount}`
      }
      return { method: method.trim(), handle: handle?.trim() || null, href }
    })
}

export function orderConfirmation(order: Order, paymentMethods: readonly SellerPaymentMethod[], plan?: PlanSummary): OrderConfirmation {
  const reference = order.reference ?? String(order.id)
  const delivery = order.deliveryMethod === 'delivery'
  return {
    reference,
    quantity: order.quantity,
    jars: packingList(orderedFlavors(order)),
    method: order.deliveryMethod,
    window: order.windowLabel ?? null,
    address: delivery ? deliveryAddress(order) : null,
    total: order.totalPrice,
    payments: paymentOptions(paymentMethods, order.totalPrice, reference),
    statusPath: order.statusToken ? statusPath(order.statusToken) : null,
    freshness: typeof order.batch === 'object' && order.batch ? freshnessText(order.batch) : null,
    refill: plan ?? null,
  }
}

/**
 * Where an order stands, for its next steps. Left out, the order has just been placed (the
 * confirmation under 'Order Submitted!'); the status page passes the stored status and payment.
 */
export type OrderStanding = { status?: Order['status']; paid?: boolean }

/** When the jars change hands: the booked window, or, for a time arranged by text, where that stands. */
export function handoverTime(confirmation: OrderConfirmation, { status = 'new' }: OrderStanding = {}): string {
  if (confirmation.window) return confirmation.window
  if (status === 'new') return `We'll agree on a time by text.`
  return status === 'cancelled' ? 'No time set.' : 'The time we agreed by text.'
}

/**
 * What happens next, in the customer's words: only what is still to come. A confirmed order no
 * longer waits for our text, a paid one is not asked to pay again, and a cancelled one has no next step.
 */
export function nextSteps(confirmation: OrderConfirmation, { status = 'new', paid = false }: OrderStanding = {}): string[] {
  if (status === 'cancelled') return []
  const delivery = confirmation.method === 'delivery'
  const when = confirmation.window ? `${delivery ? 'We deliver' : 'Pick up your jars'} on ${confirmation.window}.` : null
  const steps: string[] = []
  if (status === 'new') {
    steps.push(when ? `We'll text or e-mail you to confirm your order. ${when}` : `We'll text or e-mail you to confirm your order and agree on a ${delivery ? 'delivery' : 'pickup'} time.`)
  } else if (status === 'confirmed') {
    steps.push(when ?? `We'll text or e-mail you to agree on a ${delivery ? 'delivery' : 'pickup'} time.`)
  } else if (status === 'ready' && !delivery && when) {
    steps.push(when)
  }
  if (!paid) steps.push(`Pay ${dollars(confirmation.total)} and put ${confirmation.reference} in the note, so we can match your payment to your order.`)
  steps.push('Keep your jars in the fridge; the gel stays fresh for about two weeks.')
  return steps
}
