import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Order } from '@/payload-types'
import { inTransaction } from '@/platform/db/transactions'
import { deliverSoon, queueEmail } from '@/platform/email/outbox'

import { takeFromBatch, batchStock } from '../batches'
import { deliversTo } from '../catalog'
import { flavorField, MAX_JARS } from '../formFields'
import { orderNotices } from '../notices'
import { flavorsText, jarKeys, sameJars } from '../orderDetails'
import { findOrderByStatusToken } from '../orderStatus'
import { PACKAGE_QUANTITIES, priceListKey, type DeliveryMethod, type PriceList } from '../pricing'
import { parseOrderForm, type OrderInput } from '../schema'
import { changeJarFlavors, type FlavorForSale, jarsOpenToOrder, orderTerms, settingsFromDatabase, windowBookings } from '../shop'
import { checkWindow, methodsWithWindows, needsWindow, openWindows, upcomingWindows, type WindowRules } from '../windows'
import { customerChangeEmail, sellerChangeEmail } from './emails'
import { changeNotices } from './notices'
import { orderEmailsAbout } from '../orderMessageKeys'
import { changeHeadline, changeLines, changeSettingsFrom, changeWindow, dueFields, repriceOrder, settlementAfter } from './rules'
import { CHANGE_KINDS, type ChangeChoices, type ChangeKind, type ChangeOutcome, type ChangePreview, type ChangeRefusal, type ChangeRequest, type FlavorChoice, type Settlement } from './types'

/**
 * A customer changes their own order from its private page: another time (or pickup ↔ delivery),
 * other jars, or cancel. Each change runs the order form's rules again (`parseOrderForm`, the
 * seller's times and their places, the batch's jars, the delivery ZIP codes, the one pricing
 * engine) on the order as it would be, and is stored in one transaction with its record in the
 * order's history, the customer's and the seller's e-mails and the seller's notification; or
 * nothing is stored and the customer is told why. The page posts the order's `updatedAt` it showed:
 * an order changed since (another tab, the seller) is not changed blind.
 */

/** What the seller's settings say, read once for one change. */
type Terms = { rules: WindowRules; zipPrefixes: string[]; prices: PriceList; flavors: FlavorForSale[]; phone: string; enabled: boolean; hoursBefore: number }

async function readTerms(payload: Payload, req?: PayloadRequest): Promise<Terms> {
  const settings = settingsFromDatabase(payload, req)
  const [terms, fulfilment, site, flavors] = await Promise.all([orderTerms(settings), settings.fulfilment(), settings.site(), settings.flavors()])
  const { enabled, hoursBefore } = changeSettingsFrom(fulfilment.customerChanges, terms.rules.leadTimeHours)
  return { ...terms, flavors, phone: site.phone, enabled, hoursBefore }
}

/** What the order's page offers the customer now. */
export async function orderChangeChoices(payload: Payload, order: Order, now = new Date()): Promise<ChangeChoices> {
  const terms = await readTerms(payload)
  const window = changeWindow(order, terms, now)
  if (!window.open) return window.reason === 'off' ? { open: false, reason: 'off' } : { open: false, reason: window.reason, phone: terms.phone }
  const upcoming = upcomingWindows(terms.rules, now)
  const open = openWindows(terms.rules, now, await windowBookings(payload, upcoming.map((choice) => choice.key)))
  const timesFor = (method: DeliveryMethod) => (needsWindow(terms.rules, method) ? open.filter((choice) => choice.method === method && choice.key !== order.windowKey) : null)
  const stock = await stockOf(payload, order, terms.flavors, now)
  return {
    open: true,
    version: order.updatedAt,
    priceList: terms.prices,
    prices: priceListKey(terms.prices),
    until: window.until?.toISOString() ?? null,
    method: order.deliveryMethod,
    times: { pickup: timesFor('pickup'), delivery: timesFor('delivery') },
    quantity: order.quantity,
    jars: jarKeys(order.flavors),
    flavors: stock.flavors,
    packages: PACKAGE_QUANTITIES.filter((quantity) => stock.total === null || quantity <= stock.total),
  }
}

