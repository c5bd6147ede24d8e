import { describe, expect, it } from 'vitest'

import { orderMessageKey, orderMessageKindLabel } from '@/features/ordering/orderMessageKeys'
import { paymentReminderDue, paymentReminderMoment, paymentReminderRanges, paymentReminderSettings } from '@/features/ordering/paymentReminderRules'

const evening = paymentReminderSettings({ enabled: true })
const afterOrdering = paymentReminderSettings({ enabled: true, timing: 'afterOrdering', hoursAfter: 24 })

// Placed Wednesday Dec 2, 2026, 10:00 in Detroit (15:00 UTC, winter time); booked Saturday Dec 5, 10:00.
const placedAt = '2026-12-02T15:00:00.000Z'
const booked = { createdAt: placedAt, windowStartsAt: '2026-12-05T15:00:00.000Z' }
const byText = { createdAt: placedAt, windowStartsAt: null }

describe('payment reminder rules', () => {
  it('are off, the evening before at 18:00 and 24 hours, wherever the seller left a setting empty or out of range', () => {
    expect(paymentReminderSettings(undefined)).toEqual({ enabled: false, timing: 'eveningBefore', eveningAt: '18:00', hoursAfter: 24 })
    expect(paymentReminderSettings({ enabled: true, timing: 'soon', eveningAt: '25:00', hoursAfter: 100_000 })).toEqual({ enabled: true, timing: 'eveningBefore', eveningAt: '18:00', hoursAfter: 24 })
  })

  it('the evening before: 18:00 in Detroit on the day before the booked day (23:00 UTC in winter)', () => {
    expect(paymentReminderMoment(booked, evening)?.toISOString()).toBe('2026-12-04T23:00:00.000Z')
    expect(paymentReminderMoment(booked, { ...evening, eveningAt: '20:30' })?.toISOString()).toBe('2026-12-05T01:30:00.000Z')
  })

  it('the evening before, on the wall clock across the summer-time changes', () => {
    const bookedOn = (windowStartsAt: string) => paymentReminderMoment({ createdAt: '2026-02-20T15:00:00.000Z', windowStartsAt }, evening)?.toISOString()
    // Sunday Mar 8, 10:00 EDT: Saturday 18:00 is still EST. Monday Mar 9: Sunday 18:00 EDT.
    expect(bookedOn('2026-03-08T14:00:00.000Z')).toBe('2026-03-07T23:00:00.000Z')
    expect(bookedOn('2026-03-09T14:00:00.000Z')).toBe('2026-03-08T22:00:00.000Z')
    // Monday Nov 2, 10:00 EST: Sunday 18:00 is already EST.
    expect(bookedOn('2026-11-02T15:00:00.000Z')).toBe('2026-11-01T23:00:00.000Z')
    // A booked time at 00:30 on Jan 1 is reminded on Dec 31.
    expect(bookedOn('2027-01-01T05:30:00.000Z')).toBe('2026-12-31T23:00:00.000Z')
  })

  it('without a booked time, or placed after its evening', () => {
    expect(paymentReminderMoment(byText, evening)?.toISOString()).toBe('2026-12-03T15:00:00.000Z')
    expect(paymentReminderMoment({ ...booked, createdAt: '2026-12-05T00:00:00.000Z' }, evening)).toBeNull()
    expect(paymentReminderMoment(booked, afterOrdering)?.toISOString()).toBe('2026-12-03T15:00:00.000Z')
  })

  it('due from its moment, for a day after it', () => {
    const moment = new Date('2026-12-04T23:00:00.000Z').getTime()
    expect(paymentReminderDue(booked, evening, new Date(moment - 60_000))).toBe(false)
    expect(paymentReminderDue(booked, evening, new Date(moment))).toBe(true)
    expect(paymentReminderDue(booked, evening, new Date(moment + 24 * 3_600_000))).toBe(true)
    expect(paymentReminderDue(booked, evening, new Date(moment + 24 * 3_600_000 + 60_000))).toBe(false)
  })

  it('the round looks where due orders are: every due one falls in its ranges', () => {
    const now = new Date('2026-12-05T10:00:00.000Z')
    const { placed, booked: bookedRange } = paymentReminderRanges(evening, now)
    expect(placed).toEqual({ from: new Date('2026-12-03T10:00:00.000Z'), to: new Date('2026-12-04T10:00:00.000Z') })
    // Now is Dec 5, 5:00 in Detroit: evenings from Dec 4 (a day before) to Dec 5, for times booked Dec 5 to Dec 6.
    expect(bookedRange).toEqual({ from: new Date('2026-12-05T05:00:00.000Z'), to: new Date('2026-12-07T05:00:00.000Z') })
    expect(paymentReminderRanges(afterOrdering, now).booked).toBeNull()
  })

  it("names an order e-mail's kind from its outbox key", () => {
    expect(orderMessageKindLabel(42, orderMessageKey(42, 'paymentReminder'))).toBe('Payment reminder')
    expect(orderMessageKindLabel(42, 'order:42:confirmed')).toBe('Confirmed')
    expect(orderMessageKindLabel(42, 'order:4:confirmed')).toBeNull()
    // The day-before reminder's key names its day (one per booked day).
    expect(orderMessageKindLabel(42, orderMessageKey(42, 'reminder', '2026-12-06'))).toBe('Day-before reminder')
    expect(orderMessageKindLabel(42, 'order:42:reminder')).toBe('Day-before reminder')
    expect(orderMessageKindLabel(42, 'order:4:reminder:2026-12-06')).toBeNull()
    expect(orderMessageKindLabel(42, null)).toBeNull()
  })
})
