import { describe, expect, it } from 'vitest'

import { handoverSteps, minutesBetween } from '@/features/ordering/handoverRecord'

// Saturday, Dec 5, 2026 in Detroit (UTC−5): 2:05 PM is 19:05 UTC.
const booked = '2026-12-05T19:00:00.000Z'
const record = { deliveryMethod: 'delivery' as const, windowStartsAt: booked, leftFridgeAt: null, handedOverAt: null, notHomeAt: null, missedPickupAt: null }

describe('the handover record', () => {
  it('says nothing before anything was recorded', () => {
    expect(handoverSteps(record)).toEqual([])
  })

  it('out of the fridge, then handed over, with how long the jars were out (times on the seller’s clock)', () => {
    expect(handoverSteps({ ...record, leftFridgeAt: '2026-12-05T19:05:00.000Z', handedOverAt: '2026-12-05T19:41:00.000Z' })).toEqual(['Out of the fridge 2:05 PM', 'Handed over 2:41 PM (36 min)'])
    expect(handoverSteps({ ...record, leftFridgeAt: '2026-12-05T19:05:00.000Z', notHomeAt: '2026-12-05T19:30:00.000Z' })).toEqual(['Out of the fridge 2:05 PM', 'Not home 2:30 PM'])
  })

  it('a pickup is Collected; a missed one says it was e-mailed, and a later day is named', () => {
    expect(handoverSteps({ ...record, deliveryMethod: 'pickup', handedOverAt: '2026-12-05T21:12:00.000Z' })).toEqual(['Collected 4:12 PM'])
    expect(handoverSteps({ ...record, deliveryMethod: 'pickup', missedPickupAt: '2026-12-05T23:01:00.000Z', handedOverAt: '2026-12-06T15:00:00.000Z' })).toEqual(['Missed pickup e-mailed', 'Collected Dec 6, 10:00 AM'])
  })

  it('counts minutes and hours', () => {
    expect(minutesBetween('2026-12-05T19:05:00.000Z', '2026-12-05T19:05:29.000Z')).toBe('0 min')
    expect(minutesBetween('2026-12-05T19:05:00.000Z', '2026-12-05T21:10:00.000Z')).toBe('2 h 5 min')
    expect(minutesBetween('2026-12-05T19:05:00.000Z', '2026-12-05T21:05:00.000Z')).toBe('2 h')
  })
})
