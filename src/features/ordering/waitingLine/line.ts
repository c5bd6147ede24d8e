import 'server-only'

import type { Payload, PayloadRequest, Where } from 'payload'

import type { Batch, WaitingLine as Place } from '@/payload-types'
import { composeEmail } from '@/features/messages/composeEmail'
import { placeFromLineKey, unsubscribeLink, waitingLineLink } from '@/features/messages/signedLinks'
import { siteUrl } from '@/platform/config/siteUrl'
import { earlierSubmission, recordSubmission } from '@/platform/db/submissions'
import { inTransaction, isUniqueViolation } from '@/platform/db/transactions'
import type { Message } from '@/shared/notices'
import { deliverSoon, queueEmail } from '@/platform/email/outbox'
import { relationId } from '@/shared/relation'

import { batchForSale, batchState, batchStock, takeFromBatch } from '../batches'
import { flavorsForSale, isSoldOut } from '../catalog'
import { batchRules, currentBatch, findFlavors, type FlavorForSale, nextBatch } from '../shop'
import { jarsText, wordList } from '../wording'
import { ACTIVE_STATUSES, activeKeyOf, inLine, holdEndText, type LineSettings, lineNotices, offersFor, placeState, WANTED_COUNTS, wantedFlavorText } from './rules'

/**
 * The waiting line at work: places taken, jars offered and held in turn, holds claimed, passed on or
 * run out. Jars are held by taking them from the batch, in the same transaction as the place that
 * holds them and its e-mail (the outbox), so the public pages never sell them and an offer is
 * e-mailed once. Freed jars reach the line through the batches' own hook (`collections/Batches.ts`:
 * any flavor's jars left going up in the batch open now), whatever freed them.
 */

const LINE = 'waiting-line'

/** How many places one round reads at a time. */
const LINE_PAGE = 200

/** The places still waiting, in the order they were taken. */
const waitingWhere: Where = { status: { equals: 'waiting' } }

/**
 * The moment a unit of work runs at, for the batches' hook: jars freed by it are offered (and held
 * until) by its clock, not the wall's, so a round or a test on a clock of its own stays on it.
 */
const LINE_CLOCK = 'waitingLineNow'
export const lineClock = (req: Partial<PayloadRequest>): Date => (req.context?.[LINE_CLOCK] instanceof Date ? (req.context[LINE_CLOCK] as Date) : new Date())
export const keepClock = (req: PayloadRequest, now: Date) => {
  req.context = { ...req.context, [LINE_CLOCK]: now }
}

/** The places in line for the batch rules' settings, read in the caller's transaction. */
export async function lineSettings(payload: Payload, req?: Partial<PayloadRequest>): Promise<LineSettings> {
  return (await batchRules(payload, req)).line
}

/**
 * Offers the jars left in `batch` to the line, place by place in the order they were taken (the
 * rules: `offersFor`), holding them, in the caller's transaction. Only the batch open now, and only
 * while the seller has the line on. Answers how many places were offered jars.
 */
export async function serveLine(payload: Payload, batch: Batch, req: PayloadRequest, now = new Date()): Promise<number> {
  const rules = await batchRules(payload, req)
  if (!rules.line.enabled) return 0
  const open = await currentBatch(payload, now, req)
  if (!open || String(open.id) !== String(batch.id) || batchState(open, rules.minDaysLeft, now) !== 'open') return 0
  const flavors = await findFlavors(payload, req)
  const onSale = flavors.filter((flavor) => flavor.available).map((flavor) => flavor.value)
  let offered = 0
  let stockBatch: Batch = open
  // Read on from the last place seen (ids grow in the order places are taken): offered places leave `waiting`.
  for (let after: number | null = null; ; ) {
    const where: Where = after === null ? waitingWhere : { and: [waitingWhere, { id: { greater_than: after } }] }
    const { docs, hasNextPage } = await payload.find({ collection: LINE, where, sort: 'id', limit: LINE_PAGE, depth: 0, overrideAccess: true, req })
    after = docs.length > 0 ? Number(docs[docs.length - 1].id) : after
    const places = await withoutUnsubscribed(payload, docs, req)
    const offers = offersFor(places, batchStock(stockBatch, flavors), onSale)
    if (offers.length > 0) {
      const taken = takeFromBatch(stockBatch, flavors, offers.flatMap((offer) => offer.jars))
      // offersFor fits every offer into what is left; a refusal here would be a bug, and holds nothing.
      if (!taken.ok) throw new Error(`[waiting-line] the offers do not fit batch ${batch.id}`)
      if (taken.rows !== null || taken.jarsLeft !== null) {
        stockBatch = await payload.update({ collection: 'batches', id: batch.id, data: taken.rows ? { flavors: taken.rows as Batch['flavors'] } : { jarsLeft: taken.jarsLeft }, depth: 0, overrideAccess: true, req })
      }
      const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
      const holdUntil = new Date(now.getTime() + rules.line.holdHours * 3600_000).toISOString()
      for (const { place, jars } of offers) {
        const held = await payload.update({
          collection: LINE,
          id: place.id,
          data: { status: 'offered', heldJars: jars, heldCount: jars.length, batch: batch.id, offeredAt: now.toISOString(), holdUntil },
          depth: 0,
          overrideAccess: true,
          req,
        })
        await queueEmail(payload, { ...offerEmail(payload, held, flavors, settings), about: lineEmailAbout(held), dedupeKey: `${lineEmailAbout(held)}:offer` }, req)
      }
      offered += offers.length
    }
    if (!hasNextPage || batchStock(stockBatch, flavors).total === 0) break
  }
  return offered
}

