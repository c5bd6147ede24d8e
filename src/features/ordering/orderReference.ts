import 'server-only'

import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload, PayloadRequest } from 'payload'

import type { OrderNumber } from '@/payload-types'
import { aggregate } from '@/platform/db/aggregate'

import { orderReference } from './referenceFormat'

/** The first order's number: references read like a shop's, not like a first attempt (SM-1001). */
export const FIRST_ORDER_NUMBER = 1001
const ORDER_NUMBERS = 'order-numbers'

/**
 * The next order's reference, taken in the order's transaction from the `order-numbers` counter:
 * two orders at once cannot get the same one (SQLite runs one write transaction at a time;
 * MongoDB refuses the second writer of the counter and the transaction is retried).
 */
export async function takeOrderReference(payload: Payload, req: PayloadRequest): Promise<string> {
  // Not through Payload's updateGlobal: a counter has no hooks, versions or edit locks to go
  // through, and every order takes a number (updateGlobal costs five statements on SQLite, this one).
  const updatedAt = new Date().toISOString()
  const next = await aggregate(
    payload,
    {
      async sql({ drizzle, tables }) {
        const counter = tables.order_numbers
        const [taken]: { lastNumber: number }[] = await drizzle
          .update(counter)
          .set({ lastNumber: sql`max(${FIRST_ORDER_NUMBER}, coalesce(${counter.lastNumber}, 0) + 1)`, updatedAt })
          .returning({ lastNumber: counter.lastNumber })
        return taken?.lastNumber
      },
      async mongo() {
        const counter: Partial<OrderNumber> | null = await payload.db.findGlobal({ slug: ORDER_NUMBERS, req })
        // Not stored yet: null, or an empty object, for which an update would write nothing.
        if (!counter || Object.keys(counter).length === 0) return undefined
        const lastNumber = Math.max(FIRST_ORDER_NUMBER, (counter.lastNumber ?? 0) + 1)
        await payload.db.updateGlobal({ slug: ORDER_NUMBERS, data: { lastNumber, updatedAt }, req, returning: false })
        return lastNumber
      },
    },
    req,
  )
  if (next !== undefined) return orderReference(next)
  // The first order of a fresh database: the counter is not stored yet.
  await payload.db.createGlobal({ slug: ORDER_NUMBERS, data: { lastNumber: FIRST_ORDER_NUMBER, createdAt: updatedAt, updatedAt }, req, returning: false })
  return orderReference(FIRST_ORDER_NUMBER)
}
