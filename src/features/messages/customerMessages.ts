import 'server-only'

import type { Payload } from 'payload'

import type { Order, SiteSetting } from '@/payload-types'
import { orderConfirmation } from '@/features/ordering/confirmation'
import { deliveryAddress, jarKeys, orderedFlavors, packingList } from '@/features/ordering/orderDetails'
import { dollars, jarsText } from '@/features/ordering/wording'
import { windowLabel } from '@/features/ordering/windows'
import { flavorField } from '@/features/ordering/formFields'
import { siteUrl } from '@/platform/config/siteUrl'
import type { OutgoingEmail } from '@/platform/email/outbox'
import { escapeHtml } from '@/shared/escapeHtml'

import { reviewLink, unsubscribeLink } from './signedLinks'
import { fillTemplate, type MessageKind, type MessageTemplate, type Placeholder } from './templates'

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
    payment: confirmation.payments.map((option) => `- ${[option.method, option.handle, option.href].filter(Boolean).join(': ')}`).join('\n'),
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
function orderSummary(order: Order, values: Partial<Record<Placeholder, string>>): string[] {
  return [
    `Order ${values.reference}`,
    `${jarsText(order.quantity)}: ${packingList(orderedFlavors(order))}`,
    `${order.deliveryMethod === 'pickup' ? 'Pickup' : 'Delivery'}: ${values.window}${order.deliveryMethod === 'delivery' || order.windowPlace ? ` · ${values.place}` : ''}`,
    `Total: ${values.total}${order.paymentStatus === 'paid' ? ' (paid, thank you)' : ''}`,
    `Your order page: ${values.statusLink}`,
  ]
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/

/**
 * Only the site's own addresses (and the seller's payment links, given as `links`) become links:
 * a customer can order in anyone's name, so a URL typed as a name, an address or a note must reach
 * the reader as text, not as a link in the shop's own e-mail.
 */
function isOwnLink(url: string, links: readonly string[]): boolean {
  if (links.includes(url)) return true
  try {
    return new URL(url).origin === new URL(siteUrl()).origin
  } catch {
    return false
  }
}

/** Plain text as simple HTML: paragraphs, line breaks and the site's own links, everything escaped. */
function textToHtml(paragraphs: string[], links: readonly string[]): string {
  const body = paragraphs
    .map((paragraph) => {
      // Split around the URLs (odd parts): each part is escaped, only own links are wrapped.
      const html = paragraph
        .split(URL_PATTERN)
        .map((part, index) => (index % 2 === 1 && isOwnLink(part, links) ? `<a href="${escapeHtml(part)}" style="color:#5e2b86">${escapeHtml(part)}</a>` : escapeHtml(part)))
        .join('')
      return `<p style="margin:0 0 14px;white-space:pre-line;overflow-wrap:anywhere">${html}</p>`
    })
    .join('\n')
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#2f1544;line-height:1.5;max-width:600px">${body}</body></html>`
}

export function composeEmail(parts: {
  to: string
  subject: string
  paragraphs: string[]
  replyTo?: string
  listUnsubscribe?: string
  /** Addresses off the site that may be links (the seller's payment links). */
  links?: readonly string[]
}): OutgoingEmail {
  const paragraphs = parts.listUnsubscribe ? [...parts.paragraphs, `Don't want these e-mails? Unsubscribe: ${parts.listUnsubscribe}`] : parts.paragraphs
  return {
    to: parts.to,
    subject: parts.subject,
    text: paragraphs.join('\n\n'),
    html: textToHtml(paragraphs, parts.links ?? []),
    replyTo: parts.replyTo,
    listUnsubscribe: parts.listUnsubscribe,
  }
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
