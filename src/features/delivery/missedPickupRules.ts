import { awaitsCollection } from '@/features/ordering/openOrders'
import type { Order } from '@/payload-types'

/**
 * A missed pickup (Shop → Pickup & delivery → Delivery day): a pickup with a booked time whose
 * time has ended while nobody tapped Collected, still open (new, confirmed or ready), and not held
 * by a recall (a held order is not to be handed over at all). The customer gets one "We missed you"
 * e-mail (Content → E-mail templates → Missed pickup), and the seller's Today screen lists it until
 * it is collected, completed or cancelled.
 */

/**
 * A missed pickup found more than this after its time ended (the server was down) gets no e-mail
 * any more: a day late it still reaches the customer before the seller's next pickup time most
 * weeks; later, the seller has most likely texted them already, and the order stays on the Today
 * screen's Missed pickups either way.
 */
export const MISSED_PICKUP_GRACE_HOURS = 24

/** The missed pickups listed on the Today screen at most; the heading counts them all. */
export const MISSED_PICKUPS_SHOWN = 10

const HOUR_MS = 60 * 60 * 1000

export type MissedPickupFields = Pick<Order, 'deliveryMethod' | 'status' | 'windowEndsAt' | 'handedOverAt' | 'heldByRecall'>

/** Whether the pickup's booked time ended at or before `now` without a handover, the order still open. */
export function isMissedPickup(order: MissedPickupFields, now: Date): boolean {
  return awaitsCollection(order) && Boolean(order.windowEndsAt) && Date.parse(order.windowEndsAt!) <= now.getTime()
}

/** Whether its e-mail is due at `now`: missed, not e-mailed yet, and its time ended no longer ago than the grace. */
export function missedPickupEmailDue(order: MissedPickupFields & Pick<Order, 'missedPickupAt'>, now: Date): boolean {
  if (order.missedPickupAt || !isMissedPickup(order, now)) return false
  return now.getTime() - Date.parse(order.windowEndsAt!) <= MISSED_PICKUP_GRACE_HOURS * HOUR_MS
}

/**
 * Where the round looks, as a range of booked start times the database narrows with its index
 * (`windowStartsAt, status`): every time that started before now and can have ended within the
 * grace (a booked time lies within one day: `ordering/windows.ts`). `missedPickupEmailDue` decides each.
 */
export function missedPickupStarts(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - (MISSED_PICKUP_GRACE_HOURS + 24) * HOUR_MS), to: now }
}

/** The text the seller sends from a missed pickup's card (its `sms:` link), ready to edit. */
export function missedPickupText(order: { fullName: string; reference: string; place: string | null }): string {
  const firstName = order.fullName.trim().split(/\s+/)[0]
  const where = order.place ? ` at ${order.place}` : ''
  return `Hi ${firstName}, we missed you${where} for your order ${order.reference}. Your jars are waiting in the fridge: when can you come by?`
}
