import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Order, RefillPlan, SiteSetting } from '@/payload-types'
import { composeEmail } from '@/features/messages/composeEmail'
import { siteUrl } from '@/platform/config/siteUrl'
import { inTransaction, isUniqueViolation } from '@/platform/db/transactions'
import { deliverSoon, type OutgoingEmail, queueEmail } from '@/platform/email/outbox'
import type { Message } from '@/shared/notices'

import { refillNotices } from './notices'
import { findOrderByStatusToken } from './orderStatus'
import { followingDay, isRefillInterval, planPromise, refillPlanPath } from './refillTerms'
import { windowRules } from './shop'
import { newStatusToken } from './statusToken'

export type PlanStart = { ok: true; plan: RefillPlan } | { ok: false; message: Message }

/** A window key is `<day>_<seller's window row id>` (`ordering/windows.ts#windowKey`). */
function windowParts(key: string): { day: string; rule: string } {
  const split = key.indexOf('_')
  return { day: key.slice(0, split), rule: key.slice(split + 1) }
}

/**
 * Makes a refill plan of a placed order: the same jars, flavors, method, address and weekly time,
 * every `everyWeeks` weeks from the order's day. Only an order with a booked window can be one (the
 * plan books that weekly time for each refill), and each order makes at most one plan (its
 * `sourceOrder` is unique, also when two requests race). With `req`, in that request's transaction
 * (the order form's: the order and its plan are stored together, or neither).
 */
export async function startRefillPlan(payload: Payload, order: Order, everyWeeks: number, req?: PayloadRequest): Promise<PlanStart> {
  if (!isRefillInterval(everyWeeks)) return { ok: false, message: refillNotices.interval }
  if (order.status === 'cancelled') return { ok: false, message: refillNotices.cancelled }
  if (order.refillPlan) return { ok: false, message: refillNotices.alreadyAPlan }
  if (!order.windowKey) return { ok: false, message: refillNotices.needsWindow }
  if (!order.email) return { ok: false, message: refillNotices.needsEmail }
  const { day, rule } = windowParts(order.windowKey)
  // The seller may have removed the weekly time since the order was placed.
  if (!(await windowRules(payload, req)).windows.some((window) => window.id === rule && window.method === order.deliveryMethod)) return { ok: false, message: refillNotices.timeGone }
  try {
    const plan = await payload.create({
      collection: 'refill-plans',
      data: {
        status: 'active',
        everyWeeks,
        nextDay: followingDay(day, everyWeeks),
        fullName: order.fullName,
        email: order.email,
        phone: order.phone,
        quantity: order.quantity,
        flavors: order.flavors,
        deliveryMethod: order.deliveryMethod,
        city: order.city,
        address: order.address,
        zip: order.zip,
        consent: Boolean(order.consent),
        windowRule: rule,
        token: newStatusToken(),
        sourceOrder: order.id,
      },
      depth: 0,
      // Visitors may not create plans through the API (create access is `nobody`); this code
      // takes every field from the stored order, checked above.
      overrideAccess: true,
      req,
    })
    return { ok: true, plan }
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: refillNotices.alreadyAPlan }
    throw error
  }
}

/** The plan made of an order (on the order form or on its page), if any. */
export async function planOfOrder(payload: Payload, order: Pick<Order, 'id'>): Promise<RefillPlan | null> {
  const { docs } = await payload.find({ collection: 'refill-plans', where: { sourceOrder: { equals: order.id } }, limit: 1, depth: 0, overrideAccess: true })
  return docs[0] ?? null
}

/** Whether the order's page offers to make it a refill plan: a placed order with a weekly time, not a refill itself. */
export const offersRefillPlan = (order: Pick<Order, 'status' | 'windowKey' | 'refillPlan'>) => order.status !== 'cancelled' && Boolean(order.windowKey) && !order.refillPlan

export type PlanFromOrderPage = PlanStart | { ok: false; message: null }

/**
 * "Make this a refill plan" on an order's private page (`/order/status/<token>`): the plan is
 * stored with its e-mail to the customer (its private link is the only way back to it), in one
 * transaction. An unknown token: `message: null` (not found).
 */
export async function startRefillPlanFromOrderPage(payload: Payload, statusToken: string, everyWeeks: number): Promise<PlanFromOrderPage> {
  const order = await findOrderByStatusToken(payload, statusToken)
  if (!order) return { ok: false, message: null }
  if (order.refillPlan) return { ok: false, message: refillNotices.alreadyAPlan }
  const started = await inTransaction<PlanStart>(payload, async (req) => {
    const start = await startRefillPlan(payload, order, everyWeeks, req)
    if (!start.ok) return { commit: false, value: start }
    const site = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
    await queueEmail(payload, { ...planStartedEmail(start.plan, site), about: `refill-plan:${start.plan.id}`, dedupeKey: `refill-plan:${start.plan.id}:${start.plan.createdAt}:started` }, req)
    return { commit: true, value: start }
  })
  if (started.ok) deliverSoon(payload)
  return started
}

function planStartedEmail(plan: RefillPlan, settings: Pick<SiteSetting, 'businessName' | 'phone' | 'email'>): OutgoingEmail {
  return composeEmail({
    to: plan.email,
    subject: `Your refill plan: every ${plan.everyWeeks} weeks`,
    paragraphs: [
      `Hi ${plan.fullName},`,
      planPromise(plan),
      `Skip one, change flavors, pause or stop your plan here: ${siteUrl()}${refillPlanPath(plan.token)}\nThis link is private: anyone who has it can change your plan.`,
      `Questions? Text or call ${settings.phone}, or reply to this e-mail.`,
      settings.businessName,
    ],
    replyTo: settings.email ?? undefined,
  })
}
