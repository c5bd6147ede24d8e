import 'server-only'

import type { Payload, Where } from 'payload'

import type { Order, RefillPlan } from '@/payload-types'
import { flavorsText, jarKeys, sameJars } from '@/features/ordering/orderDetails'
import { changeJarFlavors, findFlavors } from '@/features/ordering/shop'
import { inTransaction } from '@/platform/db/transactions'
import { deliverSoon, queueEmail } from '@/platform/email/outbox'
import { businessDay } from '@/shared/time'

import { followingDay } from '@/features/ordering/refillTerms'

import { makeRefillNow } from './cycle'
import { sellerFlavorsChangedEmail } from './refillEmails'

/**
 * What a customer does on their plan's private page (`/refills/<token>`): skip the next refill,
 * pause, resume or stop the plan. The token in the link is the only key; each change is a POST
 * after a page that asks to confirm it (mail scanners open links), and a stopped plan changes no more.
 */

export const PLAN_CHANGES = ['skip', 'pause', 'resume', 'stop'] as const
export type PlanChange = (typeof PLAN_CHANGES)[number]
export const isPlanChange = (value: unknown): value is PlanChange => PLAN_CHANGES.includes(value as PlanChange)

/** 144 random bits, base64url (`ordering/statusToken.ts`): anything else is not looked up. */
const PLAN_TOKEN = /^[A-Za-z0-9_-]{24}$/
export const isPlanToken = (token: string) => PLAN_TOKEN.test(token)

export async function findPlanByToken(payload: Payload, token: string): Promise<RefillPlan | null> {
  if (!isPlanToken(token)) return null
  const { docs } = await payload.find({ collection: 'refill-plans', where: { token: { equals: token } }, limit: 1, depth: 0, overrideAccess: true })
  return docs[0] ?? null
}

/** The refill the customer gets next: its day, and its order when that is made already (a few days ahead). */
export type NextRefill = { day: string; order: Order | null }

const OPEN_STATUSES: Order['status'][] = ['new', 'confirmed']

/** A refill order's day: the day part of its window key (`<day>_<window row id>`). */
const dayOf = (order: Pick<Order, 'windowKey'>) => order.windowKey?.split('_')[0] ?? null

