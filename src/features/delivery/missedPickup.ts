import 'server-only'

import type { Payload } from 'payload'

import { OPEN_STATUSES } from '@/features/ordering/openOrders'
import { notYetQueued, queueOrderMessage } from '@/features/ordering/orderMessages'
import type { Order } from '@/payload-types'
import { inTransaction, isUniqueViolation } from '@/platform/db/transactions'
import { deliverSoon } from '@/platform/email/outbox'

import { missedPickupEmailDue, missedPickupStarts } from './missedPickupRules'
import { deliveryDaySettingsFrom } from './rules'

/** How often the server looks for pickups whose time has just ended (`instrumentation.ts`). */
export const MISSED_PICKUP_ROUND_MS = 10 * 60 * 1000

/**
 * The missed-pickup round: each pickup whose booked time ended without Collected (within the
 * grace, `missedPickupRules.ts`) gets the Missed pickup e-mail through the outbox, once (its key
 * `order:<id>:missedPickup`), and `missedPickupAt` in the same transaction. Only while the seller
 * records handovers (Delivery day on): otherwise nobody taps Collected, and every pickup would look
 * missed. Switched off in E-mail templates, or without an address, the order's e-mails record why
 * none went, as the payment reminder's do. Run by the server's worker every few minutes, on one
 * instance at a time; safe to run any number of times, also at once.
 */
export async function missedPickupRound(payload: Payload, now = new Date()): Promise<{ emailed: number }> {
  const fulfilment = await payload.findGlobal({ slug: 'fulfilment', depth: 0 })
  if (!deliveryDaySettingsFrom(fulfilment.deliveryDay).enabled) return { emailed: 0 }

  let emailed = 0
  for (const order of await missedPickupsDue(payload, now)) {
    try {
      const sent = await inTransaction(payload, async (req) => {
        // Read again in the transaction: collected, cancelled or held since the list was read, it gets none.
        const current = await payload.findByID({ collection: 'orders', id: order.id, depth: 0, overrideAccess: true, disableErrors: true, req })
        if (!current || !missedPickupEmailDue(current, now)) return { commit: false, value: false }
        const queued = await queueOrderMessage(payload, current, 'missedPickup', req)
        // The server's own mark, through the adapter with `updatedAt` kept: a seller with the order
        // open in the admin, or a customer on its change page, is not told someone changed it.
        if (queued) await payload.db.updateOne({ collection: 'orders', id: current.id, data: { missedPickupAt: now.toISOString(), updatedAt: current.updatedAt }, req })
        return { commit: true, value: queued }
      })
      if (sent) emailed++
    } catch (error) {
      // Another instance queued it a moment earlier: it goes once, which is the point.
      if (!isUniqueViolation(error)) payload.logger.error({ err: error, msg: `[missed-pickups] could not queue the missed-pickup e-mail of order ${order.id}` })
    }
  }
  if (emailed) deliverSoon(payload)
  return { emailed }
}

/**
 * The pickups whose e-mail is due at `now`: the database narrows them to the times that started in
 * the last day or two and are still open, not collected and not e-mailed; the rules decide each; one
 * look at the outbox leaves out those recorded as not sent, so a round that finds nothing new opens
 * no transaction.
 */
async function missedPickupsDue(payload: Payload, now: Date): Promise<Order[]> {
  const starts = missedPickupStarts(now)
  const { docs } = await payload.find({
    collection: 'orders',
    where: {
      and: [
        { windowStartsAt: { greater_than_equal: starts.from.toISOString() } },
        { windowStartsAt: { less_than_equal: starts.to.toISOString() } },
        { status: { in: [...OPEN_STATUSES] } },
        { deliveryMethod: { equals: 'pickup' } },
        { handedOverAt: { exists: false } },
        { missedPickupAt: { exists: false } },
      ],
    },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return notYetQueued(payload, docs.filter((order) => missedPickupEmailDue(order, now)), 'missedPickup')
}
