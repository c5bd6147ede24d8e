import { describe, expect, it } from 'vitest'

import { followingDay, isRefillInterval, refillDayText } from '@/features/ordering/refillTerms'
import { firstDayFrom, jarsWithFlavors, lastDueDay, refillCycleKey, refillJarsDue, slotText } from '@/features/refills/rules'

describe('refill plan rules', () => {
  it('words a refill as its e-mail does: the day, the weekly time, the jars', () => {
    expect(refillDayText('2026-12-12')).toBe('Sat Dec 12')
    expect(slotText({ method: 'pickup', start: '10:00', end: '14:00', place: 'Eastern Market' })).toBe('Eastern Market 10–2')
    expect(slotText({ method: 'delivery', start: '17:30', end: '20:00', place: null })).toBe('delivery 5:30–8')
    expect(slotText({ method: 'pickup', start: '00:00', end: '12:00', place: null })).toBe('pickup 12–12')
    expect(jarsWithFlavors(['Mixed Berry', 'Peach Ginger', 'Mixed Berry'])).toBe('3 jars (Mixed Berry ×2, Peach Ginger)')
    expect(jarsWithFlavors(['Peach Ginger'])).toBe('1 jar (Peach Ginger)')
  })

  it('a refill is due the given days before its day; a missed day moves on by whole intervals', () => {
    expect(lastDueDay('2026-12-16', 3)).toBe('2026-12-19')
    expect(lastDueDay('2026-12-30', 3)).toBe('2027-01-02')
    expect(firstDayFrom('2026-12-19', 2, '2026-12-19')).toBe('2026-12-19')
    expect(firstDayFrom('2026-12-19', 2, '2026-12-20')).toBe('2027-01-02')
    expect(firstDayFrom('2026-12-19', 3, '2027-02-01')).toBe('2027-02-20')
  })

  it('every few weeks over the year end and the leap day of 2028, always on the plan’s weekday', () => {
    expect(followingDay('2027-12-25', 2)).toBe('2028-01-08')
    expect(followingDay('2028-02-19', 2)).toBe('2028-03-04')
    expect(followingDay('2028-02-15', 2)).toBe('2028-02-29')
    expect(firstDayFrom('2027-12-11', 4, '2028-02-20')).toBe('2028-03-04')
    expect(lastDueDay('2028-02-27', 3)).toBe('2028-03-01')
    // Across both summer-time changes the weekday holds (the days are calendar days, not 24-hour steps).
    expect(refillDayText(followingDay('2026-03-01', 2))).toBe('Sun Mar 15')
    expect(refillDayText(followingDay('2026-10-25', 2))).toBe('Sun Nov 8')
  })

  it('offers 2, 3 or 4 weeks; a cycle key names the plan by id and creation time', () => {
    expect([1, 2, 3, 4, 5, '2', 2.5].map(isRefillInterval)).toEqual([false, true, true, true, false, false, false])
    expect(refillCycleKey({ id: 7, createdAt: '2026-12-01T10:00:00.000Z' }, '2026-12-19')).toBe('7@2026-12-01T10:00:00.000Z:2026-12-19')
  })
})

describe('the jars the refill plans bring', () => {
  const twoWeekly = { flavors: 'Jar 1: mixed-berry, Jar 2: mixed-berry, Jar 3: peach-ginger', everyWeeks: 2, nextDay: '2026-12-05', plans: 3 }
  const fourWeekly = { flavors: 'pineapple-mango', everyWeeks: 4, nextDay: '2026-12-12', plans: 1 }

  it('counts each plan’s days in the period, every few weeks from its next day, its jars per flavor times the plans alike', () => {
    // Dec 5 and Dec 19 of the two-weekly plans, Dec 12 of the four-weekly one; Jan 2 and Jan 9 are after.
    const due = refillJarsDue([twoWeekly, fourWeekly], '2026-12-01', '2027-01-01')
    expect(due).toEqual({ refills: 7, jars: 19, perFlavor: new Map([['mixed-berry', 12], ['peach-ginger', 6], ['pineapple-mango', 1]]) })
  })

  it('leaves out the day the period ends on, and days before it starts', () => {
    expect(refillJarsDue([twoWeekly], '2026-12-06', '2026-12-19')).toEqual({ refills: 0, jars: 0, perFlavor: new Map() })
    expect(refillJarsDue([twoWeekly], '2026-12-06', '2026-12-20').refills).toBe(3)
  })

  it('a plan whose next day has passed (its day not made yet) counts from its following days', () => {
    expect(refillJarsDue([{ ...fourWeekly, nextDay: '2026-11-14' }], '2026-12-01', '2026-12-31')).toMatchObject({ refills: 1, jars: 1 })
  })
})

