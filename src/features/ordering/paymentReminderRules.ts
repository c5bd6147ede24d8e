import { addDays, businessDay, zonedInstant } from '@/shared/time'

import { TIME_OF_DAY } from './windows'

/**
 * The payment reminder (Shop → Pickup & delivery → Payment reminders): one e-mail with the amount,
 * the reference and the payment links to an order not paid by the moment the seller chose. Off
 * until the seller turns it on, so a fresh site sends what it always sent.
 */

export const PAYMENT_REMINDER_TIMINGS = [
  { value: 'eveningBefore', label: 'The evening before its time' },
  { value: 'afterOrdering', label: 'Some hours after ordering' },
] as const
export type PaymentReminderTiming = (typeof PAYMENT_REMINDER_TIMINGS)[number]['value']

export const DEFAULT_REMINDER_EVENING_AT = '18:00'
export const DEFAULT_REMINDER_HOURS_AFTER = 24
/** A week: later than that, the order has most likely been handed over, and the seller chases it in person. */
export const REMINDER_HOURS_AFTER_MAX = 7 * 24

/**
 * A reminder found more than this after its moment (the server was down) is not sent any more: a
 * day late it still reaches the customer before most handovers; days late it would arrive after
 * the seller has met them, and the order shows on the daily screen's Owed page anyway.
 */
export const PAYMENT_REMINDER_GRACE_HOURS = 24

const HOUR_MS = 60 * 60 * 1000

export type PaymentReminderSettings = { enabled: boolean; timing: PaymentReminderTiming; eveningAt: string; hoursAfter: number }

type StoredSettings = { enabled?: boolean | null; timing?: string | null; eveningAt?: string | null; hoursAfter?: number | null } | null | undefined

/** The seller's settings, with the defaults wherever a field is empty (a site upgraded from before has none). */
export function paymentReminderSettings(stored: StoredSettings): PaymentReminderSettings {
  const hours = stored?.hoursAfter
  return {
    enabled: stored?.enabled === true,
    timing: stored?.timing === 'afterOrdering' ? 'afterOrdering' : 'eveningBefore',
    eveningAt: stored?.eveningAt && TIME_OF_DAY.test(stored.eveningAt) ? stored.eveningAt : DEFAULT_REMINDER_EVENING_AT,
    hoursAfter: Number.isInteger(hours) && hours! >= 1 && hours! <= REMINDER_HOURS_AFTER_MAX ? hours! : DEFAULT_REMINDER_HOURS_AFTER,
  }
}

type ReminderOrder = { createdAt: string; windowStartsAt?: string | null }

/**
 * When an order's reminder is due. "The evening before": at the seller's hour on the day before its
 * booked time; an order without a booked time (arranged by text) gets it the seller's hours after
 * ordering instead. An order placed after its evening has none: its "order received" e-mail, a
 * moment old, already carries the payment links.
 */
export function paymentReminderMoment(order: ReminderOrder, settings: PaymentReminderSettings): Date | null {
  const placed = new Date(order.createdAt)
  if (settings.timing === 'afterOrdering' || !order.windowStartsAt) return new Date(placed.getTime() + settings.hoursAfter * HOUR_MS)
  const evening = zonedInstant(addDays(businessDay(new Date(order.windowStartsAt)).key, -1), settings.eveningAt)
  return evening > placed ? evening : null
}

/** Whether the reminder is due at `now`: its moment has come, and not longer ago than the grace. */
export function paymentReminderDue(order: ReminderOrder, settings: PaymentReminderSettings, now: Date): boolean {
  const moment = paymentReminderMoment(order, settings)
  return moment !== null && moment <= now && now.getTime() - moment.getTime() <= PAYMENT_REMINDER_GRACE_HOURS * HOUR_MS
}

type Range = { from: Date; to: Date }

/**
 * Where the round looks for orders due at `now`, as ranges the database narrows with its indexes
 * (`paymentReminderDue` decides each): placed `hoursAfter` (and up to the grace) ago; and for the
 * evening before, booked from the day after the grace's first day until the end of tomorrow.
 */
export function paymentReminderRanges(settings: PaymentReminderSettings, now: Date): { placed: Range; booked: Range | null } {
  const placedTo = new Date(now.getTime() - settings.hoursAfter * HOUR_MS)
  const placed = { from: new Date(placedTo.getTime() - PAYMENT_REMINDER_GRACE_HOURS * HOUR_MS), to: placedTo }
  if (settings.timing === 'afterOrdering') return { placed, booked: null }
  const firstEvening = businessDay(new Date(now.getTime() - PAYMENT_REMINDER_GRACE_HOURS * HOUR_MS)).key
  return { placed, booked: { from: zonedInstant(addDays(firstEvening, 1), '00:00'), to: zonedInstant(addDays(businessDay(now).key, 2), '00:00') } }
}
