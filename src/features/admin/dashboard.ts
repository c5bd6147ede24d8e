import type { Payload, Where } from 'payload'

export const BUSINESS_TIME_ZONE = 'America/Detroit'

type LocalParts = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  weekday: string
}

function localParts(instant: Date, timeZone: string): LocalParts {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  const number = (key: string) => Number(parts[key])
  return {
    year: number('year'),
    month: number('month'),
    day: number('day'),
    hour: number('hour'),
    minute: number('minute'),
    second: number('second'),
    weekday: parts.weekday,
  }
}

/** How far the time zone's wall clock is ahead of UTC at that instant (negative in Detroit). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const local = localParts(instant, timeZone)
  const localAsUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second)
  return localAsUtc - Math.floor(instant.getTime() / 1000) * 1000
}

/**
 * Midnight in the seller's time zone, `daysBack` calendar days before today, as a UTC instant.
 * The offset is taken at that midnight itself, so a range across a summer-time change is right.
 */
export function startOfDay(now: Date, daysBack = 0, timeZone = BUSINESS_TIME_ZONE): Date {
  const today = localParts(now, timeZone)
  const midnightAsUtc = Date.UTC(today.year, today.month - 1, today.day - daysBack)
  const firstGuess = midnightAsUtc - zoneOffsetMs(new Date(midnightAsUtc), timeZone)
  return new Date(midnightAsUtc - zoneOffsetMs(new Date(firstGuess), timeZone))
}

/** Monday 00:00 of the current week in the seller's time zone, as a UTC instant. */
export function startOfWeek(now: Date, timeZone = BUSINESS_TIME_ZONE): Date {
  const weekday = localParts(now, timeZone).weekday
  const daysSinceMonday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday)
  return startOfDay(now, daysSinceMonday, timeZone)
}

export type DashboardFigures = {
  ordersWaiting: number
  ordersThisWeek: number
  revenueThisWeek: number
  subscribersThisWeek: number
  reviewsWaiting: number
  messagesWaiting: number
  weekStart: string
}

/** What waits for the seller: new orders, reviews to approve, messages not yet handled. */
export const WAITING = {
  orders: { status: { equals: 'new' } },
  reviews: { status: { equals: 'pending' } },
  messages: { handled: { equals: false } },
} satisfies Record<string, Where>

/** The filters behind each figure, shared by the counts and the links to the filtered lists. */
export function dashboardFilters(weekStart: string) {
  const thisWeek: Where = { createdAt: { greater_than_equal: weekStart } }
  return {
    ordersWaiting: WAITING.orders,
    ordersThisWeek: { and: [thisWeek, { status: { not_equals: 'cancelled' } }] } satisfies Where,
    subscribersThisWeek: thisWeek,
    reviewsWaiting: WAITING.reviews,
    messagesWaiting: WAITING.messages,
  }
}

/** What the seller sees first in the admin: what is waiting, and how this week is going. */
export async function dashboardFigures(payload: Payload, now = new Date()): Promise<DashboardFigures> {
  const weekStart = startOfWeek(now).toISOString()
  const filters = dashboardFilters(weekStart)
  const [ordersWaiting, weekOrders, subscribersThisWeek, reviewsWaiting, messagesWaiting] = await Promise.all([
    payload.count({ collection: 'orders', where: filters.ordersWaiting }),
    payload.find({ collection: 'orders', where: filters.ordersThisWeek, select: { totalPrice: true }, pagination: false, depth: 0 }),
    payload.count({ collection: 'email-captures', where: filters.subscribersThisWeek }),
    payload.count({ collection: 'reviews', where: filters.reviewsWaiting }),
    payload.count({ collection: 'contact-messages', where: filters.messagesWaiting }),
  ])
  return {
    ordersWaiting: ordersWaiting.totalDocs,
    ordersThisWeek: weekOrders.docs.length,
    revenueThisWeek: weekOrders.docs.reduce((sum, order) => sum + (order.totalPrice ?? 0), 0),
    subscribersThisWeek: subscribersThisWeek.totalDocs,
    reviewsWaiting: reviewsWaiting.totalDocs,
    messagesWaiting: messagesWaiting.totalDocs,
    weekStart,
  }
}
