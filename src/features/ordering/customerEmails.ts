import 'server-only'

import type { Payload } from 'payload'

import type { Order, SiteSetting } from '@/payload-types'
import { orderConfirmation, paymentLine } from './confirmation'
import { deliveryAddress, jarKeys, orderedFlavors, packingList } from './orderDetails'
import { dollars, jarsText } from './wording'
import { windowLabel } from './windows'
import { flavorField } from './formFields'
import { freshnessText } from './batches'
import { composeEmail } from '@/features/messages/composeEmail'
import { reviewLink, unsubscribeLink } from '@/features/messages/signedLinks'
import { fillTemplate, type MessageKind, type MessageTemplate, type Placeholder } from '@/features/messages/templates'
import { siteUrl } from '@/platform/config/siteUrl'
import type { OutgoingEmail } from '@/platform/email/outbox'

/**
 * A customer's e-mail of one kind, in the seller's words (the E-mail templates global) filled with
 * the order's details, followed by a short summary of the order; list e-mails (refill reminder)
 * end with an unsubscribe link and carry the one-click unsubscribe header.
 */

export type Settings = Pick<SiteSetting, 'businessName' | 'productName' | 'phone' | 'email' | 'paymentMethods'>

type OrderKind = Exclude<MessageKind, 'welcome'>

/** What each placeholder says about this order. */
export function orderPlaceholders(payload: Payload, order: Order, settings: Settings): Partial<Record<Placeholder, string>> {
  const confirmation = orderConfirmation(order, settings.paymentMethods ?? [])
  const pickup = order.deliveryMethod === 'pickup'
  const when = order.windowStartsAt && order.windowEndsAt ? windowLabel(new Date(order.windowStartsAt), new Date(order.windowEndsAt), null) : `we'll text you to arrange a time`
  const where = pickup ? order.windowPlace || 'the pickup address we send you' : deliveryAddress(order)
  return {
    name: order.fullName,
    business: settings.businessName,
    product: settings.productName,
    method: order.deliveryMethod,
    reference: confirmation.reference,
    total: dollars(order.totalPrice),
    jars: jarsText(order.quantity),
    window: when,
    place: where,
    payment: confirmation.payments.map((option) => `- ${paymentLine(option)}`).join('\n'),
    phone: settings.phone,
    statusLink: confirmation.statusPath ? `${siteUrl()}${confirmation.statusPath}` : `${siteUrl()}/contact`,
    reviewLink: reviewLink(payload, order),
    orderAgainLink: orderAgainLink(order),
  }
}

/** `/order?qty=3&flavor1=…`: the order form with the same package and flavors chosen. */
export function orderAgainLink(order: Pick<Order, 'quantity' | 'flavors'>): string {
  const query = new URLSearchParams({ qty: String(order.quantity) })
  jarKeys(order.flavors).forEach((key, index) => query.set(flavorField(index + 1), key))
  return `${siteUrl()}/order?${query}`
}

/** The order in a few lines, under every order e-mail. */
export function orderSummary(order: Order, values: Partial<Record<Placeholder, string>>): string[] {
  return [
    `Order ${values.reference}`,
    `${jarsText(order.quantity)}: ${packingList(orderedFlavors(order))}`,
    ...(typeof order.batch === 'object' && order.batch ? [freshnessText(order.batch)] : []),
    `${order.deliveryMethod === 'pickup' ? 'Pickup' : 'Delivery'}: ${values.window}${order.deliveryMethod === 'delivery' || order.windowPlace ? ` · ${values.place}` : ''}`,
    `Total: ${values.total}${order.paymentStatus === 'paid' ? ' (paid, thank you)' : ''}`,
    `Your order page: ${values.statusLink}`,
  ]
}

/** A status, reminder or refill e-mail of an order, as the customer will read it. */
export function orderMessage(payload: Payload, kind: OrderKind, order: Order & { email: string }, settings: Settings, template: MessageTemplate): OutgoingEmail {
  const values = orderPlaceholders(payload, order, settings)
  const marketing = kind === 'refill'
  const paymentLinks = orderConfirmation(order, settings.paymentMethods ?? []).payments.flatMap((option) => (option.href ? [option.href] : []))
  return composeEmail({
    to: order.email,
    subject: fillTemplate(template.subject, values),
    paragraphs: [fillTemplate(template.body, values), ...(marketing ? [] : [orderSummary(order, values).join('\n')]), settings.businessName],
    replyTo: settings.email,
    listUnsubscribe: marketing ? unsubscribeLink(payload, order.email) : undefined,
    links: paymentLinks,
  })
}
