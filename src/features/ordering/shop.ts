import 'server-only'

import type { Payload, PayloadRequest, Where } from 'payload'

import type { Batch, Flavor, Fulfilment, Media, Order, Pricing, SiteSetting } from '@/payload-types'
import { relationId } from '@/shared/relation'

import { batchState, batchStock, DEFAULT_MIN_DAYS_LEFT, type FlavorKey, takeFromBatch } from './batches'
import type { FlavorOption } from './catalog'
import { jarKeys } from './orderDetails'
import { priceListFrom, type PriceList } from './pricing'
import { type Bookings, capacityOfWindow, openWindows, upcomingWindows, type WindowChoice, type WindowRules, windowRulesFrom } from './windows'
import { jarsText } from './wording'
import { type LineSettings, lineSettingsFrom } from './waitingLine/rules'

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

export const settingsFromDatabase = (payload: Payload, req?: Partial<PayloadRequest>): SellerSettings =>
  readingEachOnce({
    flavors: () => findFlavors(payload, req),
    pricing: () => payload.findGlobal({ slug: 'pricing', depth: 0, req }),
    fulfilment: () => payload.findGlobal({ slug: 'fulfilment', depth: 0, req }),
    site: () => payload.findGlobal({ slug: 'site-settings', depth: 0, req }),
  })

/**
 * The same settings, each read at most once: one order is checked, priced, stored and e-mailed by
 * them, and asks for some several times. Made for one order (or one transaction), never kept.
 */
export function readingEachOnce(settings: SellerSettings): SellerSettings {
  const once = <T>(read: () => Promise<T>) => {
    let answer: Promise<T> | undefined
    return () => (answer ??= read())
  }
  return { flavors: once(settings.flavors), pricing: once(settings.pricing), fulfilment: once(settings.fulfilment), site: once(settings.site) }
}

export type FlavorForSale = FlavorOption & { id: number | string; description: string | null }

/**
 * Every flavor in the seller's order, sold-out ones included (the form shows them as sold out).
 * Photos are not loaded: every order reads this, and nothing shows them on the order page yet.
 */
export async function findFlavors(payload: Payload, req?: Partial<PayloadRequest>): Promise<FlavorForSale[]> {
  // Only what an order needs: not the label's ingredients, allergens and nutrition facts.
  const select = { value: true, name: true, available: true, description: true } as const
  const { docs } = await payload.find({ collection: 'flavors', sort: '_order', pagination: false, depth: 0, select, overrideAccess: false, req })
  return docs.map((flavor) => ({ id: flavor.id, value: flavor.value, name: flavor.name, available: flavor.available !== false, description: flavor.description ?? null }))
}

/** What the order page shows of a flavor's label: its ingredients and allergens, as the seller entered them. */
export type FlavorLabelFacts = Pick<Flavor, 'ingredients' | 'allergenStatement' | 'allergens' | 'fishSpecies' | 'shellfishSpecies' | 'treeNutKinds'>

/** A flavor's label facts (the order page shows them; the jar labels print them with the rest). */
export const labelFactsOf = (flavor: FlavorLabelFacts): FlavorLabelFacts => ({
  ingredients: flavor.ingredients,
  allergenStatement: flavor.allergenStatement,
  allergens: flavor.allergens,
  fishSpecies: flavor.fishSpecies,
  shellfishSpecies: flavor.shellfishSpecies,
  treeNutKinds: flavor.treeNutKinds,
})

/** A flavor as the order page presents it: with its photo (a media document, or none) and its label's facts. */
export type FlavorCard = FlavorForSale & { photo: Media | null; label: FlavorLabelFacts }

