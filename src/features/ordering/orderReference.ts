import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

/** The first order's number: references read like a shop's, not like a first attempt (SM-1001). */
export const FIRST_ORDER_NUMBER = 1001
const PREFIX = 'SM-'

export const orderReference = (orderNumber: number) => `${PREFIX}${orderNumber}`

/**
 * The next order's reference, taken in the order's transaction from the `order-numbers` counter:
 * two orders at once cannot get the same one (SQLite runs one write transaction at a time;
 * MongoDB refuses the second writer of the counter and the transaction is retried).
 */
export async function takeOrderReference(payload: Payload, req: PayloadRequest): Promise<string> {
  const counter = await payload.findGlobal({ slug: 'order-numbers', depth: 0, overrideAccess: true, req })
  const next = Math.max(FIRST_ORDER_NUMBER, (counter.lastNumber ?? 0) + 1)
  await payload.updateGlobal({ slug: 'order-numbers', data: { lastNumber: next }, depth: 0, overrideAccess: true, req })
  return orderReference(next)
}
