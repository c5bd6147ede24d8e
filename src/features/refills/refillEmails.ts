import 'server-only'

import type { Order, RefillPlan, SiteSetting } from '@/payload-types'
import { composeEmail } from '@/features/messages/composeEmail'
import { paymentLine, paymentOptions, statusPath } from '@/features/ordering/confirmation'
import { deliveryAddress } from '@/features/ordering/orderDetails'
import { dollars } from '@/features/ordering/wording'
import { siteUrl } from '@/platform/config/siteUrl'
import type { OutgoingEmail } from '@/platform/email/outbox'

import { followingDay, refillDayText, refillPlanPath } from '@/features/ordering/refillTerms'

import { jarsWithFlavors } from './rules'

/**
 * The e-mails of a plan's cycle: the customer's refill (what, when, how much, how to pay, the
 * plan's private link), and, when a refill cannot be made, one word each to the customer and the
 * seller. Queued through the outbox once per cycle (the cycle's `dedupeKey`s).
 */

type Settings = Pick<SiteSetting, 'businessName' | 'phone' | 'email' | 'paymentMethods'>

/** The plan's private page, asking to confirm one change (a mail scanner opening the link changes nothing). */
const planLink = (token: string, change: 'skip' | 'flavors' | 'pause' | 'stop') => `${siteUrl()}${refillPlanPath(token)}?change=${change}`

/** "Skip this one · Change flavors · Pause · Stop", one link each. */
const PLAN_LINKS = [
  ['Skip this one', 'skip'],
  ['Change flavors', 'flavors'],
  ['Pause', 'pause'],
  ['Stop', 'stop'],
] as const

/** 'Sat Dec 13, Eastern Market 10–2', or the day alone when the seller's weekly time is gone. */
const dayAndSlot = (day: string, slot: string | null) => (slot ? `${refillDayText(day)}, ${slot}` : refillDayText(day))

/** "Your refill for Sat Dec 13, Eastern Market 10–2: 3 jars (Mixed Berry ×2, Peach Ginger) — $50" */
export const refillSubject = (day: string, slot: string | null, flavorNames: readonly string[], total: number) =>
  `Your refill for ${dayAndSlot(day, slot)}: ${jarsWithFlavors(flavorNames)} — ${dollars(total)}`

export function refillMadeEmail(
  plan: Pick<RefillPlan, 'fullName' | 'email' | 'everyWeeks' | 'token'>,
  order: Order,
  refill: { day: string; slot: string | null; flavorNames: readonly string[] },
  settings: Settings,
): OutgoingEmail {
  const reference = order.reference ?? String(order.id)
  const payments = paymentOptions(settings.paymentMethods ?? [], order.totalPrice, reference)
  const when = order.windowLabel ?? refillDayText(refill.day)
  return composeEmail({
    to: plan.email,
    subject: refillSubject(refill.day, refill.slot, refill.flavorNames, order.totalPrice),
    paragraphs: [
      `Hi ${plan.fullName},`,
      `Your next refill is reserved: ${jarsWithFlavors(refill.flavorNames)}, ${dollars(order.totalPrice)}. Order number ${reference}.`,
      order.deliveryMethod === 'delivery' ? `We will deliver to ${deliveryAddress(order)} on ${when}.` : `Pick up your jars on ${when}.`,
      [`How to pay: ${dollars(order.totalPrice)} once we have confirmed it, with any of these (put ${reference} in the note):`, ...payments.map(paymentLine)].join('\n'),
      ...(order.statusToken ? [`This refill's order page: ${siteUrl()}${statusPath(order.statusToken)}`] : []),
      [
        `Your refill plan comes every ${plan.everyWeeks} weeks. Each of these links asks you to confirm:`,
        ...PLAN_LINKS.map(([label, change]) => `${label}: ${planLink(plan.token, change)}`),
        'These links are private: anyone who has them can change your plan.',
      ].join('\n'),
      `Questions? Text or call ${settings.phone}, or reply to this e-mail.`,
      settings.businessName,
    ],
    replyTo: settings.email ?? undefined,
    links: payments.flatMap((entry) => (entry.href ? [entry.href] : [])),
  })
}

