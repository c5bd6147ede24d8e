import 'server-only'

import type { Payload } from 'payload'

import type { Order, SiteSetting } from '@/payload-types'
import { composeEmail } from '@/features/messages/composeEmail'
import { siteUrl } from '@/platform/config/siteUrl'
import type { OutgoingEmail } from '@/platform/email/outbox'

import { paymentLine, paymentOptions } from '../confirmation'
import { orderPlaceholders, orderSummary, type Settings } from '../customerEmails'
import { settlementForSeller, settlementText } from './notices'
import type { Settlement } from './types'

/**
 * The two e-mails of a customer's change: theirs (what changed, the order as it is now, what to
 * pay, the same private link) and the seller's (what changed, what to collect or refund, the order
 * in the admin). A cancel's own e-mail to the customer is the seller's "Cancelled" template, sent by
 * the order's status hook as for the seller's cancel.
 */

type Change = { lines: string[]; headline: string; money: Settlement }

export function customerChangeEmail(payload: Payload, order: Order & { email: string }, change: Change, settings: Settings): OutgoingEmail {
  const values = orderPlaceholders(payload, order, settings)
  const reference = values.reference ?? String(order.id)
  const amount = change.money.kind === 'pay' || change.money.kind === 'extra' ? change.money.amount : 0
  const payments = amount > 0 ? paymentOptions(settings.paymentMethods ?? [], amount, reference) : []
  return composeEmail({
    to: order.email,
    subject: `Your order ${reference} was changed`,
    paragraphs: [
      `Hi ${order.fullName}, your order was changed as you asked:`,
      change.lines.join('\n'),
      settlementText(change.money, reference),
      ...(payments.length ? [payments.map((option) => `- ${paymentLine(option)}`).join('\n')] : []),
      orderSummary(order, values).join('\n'),
      `Questions? Text or call ${settings.phone}, or reply to this e-mail.`,
      settings.businessName,
    ],
    replyTo: settings.email,
    links: payments.flatMap((option) => (option.href ? [option.href] : [])),
  })
}

export function sellerChangeEmail(order: Order, change: Change, settings: Pick<SiteSetting, 'email'>): OutgoingEmail {
  return composeEmail({
    to: settings.email,
    subject: change.headline,
    paragraphs: [
      `${order.fullName} changed order ${order.reference ?? order.id} on its page:`,
      change.lines.join('\n'),
      settlementForSeller(change.money),
      `Open it in the admin: ${siteUrl()}/admin/collections/orders/${order.id}`,
    ],
    replyTo: order.email ?? undefined,
  })
}
