import { describe, expect, it } from 'vitest'

import { addDays, businessDay, businessFileStamp, businessWeekdayDateTime, isDayKey, shortDayLabel, startOfDay, startOfWeek, zonedInstant } from '@/shared/time'

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

  it('counts the 23- and 25-hour days of the summer-time changes as one day each', () => {
    // Sunday Mar 8, 2026 lost an hour (02:00 → 03:00), Sunday Nov 1 gained one, as does Mar 14, 2027.
    expect(startOfDay(new Date('2026-03-09T16:00:00Z'), 1).toISOString()).toBe('2026-03-08T05:00:00.000Z')
    expect(startOfDay(new Date('2026-03-08T23:00:00Z')).toISOString()).toBe('2026-03-08T05:00:00.000Z')
    expect(startOfDay(new Date('2026-11-02T17:00:00Z'), 1).toISOString()).toBe('2026-11-01T04:00:00.000Z')
    expect(startOfDay(new Date('2026-11-02T04:30:00Z')).toISOString()).toBe('2026-11-01T04:00:00.000Z')
    expect(startOfDay(new Date('2027-03-15T16:00:00Z'), 1).toISOString()).toBe('2027-03-14T05:00:00.000Z')
    expect(startOfWeek(new Date('2026-03-10T16:00:00Z')).toISOString()).toBe('2026-03-09T04:00:00.000Z')
    expect(zonedInstant('2026-03-08', '10:00').toISOString()).toBe('2026-03-08T14:00:00.000Z')
    expect(zonedInstant('2026-11-01', '10:00').toISOString()).toBe('2026-11-01T15:00:00.000Z')
    expect([addDays('2026-03-07', 1), addDays('2026-10-31', 2), addDays('2026-12-31', 1), addDays('2028-02-28', 1), addDays('2028-02-28', 2)]).toEqual(['2026-03-08', '2026-11-02', '2027-01-01', '2028-02-29', '2028-03-01'])
  })

  it('reads the day and time in Detroit from 8 PM to midnight, when UTC is already on the next day (or year)', () => {
    expect(businessDay(new Date('2027-01-01T04:59:59Z'))).toEqual({ key: '2026-12-31', weekday: 4 })
    expect(businessDay(new Date('2027-01-01T05:00:00Z'))).toEqual({ key: '2027-01-01', weekday: 5 })
    expect(businessDay(new Date('2026-07-05T03:59:00Z')).key).toBe('2026-07-04')
    expect(businessFileStamp(new Date('2027-01-01T04:59:59Z'))).toBe('2026-12-31_23-59-59')
    expect(businessFileStamp(new Date('2026-11-01T06:30:00Z'))).toBe('2026-11-01_01-30-00')
    // A handover at 9:30 PM on Sunday in Detroit, already Monday in UTC.
    expect(businessWeekdayDateTime('2026-11-30T02:30:00.000Z').replace(/\s/g, ' ')).toBe('Sun, Nov 29, 2026, 9:30 PM')
  })
})
