import 'server-only'

import type { Payload, Where } from 'payload'

import { jarFlavors, orderedFlavors } from '@/features/ordering/orderDetails'
import { BUSINESS_TIME_ZONE, startOfDay, startOfWeek } from '@/shared/time'

import { flavorCombinations, type FlavorCombination } from './aggregates/flavorCombinations'
import { salesByWeek, type WeekSales } from './aggregates/salesByWeek'
import { NOT_CANCELLED } from './dashboard'

/** How far back the dashboard's sales charts look. */
export const SALES_WEEKS = 12
/** The flavor mix covers the same days as the orders list's "Last 30 days" quick filter. */
export const FLAVOR_MIX_DAYS = 30

export type FlavorShare = { flavor: string; jars: number }
export type SalesFigures = { weeks: WeekSales[]; flavorMix: FlavorShare[]; flavorMixSince: string }

/**
 * Monday 00:00 of this week and of the `count - 1` weeks before it, oldest first, on the seller's
 * clock. Each start is the start of the week holding the instant just before the next one, so a
 * week with a clock change (167 or 169 hours) is still exactly one week.
 */
export function salesWeekStarts(now: Date, count = SALES_WEEKS): Date[] {
  const starts = [startOfWeek(now)]
  while (starts.length < count) starts.unshift(startOfWeek(new Date(starts[0].getTime() - 1)))
  return starts
}

/**
 * Jars per flavor, most sold first, from the orders grouped by what they chose. A flavor is told
 * apart by its stored key (`jarFlavors` of the keys reads a launch flavor's key as its label and
 * leaves any other key as it is: one entry per key) and named as the newest of these orders named
 * it, so a renamed flavor stays one bar.
 */
export function flavorMix(combinations: readonly FlavorCombination[]): FlavorShare[] {
  const mix = new Map<string, { flavor: string; jars: number; namedAt: number }>()
  for (const combination of combinations) {
    const keys = jarFlavors(combination.flavors)
    const names = jarFlavors(orderedFlavors(combination))
    const placed = new Date(combination.lastOrderedAt).getTime()
    keys.forEach((key, jar) => {
      const entry = mix.get(key) ?? { flavor: names[jar] ?? key, jars: 0, namedAt: placed }
      entry.jars += combination.orders
      if (placed > entry.namedAt) Object.assign(entry, { flavor: names[jar] ?? key, namedAt: placed })
      mix.set(key, entry)
    })
  }
  return [...mix.values()].map(({ flavor, jars }) => ({ flavor, jars })).sort((a, b) => b.jars - a.jars || a.flavor.localeCompare(b.flavor))
}

/**
 * The orders behind the charts, for the links under them: not cancelled, since the first charted
 * week (and the flavor mix's first day). The charts' own sums (aggregates/) count the same orders.
 */
export function salesFilters(now: Date) {
  const weekStarts = salesWeekStarts(now)
  const mixSince = startOfDay(now, FLAVOR_MIX_DAYS)
  const since = (instant: Date): Where => ({ and: [{ createdAt: { greater_than_equal: instant.toISOString() } }, NOT_CANCELLED] })
  return { weekStarts, mixSince, weeks: since(weekStarts[0]), flavorMix: since(mixSince) }
}

/**
 * Orders and revenue per week for the last 12 weeks, and the flavor mix of the last 30 days,
 * summed by the database. Up to `now`: a chart drawn for a past day (a test) leaves out what came
 * after it.
 */
export async function salesFigures(payload: Payload, now = new Date()): Promise<SalesFigures> {
  const { weekStarts, mixSince } = salesFilters(now)
  const [weeks, combinations] = await Promise.all([salesByWeek(payload, weekStarts, now), flavorCombinations(payload, mixSince, now)])
  return { weeks, flavorMix: flavorMix(combinations), flavorMixSince: mixSince.toISOString() }
}

/** A week as the charts name it: "Nov 2", the Monday it starts, on the seller's calendar. */
const weekFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: BUSINESS_TIME_ZONE })
export const weekLabel = (weekStart: string) => weekFormat.format(new Date(weekStart))
