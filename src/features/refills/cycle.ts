import 'server-only'

import type { Payload, PayloadRequest, RequestContext, Where } from 'payload'

import type { RefillPlan } from '@/payload-types'
import { expireBatchPages } from '@/features/ordering/batchClock'
import { jarKeys } from '@/features/ordering/orderDetails'
import { sellerOrderEmail } from '@/features/ordering/orderEmails'
import { claimCodeAndCreateOrder, type OrderToStore, type StoreOutcome } from '@/features/ordering/service'
import { deliversTo } from '@/features/ordering/catalog'
import { freshnessCutoff } from '@/features/ordering/batches'
import { batchRules, type FlavorForSale, fulfilmentTerms, nextBatch, settingsFromDatabase } from '@/features/ordering/shop'
import { WINDOW_DAYS, windowKey, type WindowRule, windowRulesFrom } from '@/features/ordering/windows'
import { insideNextServer } from '@/platform/config/runtime'
import { inTransaction, isUniqueViolation } from '@/platform/db/transactions'
import { deliverSoon, queueEmail } from '@/platform/email/outbox'
import { addDays, businessDay } from '@/shared/time'

import { customerProblemEmail, refillMadeEmail, type RefillProblem, sellerProblemEmail, sellerProblemText } from './refillEmails'
import { followingDay } from '@/features/ordering/refillTerms'
import { orderEmailsAbout } from '@/features/ordering/orderMessageKeys'

import { DEFAULT_REFILL_DAYS_AHEAD, flavorName, firstDayFrom, lastDueDay, refillCycleKey, slotText } from './rules'

/**
 * The refill cycle: every few minutes, on one server instance (`instrumentation.ts`), each active
 * plan whose next day is within the seller's days ahead (Shop → Pickup & delivery) gets its order,
 * made by the order service's own rules (that day's prices, the time's capacity, the open batch's
 * jars of each flavor; no discount code), and moves on to its following day, in one transaction.
 * The order carries its cycle's key, unique among orders, so a cycle never makes two orders (a
 * round repeated after a crash, or on a second instance, fails on it and changes nothing).
 * A refill that cannot be made is not dropped: the plan stays on its day and is tried again each
 * round until the day has passed, and the seller and the customer are told once per cycle.
 */

/** How often the plans due are looked at. */
export const REFILL_ROUND_MS = 10 * 60 * 1000

export type RefillRound = { made: number; waiting: number }

