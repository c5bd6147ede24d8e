import 'server-only'

import type { Payload } from 'payload'

import type { RefillPlan } from '@/payload-types'
import type { FlavorOption } from '@/features/ordering/catalog'
import { deliveryAddress, jarKeys, labelOf } from '@/features/ordering/orderDetails'
import { findFlavors, windowRules } from '@/features/ordering/shop'

import { nextRefill } from './planChanges'
import { followingDay, refillDayText } from '@/features/ordering/refillTerms'

import { flavorName, jarsWithFlavors, REFILL_PLAN_STATUSES, slotText } from './rules'

/** A plan as its private page shows it: what, where, how often, and the next refill. */
export type PlanView = {
  status: RefillPlan['status']
  statusLabel: string
  jars: string
  everyWeeks: number
  /** 'Eastern Market 10–2', or null when the seller's weekly time is gone. */
  slot: string | null
  address: string | null
  /** One flavor key per jar, and the flavors a jar can be changed to. */
  flavorKeys: string[]
  flavorChoices: FlavorOption[]
  next: { day: string; dayText: string; followingText: string; orderReference: string | null }
}

export async function planView(payload: Payload, plan: RefillPlan, now = new Date()): Promise<PlanView> {
  const [flavors, rules, next] = await Promise.all([findFlavors(payload), windowRules(payload), nextRefill(payload, plan, now)])
  const names = jarKeys(plan.flavors).map((key) => flavorName(key, flavors))
  const rule = rules.windows.find((window) => window.id === plan.windowRule)
  return {
    status: plan.status,
    statusLabel: labelOf(REFILL_PLAN_STATUSES, plan.status),
    jars: jarsWithFlavors(names),
    everyWeeks: plan.everyWeeks,
    slot: rule ? slotText(rule) : null,
    address: plan.deliveryMethod === 'delivery' ? deliveryAddress(plan) : null,
    flavorKeys: jarKeys(plan.flavors),
    flavorChoices: flavors.map(({ value, name, available }) => ({ value, name, available })),
    next: {
      day: next.day,
      dayText: refillDayText(next.day),
      // The refill after a skipped one: the plan's own next day when this one's order is made.
      followingText: refillDayText(next.order ? plan.nextDay : followingDay(next.day, plan.everyWeeks)),
      orderReference: next.order?.reference ?? null,
    },
  }
}