/** The flavors with their photos, for the order page's "Our flavors". */
export async function findFlavorCards(payload: Payload): Promise<FlavorCard[]> {
  const { docs } = await payload.find({ collection: 'flavors', sort: '_order', pagination: false, depth: 1, overrideAccess: false })
  return docs.map((flavor) => ({
    id: flavor.id,
    value: flavor.value,
    name: flavor.name,
    available: flavor.available !== false,
    description: flavor.description ?? null,
    photo: typeof flavor.photo === 'object' ? (flavor.photo ?? null) : null,
    label: labelFactsOf(flavor),
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

/** The batch rules (Shop → Batch rules): the freshness limit, the sold-out message and the waiting line's settings. */
export async function batchRules(payload: Payload, req?: Partial<PayloadRequest>): Promise<{ minDaysLeft: number; soldOutMessage: string; line: LineSettings }> {
  const stock = await payload.findGlobal({ slug: 'stock', depth: 0, req })
  return { minDaysLeft: stock.minDaysLeft ?? DEFAULT_MIN_DAYS_LEFT, soldOutMessage: stock.soldOutMessage, line: lineSettingsFrom(stock) }
}

/** The batch open for orders at `now`: the one opened last. None: the seller keeps no batches (no limit). */
export const currentBatch = (payload: Payload, now: Date, req?: Partial<PayloadRequest>) =>
  firstBatch(payload, { opensAt: { less_than_equal: now.toISOString() } }, '-opensAt', req)

/**
 * The batch a refill handed over at `handedOverAt` takes its jars from: the one opened last by
 * then. That may be one still announced, not open to the public yet: a plan holder's jars are
 * reserved from it before its opening (the refill cycle makes their orders first).
 */
export const batchOpenBy = (payload: Payload, handedOverAt: Date, req?: Partial<PayloadRequest>) => currentBatch(payload, handedOverAt, req)

/** The batch announced next: the one whose opening time comes first after `now`. */
export const nextBatch = (payload: Payload, now: Date, req?: Partial<PayloadRequest>) => firstBatch(payload, { opensAt: { greater_than: now.toISOString() } }, 'opensAt', req)

async function firstBatch(payload: Payload, where: Where, sort: string, req?: Partial<PayloadRequest>): Promise<Batch | null> {
  // No pagination: one batch is wanted, not a count of them all (every order asks). Through the
  // adapter: the stored batch as it is, with no access or hooks to run (0.5 ms of every order).
  const { docs } = await payload.db.find<Batch>({ collection: 'batches', where, sort, limit: 1, pagination: false, req })
  return docs[0] ?? null
}

/** The batch open for orders now, as the seller's dashboard shows it: its code and its exact jars left (0 while closed; null: no limit). */
export async function openBatchNow(payload: Payload, now = new Date()): Promise<{ batch: Batch | null; jarsLeft: number | null }> {
  const batch = await currentBatch(payload, now)
  if (!batch) return { batch: null, jarsLeft: null }
  const [flavors, rules] = await Promise.all([findFlavors(payload), batchRules(payload)])
  if (batchState(batch, rules.minDaysLeft, now) !== 'open') return { batch, jarsLeft: 0 }
  return { batch, jarsLeft: batchStock(batch, flavorKeys(flavors)).total }
}

const flavorKeys = (flavors: readonly FlavorForSale[]): FlavorKey[] => flavors.map(({ id, value }) => ({ id, value }))

export type JarsTaken = { ok: true; taken: number; batch: Batch | null }
export type JarsRefused = { ok: false; left: number; flavor?: string; closed?: boolean }

/**
 * Takes an order's jars (one flavor key per jar) from the batch open now, in the order's
 * transaction: with too few jars left (of a flavor, or in all), or the batch closed, nothing is
 * taken and what is left is answered. No batch, or one without a limit: nothing to take (0).
 * A refill takes them from the batch open by its day (`batchOpenBy`), open to the public or not yet.
 */
export async function takeJars(
  payload: Payload,
  jarKeys: readonly string[],
  flavors: readonly FlavorForSale[],
  now: Date,
  req: PayloadRequest,
  refillHandedOverAt?: Date,
  held?: HeldJars,
): Promise<JarsTaken | JarsRefused> {
  const { batch, open } = await sellingBatch(payload, now, req, refillHandedOverAt)
  if (!batch) return { ok: true, taken: 0, batch: null }
  if (!open) return { ok: false, left: 0, closed: true }
  // Jars held in another batch than the one selling now cannot be ordered from this one.
  if (held && String(held.batch) !== String(batch.id)) return { ok: false, left: 0, closed: true }
  return takeFrom(payload, batch, jarKeys, flavorKeys(flavors), req, held?.jars)
}

/**
 * The rule an order takes jars by: the batch it takes them from (the one opened last; a refill's,
 * the one opened by its day) and whether that batch sells now (not closed, not past its freshness
 * limit). None: the seller keeps no batches (no limit). New orders and changes both ask here.
 */
async function sellingBatch(payload: Payload, now: Date, req?: Partial<PayloadRequest>, refillHandedOverAt?: Date): Promise<{ batch: Batch | null; open: boolean }> {
  const batch = refillHandedOverAt ? await batchOpenBy(payload, refillHandedOverAt, req) : await currentBatch(payload, now, req)
  if (!batch) return { batch: null, open: true }
  const { minDaysLeft } = await batchRules(payload, req)
  return { batch, open: batchState(batch, minDaysLeft, now) === 'open' }
}

/** An order as the selling rule reads it: its batch, and a refill's day (a refill takes from the batch opened by then). */
type OrderOfBatch = Pick<Order, 'batch' | 'flavors' | 'jarsFromBatch' | 'refillPlan' | 'windowStartsAt'>

/** Whether the batch an order took its jars from still sells to it now, by the rule a new order would take them by. */
async function stillSelling(payload: Payload, order: OrderOfBatch, batch: Batch, now: Date, req?: Partial<PayloadRequest>): Promise<boolean> {
  const refillDay = relationId(order.refillPlan) !== null && order.windowStartsAt ? new Date(order.windowStartsAt) : undefined
  const selling = await sellingBatch(payload, now, req, refillDay)
  return selling.open && selling.batch !== null && String(selling.batch.id) === String(batch.id)
}

/** Jars already taken from a batch for this order (the waiting line's hold it claims): it takes these first. */
export type HeldJars = { batch: number | string; jars: readonly string[] }

/**
 * Takes `jarKeys` from the batch in one update; `held` are jars this order already holds in it (a
 * claimed hold, or a plan's order changing flavors): they count as left for it, and those it does
 * not take go back. The batch changes once, by the difference, so jars freed by it reach the
 * waiting line (the batches' hook) only when the order is done with them.
 */
async function takeFrom(payload: Payload, batch: Batch, jarKeys: readonly string[], keys: readonly FlavorKey[], req: PayloadRequest, held: readonly string[] = []): Promise<JarsTaken | JarsRefused> {
  const outcome = takeFromBatch(withJarsReturned(batch, keys, held), keys, jarKeys)
  if (!outcome.ok) return outcome
  if (outcome.rows === null && outcome.jarsLeft === null) return { ok: true, taken: 0, batch }
  const updated = await payload.update({
    collection: 'batches',
    id: batch.id,
    data: outcome.rows ? { flavors: outcome.rows as Batch['flavors'] } : { jarsLeft: outcome.jarsLeft },
    depth: 0,
    overrideAccess: true,
    req,
  })
  return { ok: true, taken: jarKeys.length, batch: updated }
}

/**
 * What a batch that no longer sells (closed, too old, or one opened since) has for an order that
 * took jars from it: none but the order's own, once put back (`withJarsReturned`). A change may
 * swap among those or take fewer, never take more of a flavor than it gives back.
 */
function withNoneLeft(batch: Batch): Batch {
  if (batch.flavors?.length) return { ...batch, flavors: batch.flavors.map((row) => ({ ...row, left: 0 })) }
  return batch.jarsLeft == null ? batch : { ...batch, jarsLeft: 0 }
}

/** The batch as it would be with `held` jars put back (nothing to put back: the batch itself). */
function withJarsReturned(batch: Batch, keys: readonly FlavorKey[], held: readonly string[]): Batch {
  const returned = held.length > 0 ? takeFromBatch(batch, keys, held, -1) : null
  return returned?.ok ? { ...batch, ...(returned.rows ? { flavors: returned.rows as Batch['flavors'] } : { jarsLeft: returned.jarsLeft }) } : batch
}

/**
 * What an order could have of its batch if it chose again: the batch's jars left with the order's
 * own put back (only its own, once the batch no longer sells: `withNoneLeft`), and the flavors'
 * keys to read them by. Null: the order took no jars from a batch (none was kept, or it had no
 * limit), so a change takes none either (`changeJarFlavors`).
 */
export async function jarsOpenToOrder(payload: Payload, order: OrderOfBatch, now: Date, req?: Partial<PayloadRequest>): Promise<{ batch: Batch; keys: FlavorKey[] } | null> {
  const found = await batchOfOrder(payload, order, now, req)
  return found && { batch: found.open, keys: found.keys }
}

/**
 * The batch an order took its jars from: as stored, and as open to the order (`jarsOpenToOrder`);
 * null when it took none (no batch kept, no limit) or the batch is gone.
 */
async function batchOfOrder(payload: Payload, order: OrderOfBatch, now: Date, req?: Partial<PayloadRequest>): Promise<{ stored: Batch; open: Batch; keys: FlavorKey[] } | null> {
  const batchId = relationId(order.batch)
  if (batchId === null || !order.jarsFromBatch) return null
  const stored = await payload.findByID({ collection: 'batches', id: batchId, depth: 0, overrideAccess: true, disableErrors: true, req })
  if (!stored) return null
  const keys = flavorKeys(await findFlavors(payload, req))
  const selling = await stillSelling(payload, order, stored, now, req)
  return { stored, open: withJarsReturned(selling ? stored : withNoneLeft(stored), keys, jarKeys(order.flavors)), keys }
}

/** Puts a cancelled order's jars back into the batch it took them from (unless that batch is gone or has no limit now). */
export async function giveJarsBack(payload: Payload, order: Pick<Order, 'batch' | 'flavors' | 'jarsFromBatch'>, req: PayloadRequest): Promise<void> {
  const batchId = relationId(order.batch)
  if (batchId === null || !order.jarsFromBatch) return
  const batch = await payload.findByID({ collection: 'batches', id: batchId, depth: 0, overrideAccess: true, disableErrors: true, req })
  if (!batch) return
  const outcome = takeFromBatch(batch, flavorKeys(await findFlavors(payload, req)), jarKeys(order.flavors), -1)
  if (!outcome.ok || (outcome.rows === null && outcome.jarsLeft === null)) return
  const data = outcome.rows ? { flavors: outcome.rows as Batch['flavors'] } : { jarsLeft: outcome.jarsLeft }
  await payload.update({ collection: 'batches', id: batchId, data, depth: 0, overrideAccess: true, req })
}

/**
 * An order's jars change (its customer changes them on its page, or a refill plan's flavors): the
 * old ones go back to its batch and the new ones are taken from it, in the caller's transaction.
 * Refused (too few of a flavor left; once the batch no longer sells, more of a flavor than the
 * order gives back): the caller rolls back, nothing changes. An order that took no jars takes none.
 */
export async function changeJarFlavors(payload: Payload, order: OrderOfBatch, newKeys: readonly string[], now: Date, req: PayloadRequest): Promise<JarsTaken | JarsRefused> {
  const found = await batchOfOrder(payload, order, now, req)
  if (!found) return { ok: true, taken: 0, batch: null }
  // Checked against what is open to the order (its own jars only, once the batch no longer sells), taken from the batch as stored.
  const check = takeFromBatch(found.open, found.keys, newKeys)
  if (!check.ok) return check
  return takeFrom(payload, found.stored, newKeys, found.keys, req, jarKeys(order.flavors))
}

/** The order with its batch read (for its made-on and best-by days), where it has one. */
export async function withBatch<T extends Pick<Order, 'batch'>>(payload: Payload, order: T, req?: Partial<PayloadRequest>): Promise<T> {
  const batchId = relationId(order.batch)
  if (batchId === null || typeof order.batch === 'object') return order
  const batch = await payload.findByID({ collection: 'batches', id: batchId, depth: 0, overrideAccess: true, disableErrors: true, req })
  return { ...order, batch: batch ?? null }
}

/** What the seller reads when a cancelled order cannot be set back: what is missing, and how to make room. */
export const restoreNotices = {
  windowFull: (label: string, capacity: number) =>
    `That time is full now: ${label} already has ${capacity} ${capacity === 1 ? 'order' : 'orders'}, its limit. Make room first (raise its limit under Shop → Pickup & delivery, or cancel another order in it), then set this order back.`,
  notEnoughJars: (left: number, needed: number, flavor?: string) =>
    flavor
      ? `Not enough ${flavor} left: its batch has ${jarsText(left)} of it. Add jars to the batch under Shop → Batches first, then set this order back.`
      : `Not enough jars left: its batch has ${jarsText(left)} and this order needs ${jarsText(needed)}. Add jars under Shop → Batches first, then set this order back.`,
} as const

/**
 * A cancelled order set back to an open status (by the seller in the admin, or through the API)
 * takes its place in its pickup/delivery time and its jars again, in the transaction of that
 * change, as a new order would; while its time is full or the batch is short, it stays cancelled
 * and nothing changes. Its time counts no capacity of the seller's times deleted since.
 */
export async function retakeCancelledOrder(
  payload: Payload,
  order: Pick<Order, 'quantity' | 'windowKey' | 'windowLabel' | 'batch' | 'flavors'>,
  req: PayloadRequest,
): Promise<{ ok: true; jarsFromBatch: number; batch: number | string | null } | { ok: false; refusal: string }> {
  if (order.windowKey) {
    const capacity = capacityOfWindow(await windowRules(payload, req), order.windowKey)
    // The order itself is still cancelled here, so it is not among the places counted.
    const taken = (await windowBookings(payload, [order.windowKey], req)).get(order.windowKey) ?? 0
    if (capacity !== null && taken >= capacity) return { ok: false, refusal: restoreNotices.windowFull(order.windowLabel ?? 'its time', capacity) }
  }
  // Its own batch, where it still exists; an order placed while no batch was kept, the one open now.
  const batchId = relationId(order.batch)
  const batch = (batchId !== null ? await payload.findByID({ collection: 'batches', id: batchId, depth: 0, overrideAccess: true, disableErrors: true, req }) : null) ?? (await currentBatch(payload, new Date(), req))
  if (!batch) return { ok: true, jarsFromBatch: 0, batch: null }
  const flavors = await findFlavors(payload, req)
  const jars = await takeFrom(payload, batch, jarKeys(order.flavors), flavorKeys(flavors), req)
  if (!jars.ok) return { ok: false, refusal: restoreNotices.notEnoughJars(jars.left, order.quantity, jars.flavor && flavors.find((flavor) => flavor.value === jars.flavor)?.name) }
  return { ok: true, jarsFromBatch: jars.taken, batch: batch.id }
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