/**
 * Why a due refill could not be made, as both the seller and the customer read it after "…: ",
 * and what the customer is asked to reply with.
 */
export type RefillProblem = { reason: string; ask: 'pick another time' | 'pick another flavor' | 'pick another time or flavor' | 'switch to pickup' }

/** "Could not make the refill of Sat Dec 13: that time is full": the plan's visible field and the seller's subject. */
export const sellerProblemText = (day: string, problem: RefillProblem) => `Could not make the refill of ${refillDayText(day)}: ${problem.reason}`

export function sellerProblemEmail(plan: Pick<RefillPlan, 'id' | 'fullName' | 'email' | 'phone'>, day: string, problem: RefillProblem, settings: Pick<SiteSetting, 'email'>): OutgoingEmail {
  return composeEmail({
    to: settings.email,
    subject: sellerProblemText(day, problem),
    paragraphs: [
      `${sellerProblemText(day, problem)}. The customer, ${plan.fullName}, was told by e-mail and asked to reply to ${problem.ask}.`,
      `The plan stays on that day and is tried again every few minutes until the day comes: make room (raise the time's limit under Shop → Pickup & delivery, add jars under Shop → Batches), or agree on another time with the customer (${plan.phone}, ${plan.email}) and enter that order by hand.`,
      `Open the plan: ${siteUrl()}/admin/collections/refill-plans/${plan.id}`,
    ],
    replyTo: plan.email,
  })
}

/** "We couldn't reserve your refill for Sat Dec 13, Eastern Market 10–2: that time is full. Reply to this e-mail to pick another time." */
export function customerProblemEmail(plan: Pick<RefillPlan, 'fullName' | 'email' | 'token' | 'everyWeeks'>, refill: { day: string; slot: string | null }, problem: RefillProblem, settings: Settings): OutgoingEmail {
  return composeEmail({
    to: plan.email,
    subject: `We couldn't reserve your refill for ${refillDayText(refill.day)}`,
    paragraphs: [
      `Hi ${plan.fullName},`,
      `We couldn't reserve your refill for ${dayAndSlot(refill.day, refill.slot)}: ${problem.reason}. Reply to this e-mail to ${problem.ask}, or text us at ${settings.phone}.`,
      ...(problem.ask === 'pick another flavor' ? [`Or choose other flavors here, and your refill is reserved at once if we have them: ${planLink(plan.token, 'flavors')}`] : []),
      ...(problem.ask === 'pick another time' ? [`Or skip this one and take the next, ${refillDayText(followingDay(refill.day, plan.everyWeeks))}: ${planLink(plan.token, 'skip')}`] : []),
      `Your plan itself goes on: skip, pause or stop it here: ${siteUrl()}${refillPlanPath(plan.token)}`,
      settings.businessName,
    ],
    replyTo: settings.email ?? undefined,
  })
}

/** The next refill's order took other flavors (the customer changed them): the seller packs these instead. */
export function sellerFlavorsChangedEmail(
  plan: Pick<RefillPlan, 'fullName' | 'email'>,
  refill: { day: string; reference: string; orderId: number | string; flavorNames: readonly string[] },
  settings: Pick<SiteSetting, 'email'>,
): OutgoingEmail {
  return composeEmail({
    to: settings.email,
    subject: `Refill order ${refill.reference} changed: now ${jarsWithFlavors(refill.flavorNames)}`,
    paragraphs: [
      `${plan.fullName} changed the flavors of their refill plan. Their refill of ${refillDayText(refill.day)}, order ${refill.reference}, now has ${jarsWithFlavors(refill.flavorNames)}: pack these instead.`,
      `Open the order: ${siteUrl()}/admin/collections/orders/${refill.orderId}`,
    ],
    replyTo: plan.email,
  })
}
