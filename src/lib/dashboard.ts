import type { Payload, Where } from 'payload'

export const BUSINESS_TIME_ZONE = 'America/Detroit'

/** Monday 00:00 of the current week in the seller's time zone, as a UTC instant. */
export function startOfWeek(now: Date, timeZone = BUSINESS_TIME_ZONE): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  )
  const localAsUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second))
  const offsetMs = localAsUtc - Math.floor(now.getTime() / 1000) * 1000
  const daysSinceMonday = (['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday) + 7) % 7
  const mondayLocalMidnight = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) - daysSinceMonday)
  return new Date(mondayLocalMidnight - offsetMs)
}

export type DashboardFigures = {
  ordersWaiting: number
  ordersThisWeek: number
  revenueThisWeek: number
  subscribersThisWeek: number
  reviewsWaiting: number
  weekStart: string
}

/** The filters behind each figure, shared by the counts and the links to the filtered lists. */
export function dashboardFilters(weekStart: string) {
  const thisWeek: Where = { createdAt: { greater_than_equal: weekStart } }
  return {
    ordersWaiting: { status: { equals: 'new' } } satisfies Where,
    ordersThisWeek: { and: [thisWeek, { status: { not_equals: 'cancelled' } }] } satisfies Where,
    subscribersThisWeek: thisWeek,
    reviewsWaiting: { status: { equals: 'pending' } } satisfies Where,
  }
}

/** What the seller sees first in the admin: what is waiting, and how this week is going. */
export async function dashboardFigures(payload: Payload, now = new Date()): Promise<DashboardFigures> {
  const weekStart = startOfWeek(now).toISOString()
  const filters = dashboardFilters(weekStart)
  const [ordersWaiting, weekOrders, subscribersThisWeek, reviewsWaiting] = await Promise.all([
    payload.count({ collection: 'orders', where: filters.ordersWaiting }),
    payload.find({ collection: 'orders', where: filters.ordersThisWeek, select: { totalPrice: true }, pagination: false, depth: 0 }),
    payload.count({ collection: 'email-captures', where: filters.subscribersThisWeek }),
    payload.count({ collection: 'reviews', where: filters.reviewsWaiting }),
  ])
  return {
    ordersWaiting: ordersWaiting.totalDocs,
    ordersThisWeek: weekOrders.docs.length,
    revenueThisWeek: weekOrders.docs.reduce((sum, order) => sum + (order.totalPrice ?? 0), 0),
    subscribersThisWeek: subscribersThisWeek.totalDocs,
    reviewsWaiting: reviewsWaiting.totalDocs,
    weekStart,
  }
}
