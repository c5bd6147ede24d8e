import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Fulfilment, Media, Order, Pricing, SiteSetting } from '@/payload-types'

import { type FlavorOption, type JarsLeft, jarsLeftFrom } from './catalog'
import { priceListFrom, type PriceList } from './pricing'
import { type Bookings, capacityOfWindow, openWindows, upcomingWindows, type WindowChoice, type WindowRules, windowRulesFrom } from './windows'
import { jarsText } from './wording'

/**
 * What is for sale, read from the seller's Shop group: flavors, prices and this batch's jars. The
 * order service reads it inside its transaction; the pages read it through `content.ts`'s cache.
 */

/**
 * The seller's settings an order is checked, priced and e-mailed by. The order form reads them
 * through the site's cache, as its page did (`content.ts`: read again after each edit, not for
 * each order); an order entered in the admin reads them from the database, in its transaction.
 */
export type SellerSettings = {
  flavors: () => Promise<FlavorForSale[]>
  pricing: () => Promise<Pricing>
  fulfilment: () => Promise<Fulfilment>
  site: () => Promise<SiteSetting>
}

export const settingsFromDatabase = (payload: Payload, req?: Partial<PayloadRequest>): SellerSettings => ({
  flavors: () => findFlavors(payload, req),
  pricing: () => payload.findGlobal({ slug: 'pricing', depth: 0, req }),
  fulfilment: () => payload.findGlobal({ slug: 'fulfilment', depth: 0, req }),
  site: () => payload.findGlobal({ slug: 'site-settings', depth: 0, req }),
})

export type FlavorForSale = FlavorOption & { description: string | null }

/**
 * Every flavor in the seller's order, sold-out ones included (the form shows them as sold out).
 * Photos are not loaded: every order reads this, and nothing shows them on the order page yet.
 */
export async function findFlavors(payload: Payload, req?: Partial<PayloadRequest>): Promise<FlavorForSale[]> {
  const { docs } = await payload.find({ collection: 'flavors', sort: '_order', pagination: false, depth: 0, overrideAccess: false, req })
  return docs.map((flavor) => ({ value: flavor.value, name: flavor.name, available: flavor.available !== false, description: flavor.description ?? null }))
}

/** A flavor as the order page presents it: with its photo (a media document, or none). */
export type FlavorCard = FlavorForSale & { photo: Media | null }

/** The flavors with their photos, for the order page's "Our flavors". */
export async function findFlavorCards(payload: Payload): Promise<FlavorCard[]> {
  const { docs } = await payload.find({ collection: 'flavors', sort: '_order', pagination: false, depth: 1, overrideAccess: false })
  return docs.map((flavor) => ({
    value: flavor.value,
    name: flavor.name,
    available: flavor.available !== false,
    description: flavor.description ?? null,
    photo: typeof flavor.photo === 'object' ? (flavor.photo ?? null) : null,
  }))
}

export async function currentPrices(settings: SellerSettings): Promise<PriceList> {
  return (await orderTerms(settings)).prices
}

/**
 * How the seller takes orders, from the Pickup & delivery settings (one read): the window rules
 * and the ZIP code prefixes delivered to (none set means anywhere).
 */
export type FulfilmentTerms = { rules: WindowRules; zipPrefixes: string[] }

const fulfilmentTermsFrom = (fulfilment: Fulfilment): FulfilmentTerms => ({
  rules: windowRulesFrom(fulfilment),
  zipPrefixes: (fulfilment.deliveryZipPrefixes ?? []).map((entry) => entry.prefix.trim()).filter(Boolean),
})

export async function fulfilmentTerms(settings: SellerSettings): Promise<FulfilmentTerms> {
  return fulfilmentTermsFrom(await settings.fulfilment())
}

/** Everything an order is priced and checked by, in two reads: the prices and the fulfilment terms. */
export async function orderTerms(settings: SellerSettings): Promise<FulfilmentTerms & { prices: PriceList }> {
  const [pricing, fulfilment] = await Promise.all([settings.pricing(), settings.fulfilment()])
  return { prices: priceListFrom(pricing, fulfilment), ...fulfilmentTermsFrom(fulfilment) }
}

export async function jarsLeft(payload: Payload, req?: Partial<PayloadRequest>): Promise<JarsLeft> {
  return jarsLeftFrom((await payload.findGlobal({ slug: 'stock', depth: 0, req })).jarsAvailable)
}

