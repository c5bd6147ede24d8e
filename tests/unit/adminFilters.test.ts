import { describe, expect, it } from 'vitest'

import { contactMessageQuickFilters, orderQuickFilters, reviewQuickFilters, subscriberQuickFilters } from '@/features/admin/adminFilters'

// Wednesday 2026-11-18 15:00 UTC is 10:00 in Detroit (EST, UTC−5).
const now = new Date('2026-11-18T15:00:00Z')
const since = (filters: ReturnType<typeof orderQuickFilters>, label: string) =>
  (filters.find((filter) => filter.label === label)?.where as { createdAt: { greater_than_equal: string } }).createdAt.greater_than_equal

describe('the admin quick filters', () => {
  it('offers every order status and the seller’s days, counted from midnight in Detroit', () => {
    const filters = orderQuickFilters(now)
    expect(filters.map((filter) => filter.label)).toEqual(['All', 'New', 'Confirmed', 'Ready', 'Completed', 'Cancelled', 'Unpaid', 'Today', 'This week', 'Last 30 days'])
    expect(filters[0].where).toBeUndefined()
    expect(filters.find((filter) => filter.label === 'Cancelled')?.where).toEqual({ status: { equals: 'cancelled' } })
    expect(since(filters, 'Today')).toBe('2026-11-18T05:00:00.000Z')
    expect(since(filters, 'This week')).toBe('2026-11-16T05:00:00.000Z')
    // 30 days back is before the end of summer time: midnight then was 04:00 UTC.
    expect(since(filters, 'Last 30 days')).toBe('2026-10-19T04:00:00.000Z')
  })

  it('filters reviews by each moderation status', () => {
    expect(reviewQuickFilters().map((filter) => [filter.label, filter.where])).toEqual([
      ['All', undefined],
      ['Pending approval', { status: { equals: 'pending' } }],
      ['Published', { status: { equals: 'published' } }],
      ['Hidden', { status: { equals: 'hidden' } }],
    ])
  })

  it('separates messages still to handle, and subscribers by their code', () => {
    expect(contactMessageQuickFilters().map((filter) => [filter.label, filter.where])).toEqual([
      ['All', undefined],
      ['Waiting', { handled: { equals: false } }],
      ['Handled', { handled: { equals: true } }],
    ])
    const subscribers = subscriberQuickFilters(now)
    expect(subscribers.map((filter) => filter.label)).toEqual(['All', 'Code unused', 'Code used', 'Joined this week'])
    expect(since(subscribers, 'Joined this week')).toBe('2026-11-16T05:00:00.000Z')
  })
})
