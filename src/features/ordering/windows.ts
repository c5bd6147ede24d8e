import { addDays, BUSINESS_TIME_ZONE, businessDay, dayKeyOf, zonedInstant } from '@/shared/time'

import type { DeliveryMethod } from './pricing'

/**
 * Pickup and delivery windows: the seller's weekly times (Shop → Pickup & delivery) become the
 * dated choices of the next two weeks that a customer can still book. Pure, so the order page, the
 * order service (inside the order's transaction) and the tests apply the same rules.
 */

/** How far ahead a customer can book. */
export const WINDOW_DAYS = 14
export const DEFAULT_LEAD_TIME_HOURS = 24
/** 'HH:MM', 24-hour, on the seller's wall clock. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/

/** The weekdays as the seller picks them; stored by these values. */
export const WEEKDAYS = [
  { label: 'Sunday', value: 'sun' },
  { label: 'Monday', value: 'mon' },
  { label: 'Tuesday', value: 'tue' },
  { label: 'Wednesday', value: 'wed' },
  { label: 'Thursday', value: 'thu' },
  { label: 'Friday', value: 'fri' },
  { label: 'Saturday', value: 'sat' },
] as const
export type Weekday = (typeof WEEKDAYS)[number]['value']

/** One weekly window as the seller defines it. */
export type WindowRule = {
  id: string
  method: DeliveryMethod
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number
  start: string
  end: string
  place: string | null
  /** Orders it can take; null for no limit. */
  capacity: number | null
}

export type WindowRules = {
  windows: WindowRule[]
  leadTimeHours: number
  /** Business days ('2026-12-24') with no pickups or deliveries. */
  blackoutDates: string[]
}

/** A dated window a customer can choose. `key` is what the form posts and the order stores. */
export type WindowChoice = {
  key: string
  method: DeliveryMethod
  startsAt: string
  endsAt: string
  place: string | null
  /** "Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market" */
  label: string
  capacity: number | null
  /** Places still free, for windows with a capacity (set by `openWindows`). */
  placesLeft?: number | null
}

/** Places taken per window key (orders not cancelled). */
export type Bookings = ReadonlyMap<string, number>

type StoredFulfilment = {
  windows?: { id?: string | null; method: DeliveryMethod; weekday: Weekday; start: string; end: string; place?: string | null; capacity?: number | null }[] | null
  leadTimeHours?: number | null
  blackoutDates?: { date: string }[] | null
}

/**
 * The rules from the `fulfilment` global. Payload's day picker stores the picked day at 12:00 UTC,
 * so its UTC date is the day the seller picked, wherever their browser was.
 */
export function windowRulesFrom(fulfilment: StoredFulfilment): WindowRules {
  return {
    windows: (fulfilment.windows ?? []).flatMap((window) =>
      window.id && TIME_OF_DAY.test(window.start) && TIME_OF_DAY.test(window.end)
        ? [{ id: window.id, method: window.method, weekday: WEEKDAYS.findIndex((day) => day.value === window.weekday), start: window.start, end: window.end, place: window.place?.trim() || null, capacity: window.capacity ?? null }]
        : [],
    ),
    leadTimeHours: fulfilment.leadTimeHours ?? DEFAULT_LEAD_TIME_HOURS,
    blackoutDates: (fulfilment.blackoutDates ?? []).map((entry) => dayKeyOf(entry.date)),
  }
}

/** Whether the customer must choose a window for this method (the seller defined some). */
export const needsWindow = (rules: Pick<WindowRules, 'windows'>, method: DeliveryMethod | '') =>
  method !== '' && rules.windows.some((window) => window.method === method)

/** The methods the seller offers windows for: an order by one of them must name a window. */
export const methodsWithWindows = (rules: Pick<WindowRules, 'windows'>): DeliveryMethod[] => (['pickup', 'delivery'] as const).filter((method) => needsWindow(rules, method))

/** A day key's weekday, 0 = Sunday (calendar arithmetic: no time zone involved). */
export const weekdayOf = (dayKey: string) => new Date(`${dayKey}T12:00:00Z`).getUTCDay()

/**
 * The windows of today and the next 13 days that start after the lead time and are not on a
 * blackout date, soonest first; capacity is not looked at here (see `openWindows`).
 */
export function upcomingWindows(rules: WindowRules, now: Date): WindowChoice[] {
  const earliest = now.getTime() + rules.leadTimeHours * 3_600_000
  const today = businessDay(now).key
  const choices: WindowChoice[] = []
  for (let offset = 0; offset < WINDOW_DAYS; offset++) {
    const day = addDays(today, offset)
    if (rules.blackoutDates.includes(day)) continue
    for (const rule of rules.windows) {
      if (rule.weekday !== weekdayOf(day)) continue
      const startsAt = zonedInstant(day, rule.start)
      if (startsAt.getTime() < earliest) continue
      const endsAt = zonedInstant(day, rule.end)
      choices.push({
        key: windowKey(day, rule.id),
        method: rule.method,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        place: rule.method === 'pickup' ? rule.place : null,
        label: windowLabel(startsAt, endsAt, rule.method === 'pickup' ? rule.place : null),
        capacity: rule.capacity,
      })
    }
  }
  return choices.sort((a, b) => a.startsAt.localeCompare(b.startsAt))
}

/** The upcoming windows that still have a place. */
export const openWindows = (rules: WindowRules, now: Date, bookings: Bookings): WindowChoice[] =>
  upcomingWindows(rules, now)
    .filter((choice) => !isFull(choice, bookings))
    .map((choice) => ({ ...choice, placesLeft: choice.capacity === null ? null : choice.capacity - (bookings.get(choice.key) ?? 0) }))

const isFull = (choice: WindowChoice, bookings: Bookings) => choice.capacity !== null && (bookings.get(choice.key) ?? 0) >= choice.capacity

/** A window's key: its business day and the seller's window it comes from. */
export const windowKey = (dayKey: string, ruleId: string) => `${dayKey}_${ruleId}`

/** The capacity of the seller's window a key was made from; null when it has none, or is gone. */
export function capacityOfWindow(rules: Pick<WindowRules, 'windows'>, key: string): number | null {
  const ruleId = key.slice(key.indexOf('_') + 1)
  return rules.windows.find((rule) => rule.id === ruleId)?.capacity ?? null
}

export type WindowCheck = { ok: true; window: WindowChoice } | { ok: false; reason: 'missing' | 'closed' | 'full'; window?: WindowChoice }

/** The server's check of a posted window: it exists for this method, can still be booked and has a place. */
export function checkWindow(rules: WindowRules, method: DeliveryMethod, key: string | undefined, now: Date, bookings: Bookings): WindowCheck {
  if (!key) return { ok: false, reason: 'missing' }
  const window = upcomingWindows(rules, now).find((choice) => choice.key === key && choice.method === method)
  if (!window) return { ok: false, reason: 'closed' }
  if (isFull(window, bookings)) return { ok: false, reason: 'full', window }
  return { ok: true, window }
}

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: BUSINESS_TIME_ZONE })
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE })
// Newer ICU puts a narrow no-break space before AM/PM; customers type and read a plain one.
const clock = (instant: Date) => timeFormat.format(instant).replace(/\u202f/g, ' ')

/** "Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market" (the place only for pickups). */
export function windowLabel(startsAt: Date, endsAt: Date, place: string | null): string {
  const when = `${dayFormat.format(startsAt)} · ${clock(startsAt)}–${clock(endsAt)}`
  return place ? `${when} · ${place}` : when
}