/** The flavors the order may choose (on sale, or its own), each with what is left counting its own jars. */
async function stockOf(payload: Payload, order: Order, flavors: readonly FlavorForSale[], now: Date, req?: PayloadRequest): Promise<{ flavors: FlavorChoice[]; total: number | null }> {
  const own = new Set(jarKeys(order.flavors))
  const open = await jarsOpenToOrder(payload, order, now, req)
  const stock = open ? batchStock(open.batch, open.keys) : null
  const choices = offeredFlavors(order, flavors)
    .filter((flavor) => flavor.available || own.has(flavor.value))
    .map((flavor) => ({ value: flavor.value, name: flavor.name, left: stock?.perFlavor ? (stock.perFlavor.get(flavor.value) ?? 0) : (stock?.total ?? null) }))
  return { flavors: choices, total: stock?.total ?? null }
}

/** The seller's flavors, with the order's own counted as available to it (a flavor sold out since, or deleted). */
function offeredFlavors(order: Order, flavors: readonly FlavorForSale[]): { value: string; name: string; available: boolean }[] {
  const keys = jarKeys(order.flavors)
  const names = jarKeys(order.flavorNames || order.flavors)
  const own = new Map(keys.map((key, index) => [key, names[index] ?? key]))
  const listed = flavors.map((flavor) => ({ value: flavor.value, name: flavor.name, available: flavor.available || own.has(flavor.value) }))
  const gone = [...own].filter(([key]) => !flavors.some((flavor) => flavor.value === key)).map(([value, name]) => ({ value, name, available: true }))
  return [...listed, ...gone]
}

/** A change checked against the order as it is now, nothing stored: the confirmation step. */
export async function reviewOrderChange(payload: Payload, token: string, values: Record<string, string>, now = new Date()): Promise<ChangePreview> {
  const order = await findOrderByStatusToken(payload, token)
  if (!order) return { ok: false, message: changeNotices.moved, moved: true }
  const proposal = await propose(payload, order, values, await readTerms(payload), now)
  if (!proposal.ok) return proposal
  return { ok: true, request: proposal.request, lines: proposal.lines, total: proposal.total, money: proposal.money }
}

/** The change stored, in one transaction with its history, e-mails and notification; or why not. */
export async function applyOrderChange(payload: Payload, token: string, values: Record<string, string>, now = new Date()): Promise<ChangeOutcome> {
  const found = await findOrderByStatusToken(payload, token)
  if (!found) return { ok: false, message: changeNotices.moved, moved: true }
  const outcome = await inTransaction<ChangeOutcome>(payload, async (req) => {
    // Read again inside the transaction: what the change is checked against is what it replaces.
    const order = await payload.findByID({ collection: 'orders', id: found.id, depth: 0, overrideAccess: true, req })
    const terms = await readTerms(payload, req)
    const proposal = await propose(payload, order, values, terms, now, req)
    if (!proposal.ok) return { commit: false, value: proposal }
    const data: Partial<Order> = { ...proposal.data, ...dueFields(order, proposal.money) }
    if (proposal.request.kind === 'jars') {
      const jars = await changeJarFlavors(payload, order, proposal.request.flavors, now, req)
      if (!jars.ok) return { commit: false, value: jarsRefusal(jars, proposal.request.flavors, terms.flavors) }
      data.jarsFromBatch = jars.taken
    }
    const changed = await payload.update({ collection: 'orders', id: order.id, data, depth: 0, overrideAccess: true, req })
    await payload.create({
      collection: 'order-changes',
      data: { order: order.id, kind: proposal.request.kind, by: 'customer', headline: proposal.headline, lines: proposal.lines.join('\n'), totalBefore: proposal.total.before, totalAfter: proposal.total.after },
      overrideAccess: true,
      req,
    })
    const site = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
    const about = orderEmailsAbout(order.id)
    const change = { lines: proposal.lines, headline: proposal.headline, money: proposal.money }
    await queueEmail(payload, { ...sellerChangeEmail(changed, change, site), about }, req)
    // A cancel's e-mail to the customer is the status hook's ("Cancelled"), as when the seller cancels.
    if (changed.email && proposal.request.kind !== 'cancel') await queueEmail(payload, { ...customerChangeEmail(payload, { ...changed, email: changed.email }, change, site), about }, req)
    return { commit: true, value: { ok: true, kind: proposal.request.kind, lines: proposal.lines, total: proposal.total.after, money: proposal.money } }
  })
  if (outcome.ok) deliverSoon(payload)
  return outcome
}

