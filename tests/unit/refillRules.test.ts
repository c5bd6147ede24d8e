import { describe, expect, it } from 'vitest'

import { isRefillInterval, refillDayText } from '@/features/ordering/refillTerms'
import { firstDayFrom, jarsWithFlavors, lastDueDay, refillCycleKey, slotText } from '@/features/refills/rules'

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

  it('offers 2, 3 or 4 weeks; a cycle key names the plan by id and creation time', () => {
    expect([1, 2, 3, 4, 5, '2', 2.5].map(isRefillInterval)).toEqual([false, true, true, true, false, false, false])
    expect(refillCycleKey({ id: 7, createdAt: '2026-12-01T10:00:00.000Z' }, '2026-12-19')).toBe('7@2026-12-01T10:00:00.000Z:2026-12-19')
  })
})