/**
 * Takes an order's jars from this batch, in the order's transaction: with a limit set and too few
 * jars left, nothing is taken and the jars left are answered. No limit: nothing to take (0).
 */
export async function takeJars(payload: Payload, quantity: number, req: PayloadRequest): Promise<{ ok: true; taken: number } | { ok: false; left: number }> {
  const left = await jarsLeft(payload, req)
  if (left === null) return { ok: true, taken: 0 }
  if (quantity > left) return { ok: false, left }
  await payload.updateGlobal({ slug: 'stock', data: { jarsAvailable: left - quantity }, depth: 0, overrideAccess: true, req })
  return { ok: true, taken: quantity }
}

/** Puts a cancelled order's jars back into this batch (unless the seller has since removed the limit). */
export async function giveJarsBack(payload: Payload, jars: number, req: PayloadRequest): Promise<void> {
  const left = await jarsLeft(payload, req)
  if (left === null || jars <= 0) return
  await payload.updateGlobal({ slug: 'stock', data: { jarsAvailable: left + jars }, depth: 0, overrideAccess: true, req })
}

/** What the seller reads when a cancelled order cannot be set back: what is missing, and how to make room. */
export const restoreNotices = {
  windowFull: (label: string, capacity: number) =>
    `That time is full now: ${label} already has ${capacity} ${capacity === 1 ? 'order' : 'orders'}, its limit. Make room first (raise its limit under Shop → Pickup & delivery, or cancel another order in it), then set this order back.`,
  notEnoughJars: (left: number, needed: number) =>
    `Not enough jars left: this batch has ${jarsText(left)} and this order needs ${jarsText(needed)}. Add jars under Shop → This batch first, then set this order back.`,
} as const

/**
 * A cancelled order set back to an open status (by the seller in the admin, or through the API)
 * takes its place in its pickup/delivery time and its jars again, in the transaction of that
 * change, as a new order would; while its time is full or the batch is short, it stays cancelled
 * and nothing changes. Its time counts no capacity of the seller's times deleted since.
 */
export async function retakeCancelledOrder(
  payload: Payload,
  order: Pick<Order, 'quantity' | 'windowKey' | 'windowLabel'>,
  req: PayloadRequest,
): Promise<{ ok: true; jarsFromBatch: number } | { ok: false; refusal: string }> {
  if (order.windowKey) {
    const capacity = capacityOfWindow(await windowRules(payload, req), order.windowKey)
    // The order itself is still cancelled here, so it is not among the places counted.
    const taken = (await windowBookings(payload, [order.windowKey], req)).get(order.windowKey) ?? 0
    if (capacity !== null && taken >= capacity) return { ok: false, refusal: restoreNotices.windowFull(order.windowLabel ?? 'its time', capacity) }
  }
  const jars = await takeJars(payload, order.quantity, req)
  if (!jars.ok) return { ok: false, refusal: restoreNotices.notEnoughJars(jars.left, order.quantity) }
  return { ok: true, jarsFromBatch: jars.taken }
}

/** The seller's pickup and delivery windows, lead time and days off. */
export async function windowRules(payload: Payload, req?: Partial<PayloadRequest>): Promise<WindowRules> {
  return (await fulfilmentTerms(settingsFromDatabase(payload, req))).rules
}

/**
 * Places taken in the given windows: orders not cancelled, counted per window key. Read inside the
 * order's transaction, where it is exact: every order transaction also writes the order-number
 * counter, so SQLite runs them one after another and MongoDB retries the second of two at once.
 */
export async function windowBookings(payload: Payload, keys: readonly string[], req?: Partial<PayloadRequest>): Promise<Bookings> {
  const counts = new Map<string, number>()
  if (keys.length === 0) return counts
  const { docs } = await payload.find({
    collection: 'orders',
    where: { and: [{ windowKey: { in: [...keys] } }, { status: { not_equals: 'cancelled' } }] },
    select: { windowKey: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  for (const { windowKey } of docs) if (windowKey) counts.set(windowKey, (counts.get(windowKey) ?? 0) + 1)
  return counts
}

/** The windows a customer can choose right now, with a place left. */
export async function windowsOpenNow(payload: Payload, now = new Date()): Promise<{ rules: WindowRules; open: WindowChoice[] }> {
  const rules = await windowRules(payload)
  const upcoming = upcomingWindows(rules, now)
  const bookings = await windowBookings(payload, upcoming.map((choice) => choice.key))
  return { rules, open: openWindows(rules, now, bookings) }
}
