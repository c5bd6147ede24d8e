import 'server-only'

import type { Payload, Where } from 'payload'

import type { JarsLeft } from '@/features/ordering/catalog'
import { openBatchNow } from '@/features/ordering/shop'
import { startOfWeek } from '@/shared/time'

import { salesByWeek } from './aggregates/salesByWeek'
import { COMPLETED_OWED_WHERE, OWED_WHERE, unpaidTotals } from './aggregates/unpaidTotals'
import { heldForLine } from './waitingLine'

export type DashboardFigures = {
  ordersWaiting: number
  ordersThisWeek: number
  revenueThisWeek: number
  jarsThisWeek: number
  subscribersThisWeek: number
  reviewsWaiting: number
  messagesWaiting: number
  unpaid: { orders: number; total: number }
  completedUnpaid: { orders: number; total: number }
  /** The open batch's jars left to sell; null when no limit is set. */
  jarsLeft: JarsLeft
  /** The open batch's code and id, when there is one. */
  batch: { id: number | string; code: string } | null
  /** Jars held for places in the waiting line now (taken from the batch, not for sale until claimed or passed on). */
  heldForLine: number
  weekStart: string
}

/** A cancelled order is no sale: it counts in no figure or chart, and owes nothing. */
export const NOT_CANCELLED: Where = { status: { not_equals: 'cancelled' } }


/** What waits for the seller: new orders, money not yet received, reviews to approve, messages not yet handled. */
export const WAITING = {
  orders: { status: { equals: 'new' } },
  unpaid: OWED_WHERE,
  completedUnpaid: COMPLETED_OWED_WHERE,
  reviews: { status: { equals: 'pending' } },
  messages: { handled: { equals: false } },
} satisfies Record<string, Where>

/** The filters behind each figure, shared by the counts and the links to the filtered lists. */
export function dashboardFilters(weekStart: string) {
  const thisWeek: Where = { createdAt: { greater_than_equal: weekStart } }
  return {
    ordersWaiting: WAITING.orders,
    unpaid: WAITING.unpaid,
    completedUnpaid: WAITING.completedUnpaid,
    ordersThisWeek: { and: [thisWeek, NOT_CANCELLED] } satisfies Where,
    subscribersThisWeek: thisWeek,
    reviewsWaiting: WAITING.reviews,
    messagesWaiting: WAITING.messages,
  }
}

/**
 * What the seller sees first in the admin: what is waiting, and how this week is going. Counts
 * and sums by the database; the filters above are the same orders, for the cards' links.
 */
export async function dashboardFigures(payload: Payload, now = new Date()): Promise<DashboardFigures> {
  const weekStart = startOfWeek(now)
  const filters = dashboardFilters(weekStart.toISOString())
  const [ordersWaiting, [thisWeek], subscribersThisWeek, reviewsWaiting, messagesWaiting, left, owed, heldJars] = await Promise.all([
    payload.count({ collection: 'orders', where: filters.ordersWaiting }),
    salesByWeek(payload, [weekStart]),
    payload.count({ collection: 'email-captures', where: filters.subscribersThisWeek }),
    payload.count({ collection: 'reviews', where: filters.reviewsWaiting }),
    payload.count({ collection: 'contact-messages', where: filters.messagesWaiting }),
    openBatchNow(payload, now),
    unpaidTotals(payload),
    heldForLine(payload),
  ])
  return {
    ordersWaiting: ordersWaiting.totalDocs,
    ordersThisWeek: thisWeek.orders,
    revenueThisWeek: thisWeek.revenue,
    jarsThisWeek: thisWeek.jars,
    subscribersThisWeek: subscribersThisWeek.totalDocs,
    reviewsWaiting: reviewsWaiting.totalDocs,
    messagesWaiting: messagesWaiting.totalDocs,
    jarsLeft: left.jarsLeft,
    batch: left.batch ? { id: left.batch.id, code: left.batch.code ?? '' } : null,
    heldForLine: heldJars,
    ...owed,
    weekStart: weekStart.toISOString(),
  }
}
