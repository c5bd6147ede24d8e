import 'server-only'

import type { Order, SiteSetting } from '@/payload-types'

import { CITIES, DELIVERY_METHODS } from '@/features/ordering/options'
import type { OutgoingEmail } from '@/platform/email/outbox'
import { escapeHtml } from '@/shared/escapeHtml'
import { dollars, jarsText } from './wording'
import { planPromise, type PlanSummary } from './refillTerms'
import { CONSENT_GIVEN, deliveryAddress, labelOf, orderedFlavors, placedAt, priceRows, type PriceRow } from './orderDetails'
import { siteUrl } from '@/platform/config/siteUrl'
import { orderConfirmation, paymentLine } from './confirmation'
import { DEFAULT_TEMPLATES, fillTemplate, type MessageTemplate } from '@/features/messages/templates'

/**
 * The two e-mails of a stored order: every field for the seller, and for the customer a summary,
 * the total, pickup or delivery, how to pay and the promise to confirm. Plain text plus simple HTML;
 * every value from the visitor is HTML-escaped.
 */

type Row = PriceRow
type Section = { heading?: string; rows?: Row[]; paragraphs?: string[]; list?: string[] }

function renderText(sections: Section[]): string {
  return sections
    .map((section) =>
      [
        section.heading && `${section.heading}\n${'-'.repeat(section.heading.length)}`,
        ...(section.paragraphs ?? []),
        ...(section.rows ?? []).map(([label, value]) => `${label}: ${value}`),
        ...(section.list ?? []).map((item) => `- ${item}`),
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n\n')
}

function renderHtml(sections: Section[]): string {
  const body = sections
    .map((section) => {
      const parts: string[] = []
      if (section.heading) parts.push(`<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(section.heading)}</h2>`)
      for (const paragraph of section.paragraphs ?? []) parts.push(`<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`)
      if (section.rows?.length) {
        const rows = section.rows
          .map(([label, value]) => `<tr><th align="left" style="padding:4px 16px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`)
          .join('')
        parts.push(`<table role="presentation" cellspacing="0" cellpadding="0">${rows}</table>`)
      }
      if (section.list?.length) parts.push(`<ul>${section.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`)
      return parts.join('\n')
    })
    .join('\n')
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#2f1544;line-height:1.5">${body}</body></html>`
}

function email(to: string, subject: string, sections: Section[], replyTo?: string): OutgoingEmail {
  return { to, subject, text: renderText(sections), html: renderHtml(sections), replyTo }
}

/** Everything the seller needs to confirm and fulfil the order; replies go to the customer. */
export function sellerOrderEmail(order: Order, settings: Pick<SiteSetting, 'email'>): OutgoingEmail {
  const method = labelOf(DELIVERY_METHODS, order.deliveryMethod)
  return email(
    settings.email,
    `New order: ${order.fullName}, ${jarsText(order.quantity)}, ${method.toLowerCase()}, ${dollars(order.totalPrice)}`,
    [
      { paragraphs: [`Order ${order.reference ?? order.id}, placed ${placedAt(order.createdAt)}.`, `Open it in the admin: ${siteUrl()}/admin/collections/orders/${order.id}`] },
      {
        heading: 'Customer',
        rows: [
          ['Full name', order.fullName],
          ['E-mail', order.email || '-'],
          ['Phone', order.phone],
          ['Instagram', order.instagram || '-'],
          [CONSENT_GIVEN, order.consent ? 'Yes' : 'No'],
        ],
      },
      {
        heading: 'Order',
        rows: [
          ['Jars', String(order.quantity)],
          ['Flavors', orderedFlavors(order)],
          ['Pickup or delivery', method],
          ['Time', order.windowLabel || 'Arrange by text'],
          ['Address', order.address],
          ['City', labelOf(CITIES, order.city)],
          ['ZIP code', order.zip],
          ['Notes', order.notes || '-'],
        ],
      },
      { heading: 'Price', rows: [...priceRows(order, false), ['Discount code', order.discountCode || '-']] },
    ],
    order.email ?? undefined,
  )
}

/** The customer's confirmation: what they ordered, when and where, how to pay (with links), what happens next, and their order page. */
export function customerOrderEmail(
  order: Order & { email: string },
  settings: Pick<SiteSetting, 'businessName' | 'productName' | 'phone' | 'email' | 'paymentMethods'>,
  /** The seller's words for it (E-mail templates → Order received). */
  template: MessageTemplate = DEFAULT_TEMPLATES.received,
  /** The refill plan the customer made of it on the order form. */
  plan?: PlanSummary,
): OutgoingEmail {
  const confirmation = orderConfirmation(order, settings.paymentMethods ?? [])
  const delivery = order.deliveryMethod === 'delivery'
  const values = {
    name: order.fullName,
    business: settings.businessName,
    product: settings.productName,
    method: order.deliveryMethod,
    reference: confirmation.reference,
    jars: jarsText(order.quantity),
    total: dollars(order.totalPrice),
    phone: settings.phone,
  }
  const payment = confirmation.payments.map(paymentLine)
  return email(
    order.email,
    fillTemplate(template.subject, values),
    [
      { paragraphs: fillTemplate(template.body, values).split(/\n{2,}/) },
      {
        heading: 'Your order',
        rows: [
          ...(order.reference ? [['Order number', order.reference] as PriceRow] : []),
          ['Product', `${settings.productName}, ${jarsText(order.quantity)} (8oz)`],
          ['Flavors', orderedFlavors(order)],
          ...(confirmation.freshness ? [['Freshness', confirmation.freshness] as PriceRow] : []),
          ...priceRows(order, true),
        ],
      },
      {
        heading: delivery ? 'Delivery' : 'Pickup',
        paragraphs: [
          delivery
            ? `We will deliver to ${deliveryAddress(order)}${confirmation.window ? ` on ${confirmation.window}.` : '. We will agree on a time when we confirm.'}`
            : confirmation.window
              ? `Pick up your jars on ${confirmation.window}.`
              : 'We will send you the pickup address and time when we confirm your order.',
        ],
      },
      {
        heading: 'How to pay',
        paragraphs: [
          `Pay ${dollars(order.totalPrice)} once we have confirmed your order, with any of these${order.reference ? ` (put ${order.reference} in the note)` : ''}:`,
        ],
        list: payment,
      },
      ...(plan
        ? [
            {
              heading: 'Your refill plan',
              paragraphs: [
                planPromise(plan),
                `Skip one, pause or stop your plan here: ${siteUrl()}${plan.path}`,
              ],
            },
          ]
        : []),
      ...(confirmation.statusPath
        ? [{ heading: 'Your order page', paragraphs: [`See your order, its status and payment at any time${confirmation.window ? ', and add the time to your calendar' : ''}: ${siteUrl()}${confirmation.statusPath}`, 'This link is private: anyone who has it can see this order.'] }]
        : []),
      {
        paragraphs: [
          `Questions? Text or call ${settings.phone}, or reply to this e-mail.`,
          settings.businessName,
        ],
      },
    ],
    settings.email,
  )
}
