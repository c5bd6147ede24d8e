import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { OrderNumber } from '@/payload-types'

/** The first order's number: references read like a shop's, not like a first attempt (SM-1001). */
export const FIRST_ORDER_NUMBER = 1001
const PREFIX = 'SM-'
const ORDER_NUMBERS = 'order-numbers'

export const orderReference = (orderNumber: number) => `${PREFIX}${orderNumber}`

/**
 * The next order's reference, taken in the order's transaction from the `order-numbers` counter:
 * two orders at once cannot get the same one (SQLite runs one write transaction at a time;
 * MongoDB refuses the second writer of the counter and the transaction is retried).
 */
export async function takeOrderReference(payload: Payload, req: PayloadRequest): Promise<string> {
  // The adapter's own calls: a counter has no hooks, versions or edit locks to go through, and
  // every order takes a number (Payload's updateGlobal costs five statements on SQLite, this two).
  const counter: Partial<OrderNumber> | null = await payload.db.findGlobal({ slug: ORDER_NUMBERS, req })
  const next = Math.max(FIRST_ORDER_NUMBER, (counter?.lastNumber ?? 0) + 1)
  const data = { lastNumber: next, updatedAt: new Date().toISOString() }
  // Not stored yet (SQLite answers {}, MongoDB null): MongoDB's update would write nothing.
  if (counter && Object.keys(counter).length > 0) await payload.db.updateGlobal({ slug: ORDER_NUMBERS, data, req, returning: false })
  else await payload.db.createGlobal({ slug: ORDER_NUMBERS, data: { ...data, createdAt: data.updatedAt }, req, returning: false })
  return orderReference(next)
}