/**
 * Places whose address unsubscribed after taking them are not offered anything: they leave the
 * line here (the unsubscribe itself ends them too: `leaveEveryLine`).
 */
async function withoutUnsubscribed(payload: Payload, places: Place[], req: PayloadRequest): Promise<Place[]> {
  if (places.length === 0) return places
  const { docs } = await payload.find({
    collection: 'unsubscribes',
    where: { email: { in: [...new Set(places.map((place) => place.email.toLowerCase()))] } },
    select: { email: true, createdAt: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const since = new Map(docs.map((entry) => [entry.email, entry.createdAt]))
  const kept: Place[] = []
  for (const place of places) {
    const unsubscribedAt = since.get(place.email.toLowerCase())
    if (unsubscribedAt && unsubscribedAt >= place.createdAt) await endPlace(payload, place, 'unsubscribed', req)
    else kept.push(place)
  }
  return kept
}

/** The outbox's `about` for a place's e-mails: the seller finds them by it. */
export const lineEmailAbout = (place: Pick<Place, 'id' | 'createdAt'>) => `waiting-line:${place.id}:${place.createdAt}`

/** Where freed jars went when a hold ended: to someone in line, or back on sale. */
export type Released = 'next-in-line' | 'on-sale'

/**
 * Ends a place, in the caller's transaction: its held jars (if any) go back to their batch — and
 * from there to the next in line, by the batches' hook, or on sale. Answers where they went.
 */
export async function endPlace(payload: Payload, place: Place, status: Exclude<Place['status'], 'waiting' | 'offered'>, req: PayloadRequest, now = new Date(), order?: number | string): Promise<Released> {
  const held = heldJarsOf(place)
  await payload.update({
    collection: LINE,
    id: place.id,
    data: { status, activeKey: null, heldJars: null, heldCount: 0, holdUntil: null, endedAt: now.toISOString(), ...(order !== undefined ? { order: Number(order) } : {}) },
    depth: 0,
    overrideAccess: true,
    req,
  })
  if (status === 'claimed' || held.length === 0) return 'on-sale'
  keepClock(req, now)
  const batchId = relationId(place.batch)
  const batch = batchId === null ? null : await payload.findByID({ collection: 'batches', id: batchId, depth: 0, overrideAccess: true, disableErrors: true, req })
  if (!batch) return 'on-sale'
  const flavors = await findFlavors(payload, req)
  const back = takeFromBatch(batch, flavors, held, -1)
  if (!back.ok || (back.rows === null && back.jarsLeft === null)) return 'on-sale'
  const returned = { ...batch, ...(back.rows ? { flavors: back.rows as Batch['flavors'] } : { jarsLeft: back.jarsLeft }) }
  // The batches' hook offers them to the line in this update; what is left after it says whether it did.
  await payload.update({ collection: 'batches', id: batch.id, data: back.rows ? { flavors: returned.flavors } : { jarsLeft: returned.jarsLeft }, depth: 0, overrideAccess: true, req })
  const after = await payload.findByID({ collection: 'batches', id: batch.id, depth: 0, overrideAccess: true, req })
  return (batchStock(after, flavors).total ?? 0) < (batchStock(returned, flavors).total ?? 0) ? 'next-in-line' : 'on-sale'
}

/** The place an offer's link (`<id>.<signature>`) names, when its signature holds and it exists; read only. */
export async function placeOfLink(payload: Payload, key: unknown): Promise<Place | null> {
  const id = placeFromLineKey(payload, key)
  return id === null ? null : payload.findByID({ collection: LINE, id, depth: 0, overrideAccess: true, disableErrors: true })
}

/** A held place's jars, as jar keys (an order's flavors); none for a place not holding any. */
export const heldJarsOf = (place: Pick<Place, 'status' | 'heldJars'>): string[] =>
  place.status === 'offered' && Array.isArray(place.heldJars) ? place.heldJars.filter((jar): jar is string => typeof jar === 'string') : []

/**
 * One round of the line, on one instance with the batch clock's period: holds whose time ran out
 * pass to the next in line (each in its own transaction), places older than the seller's days end
 * with one e-mail, and a batch opened since the last round is offered to the line (before its
 * e-mail to the list: `batchClock.ts` calls `serveOpenedBatch` first).
 */
export async function lineRound(payload: Payload, now = new Date()): Promise<{ passed: number; expired: number; offered: number }> {
  const settings = await lineSettings(payload)
  const passed = await passRunOutHolds(payload, now)
  const expired = await expireOldPlaces(payload, settings, now)
  const offered = await serveOpenedBatch(payload, now)
  if (passed + expired + offered > 0) deliverSoon(payload)
  return { passed, expired, offered }
}

async function passRunOutHolds(payload: Payload, now: Date): Promise<number> {
  const where: Where = { and: [{ status: { equals: 'offered' } }, { holdUntil: { less_than_equal: now.toISOString() } }] }
  let passed = 0
  for (;;) {
    const { docs } = await payload.find({ collection: LINE, where, sort: 'holdUntil', limit: 50, depth: 0, overrideAccess: true })
    if (docs.length === 0) return passed
    for (const place of docs) {
      passed += await inTransaction(payload, async (req) => {
        // Read again inside the transaction: a claim may have taken it meanwhile.
        const current = await payload.findByID({ collection: LINE, id: place.id, depth: 0, overrideAccess: true, disableErrors: true, req })
        if (!current || current.status !== 'offered' || !current.holdUntil || new Date(current.holdUntil) > now) return { commit: false, value: 0 }
        await endPlace(payload, current, 'passed', req, now)
        return { commit: true, value: 1 }
      })
    }
  }
}

async function expireOldPlaces(payload: Payload, settings: LineSettings, now: Date): Promise<number> {
  const before = new Date(now.getTime() - settings.placeDays * 24 * 3600_000).toISOString()
  const where: Where = { and: [waitingWhere, { createdAt: { less_than: before } }] }
  let expired = 0
  for (;;) {
    const { docs } = await payload.find({ collection: LINE, where, sort: 'createdAt', limit: 50, depth: 0, overrideAccess: true })
    if (docs.length === 0) return expired
    await inTransaction(payload, async (req) => {
      const site = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
      for (const place of docs) {
        await endPlace(payload, place, 'expired', req, now)
        await queueEmail(payload, { ...placeEndedEmail(payload, place, settings, site), about: lineEmailAbout(place), dedupeKey: `${lineEmailAbout(place)}:expired` }, req)
      }
      return { commit: true, value: undefined }
    })
    expired += docs.length
  }
}

/**
 * The batch open now, offered to the line once after its opening (`lineServedAt`, marked the line
 * on or off), before anyone else takes its jars: the batch clock's round does it at the opening,
 * and an order reaching the batch first does it just before its own transaction (which may roll
 * back). Answers how many places were offered jars.
 */
export async function serveOpenedBatch(payload: Payload, now = new Date()): Promise<number> {
  const batch = await currentBatch(payload, now)
  if (!batch || batch.lineServedAt) return 0
  return inTransaction(payload, async (req) => {
    keepClock(req, now)
    const fresh = await currentBatch(payload, now, req)
    if (!fresh || fresh.lineServedAt) return { commit: false, value: 0 }
    const offered = await serveLine(payload, fresh, req, now)
    // The server's own mark, written through the adapter with the batch's `updatedAt` kept as it was:
    // no hook is about it (the pages do not show it), and a seller who has the batch open in the
    // admin is not told someone else changed it (the field is not the seller's to write).
    await payload.db.updateOne({ collection: 'batches', id: fresh.id, data: { lineServedAt: now.toISOString(), updatedAt: fresh.updatedAt }, req })
    return { commit: true, value: offered }
  })
}

/** An address's unsubscribe link ends its every place in line, giving back what they held. */
export async function leaveEveryLine(payload: Payload, email: string, req: PayloadRequest, now = new Date()): Promise<number> {
  const { docs } = await payload.find({
    collection: LINE,
    where: { and: [{ email: { equals: email.trim().toLowerCase() } }, { status: { in: [...ACTIVE_STATUSES] } }] },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  for (const place of docs) await endPlace(payload, place, 'unsubscribed', req, now)
  return docs.length
}

type SiteFacts = { businessName: string; email?: string | null }

const flavorNamesOf = (jars: readonly string[], flavors: readonly Pick<FlavorForSale, 'value' | 'name'>[]) => {
  const names = [...new Set(jars.filter(Boolean))].map((value) => flavors.find((flavor) => flavor.value === value)?.name ?? value)
  return names.length > 0 ? wordList(names, 'and') : null
}

/** The offer: which jars are held, until when, the claim link and the "No thanks" link. */
export function offerEmail(payload: Payload, place: Place, flavors: readonly Pick<FlavorForSale, 'value' | 'name'>[], settings: SiteFacts) {
  const jars = heldJarsOf(place)
  const what = `${jarsText(jars.length)}${flavorNamesOf(jars, flavors) ? ` of ${flavorNamesOf(jars, flavors)}` : ''}`
  const until = holdEndText(place.holdUntil ?? new Date())
  return composeEmail({
    to: place.email,
    subject: `Held for you until ${until}: ${what}`,
    paragraphs: [
      'Hi,',
      `Good news: ${what} came free, and they are held for you until ${until}. Nobody else can order them until then.`,
      `Order them here (choose your pickup or delivery time; you may take fewer): ${waitingLineLink(payload, place.id, 'claim')}`,
      `Don't want them anymore? Pass them on to the next person in line: ${waitingLineLink(payload, place.id, 'decline')}`,
      settings.businessName,
    ],
    replyTo: settings.email ?? undefined,
    listUnsubscribe: unsubscribeLink(payload, place.email),
  })
}

/** The one e-mail of a place that waited the seller's days without an offer. */
export function placeEndedEmail(payload: Payload, place: Place, settings: LineSettings, site: SiteFacts) {
  return composeEmail({
    to: place.email,
    subject: `Your place in line for ${wantedFlavorText(place.flavorName)} has ended`,
    paragraphs: [
      'Hi,',
      `You asked to be told when ${wantedFlavorText(place.flavorName)} is back. No jars came free in ${settings.placeDays} days, so your place in line has ended.`,
      `New batches are announced on the order page: ${siteUrl()}/order`,
      site.businessName,
    ],
    replyTo: site.email ?? undefined,
    listUnsubscribe: unsubscribeLink(payload, place.email),
  })
}

/** A visitor's request to join, as the join form's schema read it. `flavor`: a flavor's key, or null for any flavor. */
export type JoinRequest = { email: string; phone?: string | null; flavor: string | null; jarsWanted: number; submissionKey?: string }

export type JoinOutcome = { ok: true; position: number; flavorName: string | null; already: boolean } | { ok: false; message: Message }

/**
 * Takes a place in line, in the order of joining: only while the seller has the line on and the
 * shop shows what is asked for sold out (the flavor, or the whole batch). One place per address and
 * flavor: asking again answers the place already held. Answers the place's position among those
 * waiting for the same flavor.
 */
export async function joinLine(payload: Payload, request: JoinRequest, now = new Date()): Promise<JoinOutcome> {
  if (!(WANTED_COUNTS as readonly number[]).includes(request.jarsWanted)) return { ok: false, message: lineNotices.invalidCount }
  const email = request.email.trim().toLowerCase()
  const activeKey = activeKeyOf(email, request.flavor)
  try {
    return await inTransaction<JoinOutcome>(payload, async (req) => {
      // The same post sent again: answered with the place it took.
      const earlierId = await earlierSubmission(payload, request.submissionKey, req)
      const earlier = earlierId ? await payload.findByID({ collection: LINE, id: earlierId, depth: 0, overrideAccess: true, disableErrors: true, req }) : null
      if (earlier) return { commit: false, value: { ok: true, position: await positionOf(payload, earlier, req), flavorName: earlier.flavorName ?? null, already: false } }
      const rules = await batchRules(payload, req)
      if (!rules.line.enabled) return { commit: false, value: { ok: false, message: lineNotices.closed } }
      const flavors = await findFlavors(payload, req)
      const flavor = request.flavor === null ? null : flavors.find((candidate) => candidate.value === request.flavor)
      if (flavor === undefined) return { commit: false, value: { ok: false, message: lineNotices.unknownFlavor } }
      const flavorName = flavor?.name ?? null
      const { docs } = await payload.find({ collection: LINE, where: { activeKey: { equals: activeKey } }, limit: 1, depth: 0, overrideAccess: true, req })
      if (docs[0]) return { commit: false, value: { ok: true, position: await positionOf(payload, docs[0], req), flavorName, already: true } }
      if (!(await soldOutNow(payload, flavor, rules.minDaysLeft, flavors, req, now))) return { commit: false, value: { ok: false, message: lineNotices.notSoldOut(flavorName) } }
      const place = await payload.create({
        collection: LINE,
        data: { email, phone: request.phone || null, flavor: flavor?.value ?? null, flavorName, jarsWanted: request.jarsWanted, status: 'waiting', heldCount: 0, activeKey },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await recordSubmission(payload, 'line', request.submissionKey, place.id, req)
      return { commit: true, value: { ok: true, position: await positionOf(payload, place, req), flavorName, already: false } }
    })
  } catch (error) {
    // The same address and flavor twice at once: the other request took the place.
    if (!isUniqueViolation(error)) throw error
    const [place] = (await payload.find({ collection: LINE, where: { activeKey: { equals: activeKey } }, limit: 1, depth: 0, overrideAccess: true })).docs
    if (!place) throw error
    return { ok: true, position: await positionOf(payload, place), flavorName: place.flavorName ?? null, already: true }
  }
}

/** A place's position among the places in line for the same flavor (any flavor: among those), counted by the database. */
async function positionOf(payload: Payload, place: Pick<Place, 'id' | 'flavor'>, req?: PayloadRequest): Promise<number> {
  const sameFlavor: Where = place.flavor ? { flavor: { equals: place.flavor } } : { flavor: { exists: false } }
  const { totalDocs } = await payload.count({ collection: LINE, where: { and: [{ status: { in: [...ACTIVE_STATUSES] } }, sameFlavor, { id: { less_than_equal: place.id } }] }, overrideAccess: true, req })
  return totalDocs
}

/**
 * Whether /order shows this flavor (null: the whole batch) sold out now, by the page's own rules
 * (`batchForSale`, `flavorsForSale`): the batch sold out, closed or only announced, or the flavor
 * with none left or switched off. A site keeping no batches (none open, none announced) sells everything.
 */
async function soldOutNow(payload: Payload, flavor: FlavorForSale | null, minDaysLeft: number, flavors: readonly FlavorForSale[], req: PayloadRequest, now: Date): Promise<boolean> {
  const [current, next] = await Promise.all([currentBatch(payload, now, req), nextBatch(payload, now, req)])
  if (!current && !next) return false
  const shown = batchForSale(current, next, flavors, minDaysLeft, now)
  if (isSoldOut(shown.jarsLeft)) return true
  return flavor !== null && !flavorsForSale([flavor], shown.flavorsLeft)[0].available
}

/** What "No thanks" did: how many held jars were passed on and where they went; or why nothing was. */
export type PassedOn = { ok: true; heldCount: number; wentTo: Released } | { ok: false; message: Message }

/** The "No thanks" link's button: the held jars go to the next in line (or back on sale) at once. */
export async function passOnOffer(payload: Payload, placeId: string, now = new Date()): Promise<PassedOn> {
  return inTransaction<PassedOn>(payload, async (req) => {
    const place = await payload.findByID({ collection: LINE, id: placeId, depth: 0, overrideAccess: true, disableErrors: true, req })
    const refused = placeState(place)
    if (refused || !place) return { commit: false, value: { ok: false, message: refused ?? lineNotices.left } }
    const wentTo = await endPlace(payload, place, 'passed', req, now)
    return { commit: true, value: { ok: true, heldCount: heldJarsOf(place).length, wentTo } }
  })
}

/** The seller removes a place (Shop → Waiting line): what it held goes to the next in line or back on sale. */
export async function removeFromLine(payload: Payload, placeId: number | string, now = new Date()): Promise<boolean> {
  return inTransaction(payload, async (req) => {
    const place = await payload.findByID({ collection: LINE, id: placeId, depth: 0, overrideAccess: true, disableErrors: true, req })
    if (!place || !inLine(place)) return { commit: false, value: false }
    await endPlace(payload, place, 'removed', req, now)
    return { commit: true, value: true }
  })
}

/** A flavor the seller switched back on: the places waiting for it may be offered what the open batch has of it. */
export async function serveBatchOpenNow(payload: Payload, req: PayloadRequest): Promise<number> {
  const now = lineClock(req)
  const batch = await currentBatch(payload, now, req)
  return batch ? serveLine(payload, batch, req, now) : 0
}