type Proposal = {
  ok: true
  request: ChangeRequest
  data: Partial<Order>
  lines: string[]
  headline: string
  total: { before: number; after: number }
  money: Settlement
}

/**
 * The order as the change would make it, by the order form's rules, or the refusal. Reads (the
 * times' places, the batch's jars) inside `req` when given, so the transaction's own check is exact.
 */
async function propose(payload: Payload, order: Order, values: Record<string, string>, terms: Terms, now: Date, req?: PayloadRequest): Promise<Proposal | ChangeRefusal> {
  const kind = CHANGE_KINDS.find((candidate) => candidate === values.kind)
  if (!kind) return { ok: false, message: changeNotices.unknownChange }
  if (values.version !== order.updatedAt) return { ok: false, message: changeNotices.moved, moved: true }
  const window = changeWindow(order, terms, now)
  // Turned off while the page was open: said where the customer posted (rendered again, the page has no change part to say it in).
  if (!window.open && window.reason === 'off') return { ok: false, message: changeNotices.off(terms.phone) }
  if (!window.open) return { ok: false, message: changeNotices.tooLate(terms.phone), tooLate: true }
  // A cancel has nothing to price: the prices shown only matter to a change that is priced.
  if (kind === 'cancel') return proposal(order, { kind }, { status: 'cancelled' }, 0)
  if (values.prices !== priceListKey(terms.prices)) return { ok: false, message: changeNotices.pricesChanged, moved: true }

  // The order form's rules, on the order with the change in it (posted fields the change is not about are not read).
  const input = parseChanged(order, kind, values, terms)
  if (!input.ok) return input
  const { order: changed } = input
  const price = repriceOrder(order, changed, terms.prices)
  if (kind === 'time') {
    const request: ChangeRequest = { kind, method: changed.deliveryMethod, window: changed.window, address: changed.address, city: changed.city, zip: changed.zip }
    if (changed.deliveryMethod === 'delivery' && !deliversTo(changed.zip, terms.zipPrefixes)) return { ok: false, message: orderNotices.outsideDeliveryArea(changed.zip), field: 'zip' }
    const sameWhere = changed.deliveryMethod === order.deliveryMethod && (changed.deliveryMethod === 'pickup' || (changed.address === order.address && changed.city === order.city && changed.zip === order.zip))
    let booked: Pick<Order, 'windowKey' | 'windowLabel' | 'windowStartsAt' | 'windowEndsAt' | 'windowPlace'> = { windowKey: null, windowLabel: null, windowStartsAt: null, windowEndsAt: null, windowPlace: null }
    if (needsWindow(terms.rules, changed.deliveryMethod)) {
      if (sameWhere && changed.window === order.windowKey) return { ok: false, message: changeNotices.nothingChanged }
      const check = checkWindow(terms.rules, changed.deliveryMethod, changed.window, now, await windowBookings(payload, changed.window ? [changed.window] : [], req))
      if (!check.ok) {
        const message = check.reason === 'full' && check.window ? orderNotices.windowFull(check.window.label) : check.reason === 'missing' ? orderNotices.windowRequired(changed.deliveryMethod) : orderNotices.windowClosed
        return { ok: false, message, field: 'window' }
      }
      const chosen = check.window
      booked = { windowKey: chosen.key, windowLabel: chosen.label, windowStartsAt: chosen.startsAt, windowEndsAt: chosen.endsAt, windowPlace: chosen.place }
    } else if (sameWhere) {
      return { ok: false, message: changeNotices.nothingChanged }
    }
    return proposal(order, request, { deliveryMethod: changed.deliveryMethod, address: changed.address, city: changed.city, zip: changed.zip, ...booked, ...price }, price.totalPrice)
  }
  const request: ChangeRequest = { kind, quantity: changed.quantity, flavors: changed.flavors }
  if (changed.quantity === order.quantity && sameJars(changed.flavors, jarKeys(order.flavors))) return { ok: false, message: changeNotices.nothingChanged }
  const open = await jarsOpenToOrder(payload, order, now, req)
  const taken = open ? takeFromBatch(open.batch, open.keys, changed.flavors) : null
  if (taken && !taken.ok) return jarsRefusal(taken, changed.flavors, terms.flavors)
  const names = new Map(offeredFlavors(order, terms.flavors).map((flavor) => [flavor.value, flavor.name]))
  const jarData = { quantity: changed.quantity, flavors: flavorsText(changed.flavors), flavorNames: flavorsText(changed.flavors.map((key) => names.get(key) ?? key)) }
  return proposal(order, request, { ...jarData, ...price }, price.totalPrice)
}

