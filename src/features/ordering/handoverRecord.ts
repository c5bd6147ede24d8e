import type { Order } from '@/payload-types'
import { businessDay, businessTime, durationText, shortDayLabel } from '@/shared/time'

/**
 * The delivery day's record of an order's handover (written by the daily screen's Leaving, Handed
 * over, Not home and Collected, and the missed-pickup round), in the words every place that shows
 * it uses: the order's admin page, the recall list and its CSV, the phone's recall record.
 */

export type HandoverFields = Pick<Order, 'deliveryMethod' | 'windowStartsAt' | 'leftFridgeAt' | 'handedOverAt' | 'notHomeAt' | 'missedPickupAt'>

const MINUTE_MS = 60_000

/**
 * A moment of the record: the time alone on the order's booked day ('2:41 PM'), with its day
 * otherwise ('Dec 6, 4:12 PM'), as a pickup collected the day after its time.
 */
export function handoverMoment(iso: string, bookedAt?: string | null): string {
  const day = businessDay(new Date(iso)).key
  return bookedAt && businessDay(new Date(bookedAt)).key === day ? businessTime(iso) : `${shortDayLabel(day).replace(/, \d{4}$/, '')}, ${businessTime(iso)}`
}

/** Whole minutes between two moments, as the record says how long jars were out: '36 min', '2 h 5 min'. */
export const minutesBetween = (fromIso: string, toIso: string): string => durationText((Date.parse(toIso) - Date.parse(fromIso)) / MINUTE_MS)

/**
 * Each recorded step in order: 'Out of the fridge 2:05 PM', 'Handed over 2:41 PM (36 min)' (for a
 * pickup 'Collected 4:12 PM'), 'Not home 2:30 PM', 'Missed pickup e-mailed'.
 * Empty when nothing was recorded (Delivery day off, or the order not handed over yet).
 */
export function handoverSteps(order: HandoverFields): string[] {
  const at = (iso: string) => handoverMoment(iso, order.windowStartsAt)
  const steps: string[] = []
  if (order.leftFridgeAt) steps.push(`Out of the fridge ${at(order.leftFridgeAt)}`)
  if (order.missedPickupAt) steps.push('Missed pickup e-mailed')
  if (order.notHomeAt) steps.push(`Not home ${at(order.notHomeAt)}`)
  if (order.handedOverAt) {
    const took = order.leftFridgeAt ? ` (${minutesBetween(order.leftFridgeAt, order.handedOverAt)})` : ''
    steps.push(`${order.deliveryMethod === 'pickup' ? 'Collected' : 'Handed over'} ${at(order.handedOverAt)}${took}`)
  }
  return steps
}
