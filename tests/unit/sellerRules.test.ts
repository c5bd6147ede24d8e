import { describe, expect, it } from 'vitest'

import { dayFromToday, daysAgo, paidOnRefusal } from '@/features/seller/rules'

describe("the Owed list's days in words", () => {
  it('says how long ago a day was, in calendar days, across a month and a summer-time change', () => {
    expect(['2026-12-10', '2026-12-09', '2026-12-05', '2026-11-30'].map((day) => daysAgo(day, '2026-12-10'))).toEqual(['today', 'yesterday', '5 days ago', '10 days ago'])
    expect(daysAgo('2026-03-07', '2026-03-09')).toBe('2 days ago')
  })

  it('says when a handover is, or was', () => {
    expect(['2026-12-10', '2026-12-11', '2026-12-13', '2026-12-09', '2026-12-07'].map((day) => dayFromToday(day, '2026-12-10'))).toEqual(['today', 'tomorrow', 'in 3 days', 'yesterday', '3 days ago'])
  })
})

describe('Mark paid’s day', () => {
  it('is today or earlier, and not before the day the order was placed', () => {
    expect(paidOnRefusal('2026-12-10', '2026-12-10', '2026-12-01')).toBeNull()
    expect(paidOnRefusal('2026-12-01', '2026-12-10', '2026-12-01')).toBeNull()
    expect(paidOnRefusal('2026-12-11', '2026-12-10', '2026-12-01')).toBe('future')
    expect(paidOnRefusal('2026-11-30', '2026-12-10', '2026-12-01')).toBe('before-order')
  })
})