/** The proposal of a change to `data` with `total` to pay after it (0: cancelled). */
function proposal(order: Order, request: ChangeRequest, data: Partial<Order>, total: number): Proposal {
  const after = { ...order, ...data }
  const lines = changeLines(request.kind, order, after)
  const money = settlementAfter(order, total)
  const methodChanged = request.kind === 'time' && request.method !== order.deliveryMethod
  const headline = changeHeadline(request.kind, order.reference ?? String(order.id), after, methodChanged)
  return { ok: true, request, data, lines, headline, total: { before: order.totalPrice, after: total }, money }
}

/** The order's own fields as its form would post them, with the change's fields over them. */
function parseChanged(order: Order, kind: Exclude<ChangeKind, 'cancel'>, values: Record<string, string>, terms: Terms): { ok: true; order: OrderInput } | ChangeRefusal {
  const jars = jarKeys(order.flavors)
  const current: Record<string, string> = {
    quantity: String(order.quantity),
    ...Object.fromEntries(jars.map((key, index) => [flavorField(index + 1), key])),
    deliveryMethod: order.deliveryMethod,
    window: order.windowKey ?? '',
    fullName: order.fullName,
    email: order.email ?? '',
    phone: order.phone,
    instagram: order.instagram ?? '',
    address: order.address,
    city: order.city,
    zip: order.zip,
    notes: order.notes ?? '',
    consent: order.consent ? 'on' : '',
  }
  // Every jar field the form has, whatever quantity was posted: a posted number sizes nothing
  // (30 000 000 jars once took the server's memory and cores); parseOrderForm checks it is a package.
  const jarFields = Object.fromEntries(Array.from({ length: MAX_JARS }, (_, index) => [flavorField(index + 1), values[flavorField(index + 1)] ?? '']))
  const posted =
    kind === 'time'
      ? { deliveryMethod: values.method ?? '', window: values.window ?? '', ...(values.method === 'delivery' ? { address: values.address ?? '', city: values.city ?? '', zip: values.zip ?? '' } : {}) }
      : { quantity: values.quantity ?? '', ...jarFields }
  // As the seller's own entry reads it: an order entered by hand may have no e-mail or consent box.
  const parsed = parseOrderForm({ ...current, ...posted }, offeredFlavors(order, terms.flavors), kind === 'time' ? methodsWithWindows(terms.rules) : [], { byHand: true })
  return parsed.ok ? parsed : { ok: false, message: parsed.message, field: parsed.field }
}


/** Too few jars for the change, in the order form's words. */
function jarsRefusal(short: { left: number; flavor?: string }, chosen: readonly string[], flavors: readonly FlavorForSale[]): ChangeRefusal {
  if (!short.flavor) return { ok: false, message: short.left === 0 ? orderNotices.soldOut : orderNotices.notEnoughJars(short.left), field: 'quantity' }
  const name = flavors.find((flavor) => flavor.value === short.flavor)?.name ?? short.flavor
  return { ok: false, message: short.left === 0 ? orderNotices.flavorSoldOut(name) : orderNotices.notEnoughOfFlavor(name, short.left), field: flavorField(chosen.indexOf(short.flavor) + 1) }
}
