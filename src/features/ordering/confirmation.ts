import type { Order } from '@/payload-types'

import { deliveryAddress, orderedFlavors, packingList } from './orderDetails'
import type { DeliveryMethod } from './pricing'
import { dollars } from './wording'

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
}

type SellerPaymentMethod = { method: string; handle?: string | null }

export const statusPath = (token: string) => `/order/status/${token}`

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

export function orderConfirmation(order: Order, paymentMethods: readonly SellerPaymentMethod[]): OrderConfirmation {
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
  }
}

/** What happens next, in the customer's words. */
export function nextSteps(confirmation: OrderConfirmation): string[] {
  const delivery = confirmation.method === 'delivery'
  return [
    confirmation.window
      ? `We'll text or e-mail you to confirm your order. ${delivery ? 'We deliver' : 'Pick up your jars'} on ${confirmation.window}.`
      : `We'll text or e-mail you to confirm your order and agree on a ${delivery ? 'delivery' : 'pickup'} time.`,
    `Pay ${dollars(confirmation.total)} and put ${confirmation.reference} in the note, so we can match your payment to your order.`,
    'Keep your jars in the fridge; the gel stays fresh for about two weeks.',
  ]
}
