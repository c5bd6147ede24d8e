import { describe, expect, it } from 'vitest'

import { startOfDay, startOfWeek } from '@/shared/time'

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
})
