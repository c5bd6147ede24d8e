import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import { inTransaction } from '@/platform/db/transactions'
import { businessDay } from '@/shared/time'

import { deliveryDaySettingsFrom } from './rules'
import { findRun, type Run } from './run'
import { movedOneStop, runDay, type StopOrderPost } from './runRules'

/**
 * What the Run page's buttons change on a run: Leaving (when the cooler left) and the seller's own
 * stop order. Each is read and written in one transaction, so a second tap, a second phone or a
 * post repeated after a lost answer finds the run as the first left it.
 */

export type LeaveResult = { status: 'left' | 'already-left' | 'not-today' | 'not-found' | 'delivery-day-off'; leftAt?: string }

/**
 * Leaving: records when the cooler left on the run (`delivery-runs.leftAt`) and on each order of it
 * not yet handed over (`leftFridgeAt`), once. A run already left keeps its first time, and so do its
 * orders; an order that joins the run after Leaving gets none (its jars did not leave with that
 * cooler). Only today's runs leave, and only while Delivery day is on (as the handovers: a page
 * from before it was turned off records nothing).
 *
 * An order not handed over may already have a time from an earlier run (Not home, then on the next
 * day's text run or booked again): that cooler came back to the kitchen, so this Leaving replaces
 * it. The order keeps the trip that took its jars to the door, as it keeps its last Not home; the
 * earlier trip's Not home stays in its history. Keeping the first time instead would count the
 * nights in the fridge as out of it ("Out 1470 min") on the run, the recall list and the export.
 */
export function leaveOnRun(payload: Payload, runKey: string, now = new Date()): Promise<LeaveResult> {
  return inTransaction<LeaveResult>(payload, async (req) => {
    if (!(await deliveryDayOn(payload, req))) return { commit: false, value: { status: 'delivery-day-off' } }
    if (runDay(runKey) !== businessDay(now).key) return { commit: false, value: { status: 'not-today' } }
    const run = await findRun(payload, runKey, now, req)
    if (!run || run.stops.length === 0) return { commit: false, value: { status: 'not-found' } }
    if (run.leftAt) return { commit: false, value: { status: 'already-left', leftAt: run.leftAt } }
    const leftAt = now.toISOString()
    await keepRecord(payload, run, { leftAt }, req)
    const stillToHandOver = run.stops.filter((stop) => !stop.handedOverAt)
    for (const stop of stillToHandOver) {
      const order = await payload.findByID({ collection: 'orders', id: stop.id, select: { updatedAt: true }, depth: 0, overrideAccess: true, req })
      // The server's own record, through the adapter with the order's `updatedAt` kept: no hook is
      // about it (no status, no e-mail), and a seller who has the order open in the admin is not
      // told someone else changed it.
      await payload.db.updateOne({ collection: 'orders', id: stop.id, data: { leftFridgeAt: leftAt, updatedAt: order.updatedAt }, req, returning: false })
    }
    return { commit: true, value: { status: 'left', leftAt } }
  })
}

export type StopOrderResult = { status: 'saved' | 'not-found' | 'delivery-day-off' } | { status: 'refused'; why: 'not-on-run' }

/**
 * The seller's stop order, kept on the run (`delivery-runs.stopOrder`): a whole new order (a drag)
 * or one stop moved a place up or down (without a script). Every id must be a stop of the run (held
 * orders are not driven); stops left out (ordered since the page was loaded) are put in where they
 * add the fewest miles, as for any new order.
 */
export function saveStopOrder(payload: Payload, runKey: string, post: StopOrderPost, now = new Date()): Promise<StopOrderResult> {
  return inTransaction<StopOrderResult>(payload, async (req) => {
    if (!(await deliveryDayOn(payload, req))) return { commit: false, value: { status: 'delivery-day-off' } }
    const run = await findRun(payload, runKey, now, req)
    if (!run) return { commit: false, value: { status: 'not-found' } }
    const onRun = run.stops.map((stop) => String(stop.id))
    const asked = post.kind === 'order' ? post.ids : [post.id]
    if (!asked.every((id) => onRun.includes(id))) return { commit: false, value: { status: 'refused', why: 'not-on-run' } }
    const stopOrder = post.kind === 'order' ? post.ids : movedOneStop(onRun, post.id, post.to)
    await keepRecord(payload, run, { stopOrder }, req)
    return { commit: true, value: { status: 'saved' } }
  })
}

/** Whether Delivery day is on: a Run page from before it was turned off changes nothing. */
async function deliveryDayOn(payload: Payload, req: PayloadRequest): Promise<boolean> {
  const fulfilment = await payload.findGlobal({ slug: 'fulfilment', select: { deliveryDay: true }, depth: 0, overrideAccess: true, req })
  return deliveryDaySettingsFrom(fulfilment.deliveryDay).enabled
}

/** The run's record, made on its first change (its key is unique: two phones make one). */
async function keepRecord(payload: Payload, run: Run, data: { leftAt?: string; stopOrder?: string[] }, req: PayloadRequest) {
  const { docs } = await payload.find({ collection: 'delivery-runs', where: { runKey: { equals: run.runKey } }, limit: 1, depth: 0, overrideAccess: true, req })
  if (docs[0]) await payload.update({ collection: 'delivery-runs', id: docs[0].id, data, depth: 0, overrideAccess: true, req })
  else await payload.create({ collection: 'delivery-runs', data: { runKey: run.runKey, day: run.day, ...data }, depth: 0, overrideAccess: true, req })
}