export async function refillRound(payload: Payload, now = new Date()): Promise<RefillRound> {
  const fulfilment = await payload.findGlobal({ slug: 'fulfilment', depth: 0 })
  const daysAhead = fulfilment.refillDaysAhead ?? DEFAULT_REFILL_DAYS_AHEAD
  const today = businessDay(now).key
  const dueDays: Where[] = [{ nextDay: { less_than_equal: lastDueDay(today, daysAhead) } }]
  const reserved = await daysReservedFromAnnouncedBatch(payload, today, now)
  if (reserved) dueDays.push({ and: [{ nextDay: { greater_than_equal: reserved.from } }, { nextDay: { less_than_equal: reserved.to } }] })
  const { docs: due } = await payload.find({
    collection: 'refill-plans',
    where: { and: [{ status: { equals: 'active' } }, { or: dueDays }] },
    sort: 'nextDay',
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  const round: RefillRound = { made: 0, waiting: 0 }
  for (const plan of due) {
    try {
      const outcome = await runCycle(payload, plan, today, now, OUTSIDE_A_REQUEST)
      if (outcome === 'made') round.made++
      if (outcome === 'waiting') round.waiting++
    } catch (error) {
      // Another instance made this cycle's order a moment earlier: it exists once, which is the point.
      if (!isUniqueViolation(error)) payload.logger.error({ err: error, msg: `[refills] could not make the refill of plan ${plan.id}` })
    }
  }
  if (round.made || round.waiting) deliverSoon(payload)
  // The refills took jars and times. The open times are read again within a minute by themselves.
  if (round.made && insideNextServer()) {
    await expireBatchPages().catch((error) => payload.logger.warn({ err: error, msg: '[refills] could not expire the batch pages' }))
  }
  return round
}

/**
 * A round runs outside any request, where Next's `revalidateTag` throws: the order's and the batch's
 * hooks expire nothing, and the round has its server expire the batch pages at its end.
 */
const OUTSIDE_A_REQUEST = { disableRevalidate: true }

/**
 * While a batch is announced (its opening time ahead), the refills it will sell are made at once,
 * not `daysAhead` before their day: their jars come from it (`batchOpenBy`), reserved before the
 * public can order. Those are the refills from its opening day up to the last day it sells by its
 * freshness limit, as far ahead as a time can be booked.
 */
async function daysReservedFromAnnouncedBatch(payload: Payload, today: string, now: Date): Promise<{ from: string; to: string } | null> {
  const announced = await nextBatch(payload, now)
  if (!announced?.opensAt) return null
  const { minDaysLeft } = await batchRules(payload)
  const cutoff = freshnessCutoff(announced.bestBy, minDaysLeft)
  const lastBookable = addDays(today, WINDOW_DAYS - 1)
  const lastFresh = cutoff ? addDays(businessDay(cutoff).key, -1) : lastBookable
  const to = lastFresh < lastBookable ? lastFresh : lastBookable
  const from = businessDay(new Date(announced.opensAt)).key
  return from <= to ? { from, to } : null
}

const RESERVED_KEY = 'refills:reserved-from'

/**
 * Every half minute (`instrumentation.ts`): once a batch is announced, or changed while announced,
 * a refill round runs at once rather than up to ten minutes later, so plan holders' jars are
 * reserved from it well before its opening. Nothing to do while no batch is announced.
 */
export async function reserveFromAnnouncedBatch(payload: Payload, now = new Date()): Promise<RefillRound | null> {
  const announced = await nextBatch(payload, now)
  if (!announced) return null
  const version = `${announced.id}@${announced.updatedAt}`
  if ((await payload.kv.get<{ version: string }>(RESERVED_KEY))?.version === version) return null
  const round = await refillRound(payload, now)
  // Read again: the refills just made took their jars from it, which changed it.
  const after = await nextBatch(payload, now)
  await payload.kv.set(RESERVED_KEY, { version: after ? `${after.id}@${after.updatedAt}` : version })
  return round
}

/** A due refill that waited (its flavor out, its time full) is tried again now, as the next round would. */
export async function makeRefillNow(payload: Payload, plan: RefillPlan, now = new Date()): Promise<void> {
  const outcome = await runCycle(payload, plan, businessDay(now).key, now)
  if (outcome === 'made' || outcome === 'waiting') deliverSoon(payload)
}

type CycleOutcome = 'made' | 'waiting' | 'moved-on' | 'changed'

/** `context`: for the hooks of the refill's writes (`OUTSIDE_A_REQUEST` in a round). */
async function runCycle(payload: Payload, plan: RefillPlan, today: string, now: Date, context?: RequestContext): Promise<CycleOutcome> {
  // The day passed without its order (it could not be made, or no server ran): on to the next one.
  if (plan.nextDay < today) {
    await payload.update({ collection: 'refill-plans', id: plan.id, data: { nextDay: firstDayFrom(plan.nextDay, plan.everyWeeks, today), problem: null }, depth: 0, overrideAccess: true })
    return 'moved-on'
  }
  const day = plan.nextDay
  const made = await inTransaction<{ made: true } | { made: false; problem: RefillProblem | null; slot: string | null }>(payload, async (req) => {
    // Read again in the transaction: paused, stopped or moved on since the round's list was read.
    const current = await payload.findByID({ collection: 'refill-plans', id: plan.id, depth: 0, overrideAccess: true, disableErrors: true, req })
    if (!current || current.status !== 'active' || current.nextDay !== day) return { commit: false, value: { made: false, problem: null, slot: null } }
    const settings = settingsFromDatabase(payload, req)
    const [flavors, fulfilment, site] = await Promise.all([settings.flavors(), settings.fulfilment(), settings.site()])
    const rule = windowRulesFrom(fulfilment).windows.find((window) => window.id === current.windowRule)
    const slot = rule ? slotText(rule) : null
    const keys = jarKeys(current.flavors)
    const flavorOut = keys.find((key) => !flavors.some((flavor) => flavor.value === key && flavor.available))
    if (flavorOut) return { commit: false, value: { made: false, problem: soldOut(flavorName(flavorOut, flavors)), slot } }
    // The seller's delivery area may have changed since the plan was made (the order form checks it the same way).
    if (current.deliveryMethod === 'delivery' && !deliversTo(current.zip, (await fulfilmentTerms(settings)).zipPrefixes)) {
      return { commit: false, value: { made: false, problem: { reason: `we no longer deliver to ZIP code ${current.zip}`, ask: 'switch to pickup' }, slot } }
    }

    const stored = await claimCodeAndCreateOrder(payload, orderOf(current, day, keys, flavors), settings, req, now)
    if (stored.value.status !== 'stored') return { commit: false, value: { made: false, problem: problemOf(stored.value, flavors, rule), slot } }
    const order = stored.value.order
    await payload.update({ collection: 'refill-plans', id: current.id, data: { nextDay: followingDay(day, current.everyWeeks), problem: null }, depth: 0, overrideAccess: true, req })
    const about = orderEmailsAbout(order.id)
    await queueEmail(payload, { ...sellerOrderEmail(order, site), about }, req)
    const flavorNames = keys.map((key) => flavorName(key, flavors))
    await queueEmail(payload, { ...refillMadeEmail(current, order, { day, slot, flavorNames }, site), about, dedupeKey: `refill:${refillCycleKey(current, day)}:made` }, req)
    return { commit: true, value: { made: true } }
  }, context)
  if (made.made) return 'made'
  if (!made.problem) return 'changed'
  await tellOfProblem(payload, plan, day, made.problem, made.slot)
  return 'waiting'
}

/** The refill order of a plan's day: the plan's jars, method, address and weekly time, as the order service takes it. */
function orderOf(plan: RefillPlan, day: string, keys: string[], flavors: readonly FlavorForSale[]): OrderToStore {
  return {
    fullName: plan.fullName,
    email: plan.email,
    phone: plan.phone,
    instagram: undefined,
    address: plan.address,
    city: plan.city,
    zip: plan.zip,
    notes: undefined,
    discountCode: undefined,
    quantity: plan.quantity as OrderToStore['quantity'],
    flavors: keys,
    flavorNames: keys.map((key) => flavorName(key, flavors)),
    deliveryMethod: plan.deliveryMethod,
    consent: Boolean(plan.consent),
    window: windowKey(day, plan.windowRule),
    refillReminder: false,
    source: 'refill-plan',
    refill: { plan: plan.id, cycle: refillCycleKey(plan, day) },
  }
}


const soldOut = (name: string): RefillProblem => ({ reason: `${name} is sold out`, ask: 'pick another flavor' })

/** What stopped the order service, in the words of the refill's notices. */
function problemOf(outcome: Exclude<StoreOutcome, { status: 'stored' }>, flavors: readonly FlavorForSale[], rule: WindowRule | undefined): RefillProblem {
  if (outcome.status === 'window-taken') {
    return outcome.reason === 'full' ? { reason: 'that time is full', ask: 'pick another time' } : { reason: rule ? 'that time cannot be booked that day' : 'that weekly time is no longer offered', ask: 'pick another time' }
  }
  if (outcome.status === 'not-enough-jars') {
    if (outcome.closed) return { reason: 'no batch is open for orders', ask: 'pick another time' }
    if (outcome.flavor) return outcome.left === 0 ? soldOut(flavorName(outcome.flavor, flavors)) : { reason: `only ${outcome.left} ${flavorName(outcome.flavor, flavors)} left`, ask: 'pick another flavor' }
    return { reason: outcome.left === 0 ? 'the batch is sold out' : `only ${outcome.left} jars are left in the batch`, ask: 'pick another time or flavor' }
  }
  // No discount code and no prices shown: the order service has no other refusal for a refill.
  return { reason: 'the order could not be stored', ask: 'pick another time or flavor' }
}

/** The plan shows the problem, and the seller and the customer hear of it once per cycle. */
async function tellOfProblem(payload: Payload, plan: RefillPlan, day: string, problem: RefillProblem, slot: string | null): Promise<void> {
  const cycle = refillCycleKey(plan, day)
  await inTransaction(payload, async (req: PayloadRequest) => {
    const shown = sellerProblemText(day, problem)
    if (plan.problem !== shown) await payload.update({ collection: 'refill-plans', id: plan.id, data: { problem: shown }, depth: 0, overrideAccess: true, req })
    const site = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
    const about = `refill-plan:${plan.id}`
    await queueEmail(payload, { ...sellerProblemEmail(plan, day, problem, site), about, dedupeKey: `refill:${cycle}:not-made:seller` }, req)
    await queueEmail(payload, { ...customerProblemEmail(plan, { day, slot }, problem, site), about, dedupeKey: `refill:${cycle}:not-made:customer` }, req)
    return { commit: true, value: undefined }
  })
}
