import 'server-only'

import type { Payload } from 'payload'

import { refillJarsDue, type RefillJarsDue } from '@/features/refills/rules'
import { addDays, businessDay } from '@/shared/time'

import { activeRefillPlanGroups } from './aggregates/refillPlanGroups'

/** How many weeks ahead the refill plans' screen shows what is due. */
export const REFILL_WEEKS_SHOWN = 4

export type RefillWeek = RefillJarsDue & { from: string; until: string }

/**
 * What the active refill plans bring in each of the next weeks (this week: today and the six days
 * after it), with their jars per flavor: the seller's known demand before a batch is made.
 */
export async function refillsDuePerWeek(payload: Payload, now = new Date()): Promise<RefillWeek[]> {
  const groups = await activeRefillPlanGroups(payload)
  const today = businessDay(now).key
  return Array.from({ length: REFILL_WEEKS_SHOWN }, (_, week) => {
    const from = addDays(today, 7 * week)
    const until = addDays(from, 7)
    return { from, until, ...refillJarsDue(groups, from, until) }
  })
}
