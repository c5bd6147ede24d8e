import { describe, expect, it } from 'vitest'

import { isDayKey, shortDayLabel, startOfDay, startOfWeek } from '@/shared/time'

describe('days and weeks in the seller’s time zone', () => {
  it('starts a day at the local midnight even just after it, in UTC terms the day before', () => {
    // 03:00 UTC on the 19th is still the 18th, 22:00, in Detroit.
    expect(startOfDay(new Date('2026-11-19T03:00:00Z')).toISOString()).toBe('2026-11-18T05:00:00.000Z')
  })

  it('starts the week on Monday at midnight in Detroit', () => {
    // Wednesday 2026-11-18 15:00 UTC is 10:00 in Detroit (EST, UTC−5): the week began Monday 05:00 UTC.
    expect(startOfWeek(new Date('2026-11-18T15:00:00Z')).toISOString()).toBe('2026-11-16T05:00:00.000Z')
    // Monday 03:00 UTC is still Sunday evening in Detroit: the week began the Monday before.
    expect(startOfWeek(new Date('2026-11-16T03:00:00Z')).toISOString()).toBe('2026-11-09T05:00:00.000Z')
    // Summer time (EDT, UTC−4).
    expect(startOfWeek(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-06-29T04:00:00.000Z')
  })

  it('tells a real calendar day from a day-shaped string, without throwing on one out of range', () => {
    expect(isDayKey('2026-12-05')).toBe(true)
    expect(isDayKey('2028-02-29')).toBe(true)
    expect(isDayKey('2026-02-30')).toBe(false)
    expect(isDayKey('2026-13-45')).toBe(false)
    expect(isDayKey('2026-12-5')).toBe(false)
    expect(isDayKey(20261205)).toBe(false)
    // Far from any order: a sheet adding a day to 9999-12-31 threw; a year below 100 read as 19xx.
    expect(isDayKey('9999-12-31')).toBe(false)
    expect(isDayKey('0000-01-01')).toBe(false)
    expect(isDayKey('1970-01-01')).toBe(true)
    expect(isDayKey('9998-12-31')).toBe(true)
  })

  it('writes a calendar day short, whatever the time zone', () => {
    expect(shortDayLabel('2026-12-05')).toBe('Dec 5, 2026')
  })
})
