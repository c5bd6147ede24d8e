import 'server-only'

import type { Payload, Where } from 'payload'

import { jarFlavors, orderedFlavors } from '@/features/ordering/orderDetails'
import type { Order } from '@/payload-types'
import { BUSINESS_TIME_ZONE, startOfDay, startOfWeek } from '@/shared/time'

import { NOT_CANCELLED } from './dashboard'

/** How far back the dashboard's sales charts look. */
export const SALES_WEEKS = 12
/** The flavor mix covers the same days as the orders list's "Last 30 days" quick filter. */
export const FLAVOR_MIX_DAYS = 30

export type WeekSales = { weekStart: string; orders: number; revenue: number; jars: number }
export type FlavorShare = { flavor: string; jars: number }
export type SalesFigures = { weeks: WeekSales[]; flavorMix: FlavorShare[]; flavorMixSince: string }

export type SoldOrder = Pick<Order, 'createdAt' | 'totalPrice' | 'quantity'>
export type FlavoredOrder = Pick<Order, 'createdAt' | 'flavors' | 'flavorNames'>

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

/** Orders, revenue and jars of each week that starts at `weekStarts` (oldest first); earlier orders are left out. */
export function weeklySales(orders: readonly SoldOrder[], weekStarts: readonly Date[]): WeekSales[] {
  const weeks = weekStarts.map((start) => ({ weekStart: start.toISOString(), orders: 0, revenue: 0, jars: 0 }))
  for (const order of orders) {
    const placed = new Date(order.createdAt).getTime()
    const index = weekStarts.findLastIndex((start) => start.getTime() <= placed)
    if (index < 0) continue
    weeks[index].orders += 1
    weeks[index].revenue += order.totalPrice ?? 0
    weeks[index].jars += order.quantity ?? 0
  }
  return weeks
}

/**
 * Jars per flavor, most sold first. A flavor is told apart by its stored key (`jarFlavors` of the
 * keys reads a launch flavor's key as its label and leaves any other key as it is: one entry per
 * key) and named as the newest of these orders named it, so a renamed flavor stays one bar.
 */
export function flavorMix(orders: readonly FlavoredOrder[]): FlavorShare[] {
  const mix = new Map<string, { flavor: string; jars: number; namedAt: number }>()
  for (const order of orders) {
    const keys = jarFlavors(order.flavors)
    const names = jarFlavors(orderedFlavors(order))
    keys.forEach((key, jar) => {
      const placed = new Date(order.createdAt).getTime()
      const entry = mix.get(key) ?? { flavor: names[jar] ?? key, jars: 0, namedAt: placed }
      entry.jars += 1
      if (placed > entry.namedAt) Object.assign(entry, { flavor: names[jar] ?? key, namedAt: placed })
      mix.set(key, entry)
    })
  }
  return [...mix.values()].map(({ flavor, jars }) => ({ flavor, jars })).sort((a, b) => b.jars - a.jars || a.flavor.localeCompare(b.flavor))
}

/** The orders behind the charts: not cancelled, since the first charted week (and the flavor mix's first day). */
export function salesFilters(now: Date) {
  const weekStarts = salesWeekStarts(now)
  const mixSince = startOfDay(now, FLAVOR_MIX_DAYS)
  const since = (instant: Date): Where => ({ and: [{ createdAt: { greater_than_equal: instant.toISOString() } }, NOT_CANCELLED] })
  return {
    weekStarts,
    mixSince,
    weeks: since(weekStarts[0]),
    flavorMix: since(mixSince),
    // Up to `now`: a chart drawn for a past day (a test) leaves out what came after it.
    charted: { and: [since(new Date(Math.min(weekStarts[0].getTime(), mixSince.getTime()))), { createdAt: { less_than_equal: now.toISOString() } }] } satisfies Where,
  }
}

/** Orders and revenue per week for the last 12 weeks, and the flavor mix of the last 30 days. */
export async function salesFigures(payload: Payload, now = new Date()): Promise<SalesFigures> {
  const filters = salesFilters(now)
  const { docs } = await payload.find({
    collection: 'orders',
    where: filters.charted,
    select: { createdAt: true, totalPrice: true, quantity: true, flavors: true, flavorNames: true },
    pagination: false,
    depth: 0,
  })
  const mixSince = filters.mixSince.toISOString()
  return {
    weeks: weeklySales(docs, filters.weekStarts),
    flavorMix: flavorMix(docs.filter((order) => new Date(order.createdAt).getTime() >= filters.mixSince.getTime())),
    flavorMixSince: mixSince,
  }
}

/** A week as the charts name it: "Nov 2", the Monday it starts, on the seller's calendar. */
const weekFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: BUSINESS_TIME_ZONE })
export const weekLabel = (weekStart: string) => weekFormat.format(new Date(weekStart))
