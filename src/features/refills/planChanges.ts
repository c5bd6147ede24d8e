import 'server-only'

import type { Payload, Where } from 'payload'

import type { Order, RefillPlan } from '@/payload-types'
import { businessDay } from '@/shared/time'

import { followingDay } from '@/features/ordering/refillTerms'

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
  const update = (data: Partial<Pick<RefillPlan, 'status' | 'nextDay'>>, where: Where = {}) =>
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
      const { docs } = await update({ nextDay: followingDay(day, plan.everyWeeks) }, { nextDay: { equals: day } })
      return docs[0] ? { ok: true, plan: docs[0] } : { ok: false, reason: 'not-now' }
    }
  }
}
