import { counted, tally } from '@/shared/counted'
import { followingDay } from '@/features/ordering/refillTerms'
import { jarKeys, labelOf } from '@/features/ordering/orderDetails'
import { LAUNCH_FLAVORS } from '@/features/ordering/options'
import { addDays } from '@/shared/time'

/**
 * Refill plans: a standing order of the same jars at the same weekly time every few weeks. The
 * plan's facts and pure rules, shared by the collection, the cycle and the tests.
 */

export const REFILL_PLAN_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'stopped', label: 'Stopped' },
] as const
export type RefillPlanStatus = (typeof REFILL_PLAN_STATUSES)[number]['value']

/**
 * Where a plan stands in the admin's list: active plans first, soonest refill first, then paused,
 * then stopped ones (a stopped plan keeps its last day: sorted by day alone, three years of them
 * came before every active one). "0-2026-12-05": the statuses' rank, then the day.
 */
export const planListOrder = (status: RefillPlanStatus, nextDay: string) => `${REFILL_PLAN_STATUSES.findIndex((known) => known.value === status)}-${nextDay}`

/**
 * How many days before its day a refill order is made (Shop → Pickup & delivery). Below the
 * windows' two weeks, so the refill's time is still one a customer could book.
 */
export const DEFAULT_REFILL_DAYS_AHEAD = 3
export const REFILL_DAYS_AHEAD_MAX = 13

/**
 * The key of one cycle of a plan, unique among orders: a cycle can never make two. With the plan's
 * creation time, since SQLite gives a deleted plan's id to the next plan, and the deleted plan's
 * orders keep their keys.
 */
export const refillCycleKey = (plan: { id: number | string; createdAt: string }, dayKey: string) => `${plan.id}@${plan.createdAt}:${dayKey}`

/** The last day whose refill order is due on `today`: refills of this day and earlier ones are made now. */
export const lastDueDay = (today: string, daysAhead: number) => addDays(today, daysAhead)

/** The first of the plan's days (every `everyWeeks` weeks from `dayKey`) that is `today` or later. */
export function firstDayFrom(dayKey: string, everyWeeks: number, today: string): string {
  let day = dayKey
  while (day < today) day = followingDay(day, everyWeeks)
  return day
}


/** '10', '2', '2:30': a time of day ('14:30'), short, on a 12-hour clock. */
function shortTime(time: string): string {
  const [hour, minute] = time.split(':').map(Number)
  const twelve = hour % 12 === 0 ? 12 : hour % 12
  return minute === 0 ? String(twelve) : `${twelve}:${String(minute).padStart(2, '0')}`
}

/** 'Eastern Market 10–2' for a pickup, 'delivery 5–8' for a delivery (or a pickup with no place given). */
export function slotText(window: { method: 'pickup' | 'delivery'; start: string; end: string; place: string | null }): string {
  const hours = `${shortTime(window.start)}–${shortTime(window.end)}`
  return `${window.method === 'pickup' ? (window.place ?? 'pickup') : 'delivery'} ${hours}`
}

/** A flavor's name, also for one the seller deleted since (a launch flavor's label, or its key). */
export const flavorName = (key: string, flavors: readonly { value: string; name: string }[]) => flavors.find((flavor) => flavor.value === key)?.name ?? labelOf(LAUNCH_FLAVORS, key)

/** '3 jars (Mixed Berry ×2, Peach Ginger)': one flavor name per jar, counted in the order first chosen. */
export function jarsWithFlavors(flavorNames: readonly string[]): string {
  const flavors = [...tally(flavorNames)].map(([name, jars]) => (jars === 1 ? name : `${name} ×${jars}`)).join(', ')
  return `${counted(flavorNames.length, 'jar')} (${flavors})`
}

/** Active plans that bring the same jars on the same days: `plans` of them. */
export type RefillPlanGroup = { flavors: string; everyWeeks: number; nextDay: string; plans: number }

export type RefillJarsDue = { refills: number; jars: number; perFlavor: Map<string, number> }

/**
 * The refills the active plans bring on the days from `from` up to `until` (left out), and their
 * jars of each flavor key: each plan's next day and every `everyWeeks` weeks after it. A refill
 * made already has moved its plan on to the following day, so it is not counted again.
 */
export function refillJarsDue(groups: readonly RefillPlanGroup[], from: string, until: string): RefillJarsDue {
  const due: RefillJarsDue = { refills: 0, jars: 0, perFlavor: new Map() }
  for (const group of groups) {
    for (let day = firstDayFrom(group.nextDay, group.everyWeeks, from); day < until; day = followingDay(day, group.everyWeeks)) {
      due.refills += group.plans
      for (const key of jarKeys(group.flavors)) {
        due.jars += group.plans
        due.perFlavor.set(key, (due.perFlavor.get(key) ?? 0) + group.plans)
      }
    }
  }
  return due
}
