import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Order, RefillPlan } from '@/payload-types'
import { isUniqueViolation } from '@/platform/db/transactions'
import type { Message } from '@/shared/notices'

import { refillNotices } from './notices'
import { followingDay, isRefillInterval } from './refillTerms'
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
