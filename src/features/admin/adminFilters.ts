import type { Where } from 'payload'
import { stringify } from 'qs-esm'

import { ORDER_STATUSES } from '@/features/ordering/options'
import { REFILL_PLAN_STATUSES } from '@/features/refills/rules'
import { REVIEW_STATUSES } from '@/features/reviews/rules'
import { startOfDay, startOfWeek } from '@/shared/time'

import { WAITING } from './dashboard'

/** An admin list, filtered: the links of the dashboard cards and of the quick filters. */
export const adminListUrl = (collection: string, where?: Where) => `/admin/collections/${collection}${where ? `?${stringify({ where })}` : ''}`

/** A one-tap filter above an admin list: the seller's everyday questions, without the filter builder. */
export type QuickFilter = { label: string; where?: Where }

const since = (instant: Date): Where => ({ createdAt: { greater_than_equal: instant.toISOString() } })

export function orderQuickFilters(now = new Date()): QuickFilter[] {
  return [
    { label: 'All' },
    ...ORDER_STATUSES.map((status) => ({ label: status.label, where: { status: { equals: status.value } } })),
    { label: 'Unpaid', where: WAITING.unpaid },
    { label: 'Today', where: since(startOfDay(now)) },
    { label: 'This week', where: since(startOfWeek(now)) },
    { label: 'Last 30 days', where: since(startOfDay(now, 30)) },
  ]
}

export function reviewQuickFilters(): QuickFilter[] {
  return [
    { label: 'All' },
    ...REVIEW_STATUSES.map((status) => ({ label: status.label, where: { status: { equals: status.value } } })),
  ]
}

export function contactMessageQuickFilters(): QuickFilter[] {
  return [
    { label: 'All' },
    { label: 'Waiting', where: WAITING.messages },
    { label: 'Handled', where: { handled: { equals: true } } },
  ]
}

export function subscriberQuickFilters(now = new Date()): QuickFilter[] {
  return [
    { label: 'All' },
    { label: 'Code unused', where: { discount_used: { equals: false } } },
    { label: 'Code used', where: { discount_used: { equals: true } } },
    { label: 'Joined this week', where: since(startOfWeek(now)) },
  ]
}

export function refillPlanQuickFilters(): QuickFilter[] {
  return [
    { label: 'All' },
    ...REFILL_PLAN_STATUSES.map((status) => ({ label: status.label, where: { status: { equals: status.value } } })),
    { label: 'Could not make', where: { and: [{ status: { equals: 'active' } }, { problem: { exists: true } }] } },
  ]
}

/** The orders the refill plans made. */
export const REFILL_ORDERS: Where = { source: { equals: 'refill-plan' } }