export async function nextRefill(payload: Payload, plan: RefillPlan, now = new Date()): Promise<NextRefill> {
  const today = businessDay(now).key
  const { docs } = await payload.find({
    collection: 'orders',
    where: { and: [{ refillPlan: { equals: plan.id } }, { status: { in: OPEN_STATUSES } }, { windowStartsAt: { greater_than: now.toISOString() } }] },
    sort: 'windowStartsAt',
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  const made = docs[0]
  const madeDay = made ? dayOf(made) : null
  if (made && madeDay && madeDay >= today) return { day: madeDay, order: made }
  return { day: plan.nextDay, order: null }
}

export type PlanChangeResult = { ok: true; plan: RefillPlan } | { ok: false; reason: 'not-found' | 'stopped' | 'not-now' }

/**
 * Applies one change to the plan of `token`. `day` is the refill the customer was shown (a skip
 * applies to that one only: a second post of the same button skips nothing more). Skipping a refill
 * whose order is made cancels that order (its jars and its time go back); otherwise the plan moves
 * on to its following day.
 */
export async function changeRefillPlan(payload: Payload, token: string, change: PlanChange, day: string | null, now = new Date()): Promise<PlanChangeResult> {
  const plan = await findPlanByToken(payload, token)
  if (!plan) return { ok: false, reason: 'not-found' }
  if (plan.status === 'stopped') return { ok: false, reason: 'stopped' }
  const update = (data: Partial<Pick<RefillPlan, 'status' | 'nextDay' | 'problem'>>, where: Where = {}) =>
    payload.update({ collection: 'refill-plans', where: { and: [{ id: { equals: plan.id } }, { status: { not_equals: 'stopped' } }, where] }, data, depth: 0, overrideAccess: true })
  switch (change) {
    case 'pause':
    case 'resume': {
      const { docs } = await update({ status: change === 'pause' ? 'paused' : 'active' })
      return docs[0] ? { ok: true, plan: docs[0] } : { ok: false, reason: 'stopped' }
    }
    case 'stop': {
      const { docs } = await update({ status: 'stopped' })
      return docs[0] ? { ok: true, plan: docs[0] } : { ok: false, reason: 'stopped' }
    }
    case 'skip': {
      const next = await nextRefill(payload, plan, now)
      // Already skipped (a second post), or the page showed another refill than the next one.
      if (!day || day !== next.day) return { ok: false, reason: 'not-now' }
      if (next.order) {
        // As the seller's cancel does: the jars and the time's place go back, the customer is e-mailed.
        await payload.update({ collection: 'orders', id: next.order.id, data: { status: 'cancelled' }, depth: 0, overrideAccess: true })
        return { ok: true, plan }
      }
      // The skipped day's problem (its time full, a flavor out) goes with it.
      const { docs } = await update({ nextDay: followingDay(day, plan.everyWeeks), problem: null }, { nextDay: { equals: day } })
      return docs[0] ? { ok: true, plan: docs[0] } : { ok: false, reason: 'not-now' }
    }
  }
}

export type FlavorChangeResult =
  | { ok: true; plan: RefillPlan; changedOrder: string | null }
  | { ok: false; reason: 'not-found' | 'stopped' | 'bad-flavors' }
  | { ok: false; reason: 'too-few'; flavor: string; left: number }

/**
 * The customer picks their jars' flavors again (as many jars as before; the price is the same).
 * The plan takes them for every refill from now on, and so does the next refill's order when it is
 * made already and not yet handed over, while it still has the plan's jars: its jars go back to its
 * batch and the new ones are taken, with one word to the seller, who packs it. An order whose jars
 * the customer changed on its own page keeps them (its count and price are its own now). Too few of
 * a flavor left: nothing changes. A refill waiting for a flavor that ran out is tried again at once
 * with the new ones.
 */
export async function changeRefillFlavors(payload: Payload, token: string, chosen: readonly string[], now = new Date()): Promise<FlavorChangeResult> {
  const plan = await findPlanByToken(payload, token)
  if (!plan) return { ok: false, reason: 'not-found' }
  if (plan.status === 'stopped') return { ok: false, reason: 'stopped' }
  const flavors = await findFlavors(payload)
  const forSale = (key: string) => flavors.find((flavor) => flavor.value === key && flavor.available)
  if (chosen.length !== plan.quantity || !chosen.every(forSale)) return { ok: false, reason: 'bad-flavors' }
  const names = chosen.map((key) => forSale(key)!.name)
  const next = await nextRefill(payload, plan, now)

  const result = await inTransaction<FlavorChangeResult>(payload, async (req) => {
    // Read again inside the transaction: the plan's and the order's jars as they are now (the order
    // may have been changed on its own page meanwhile), not as they were before it began.
    const current = await payload.findByID({ collection: 'refill-plans', id: plan.id, depth: 0, overrideAccess: true, req })
    if (current.status === 'stopped') return { commit: false, value: { ok: false, reason: 'stopped' } }
    const updated = await payload.update({ collection: 'refill-plans', id: plan.id, data: { flavors: flavorsText(chosen) }, depth: 0, overrideAccess: true, req })
    const order = next.order && (await payload.findByID({ collection: 'orders', id: next.order.id, depth: 0, overrideAccess: true, disableErrors: true, req }))
    const followsPlan = order && OPEN_STATUSES.includes(order.status) && sameJars(jarKeys(order.flavors), jarKeys(current.flavors))
    if (!followsPlan) return { commit: true, value: { ok: true, plan: updated, changedOrder: null } }
    const jars = await changeJarFlavors(payload, order, chosen, now, req)
    if (!jars.ok) return { commit: false, value: { ok: false, reason: 'too-few', flavor: jars.flavor ?? '', left: jars.left } }
    await payload.update({ collection: 'orders', id: order.id, data: { flavors: flavorsText(chosen), flavorNames: flavorsText(names), jarsFromBatch: jars.taken }, depth: 0, overrideAccess: true, req })
    const site = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
    const reference = order.reference ?? String(order.id)
    await queueEmail(payload, sellerFlavorsChangedEmail(plan, { day: next.day, reference, orderId: order.id, flavorNames: names }, site), req)
    return { commit: true, value: { ok: true, plan: updated, changedOrder: reference } }
  })
  if (!result.ok) return result
  if (result.changedOrder) deliverSoon(payload)
  // The refill due now waited for a flavor (or a time): it is made with the new flavors if it can be.
  if (result.plan.problem && result.plan.status === 'active') await makeRefillNow(payload, result.plan, now)
  return result
}
