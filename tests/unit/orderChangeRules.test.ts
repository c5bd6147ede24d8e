import { describe, expect, it } from 'vitest'

import { changeHeadline, changeSettingsFrom, changeWindow, dueFields, repriceOrder, settlementAfter } from '@/features/ordering/changes/rules'
import { DEFAULT_PRICES } from '@/features/ordering/pricing'

const on = { enabled: true, hoursBefore: 24 }
const saturday10 = '2026-12-05T15:00:00.000Z'
const booked = { status: 'new' as const, windowStartsAt: saturday10, heldByRecall: null }

describe('until when a customer may change their order', () => {
  it('is off unless the seller turned it on, and the cutoff defaults to the notice needed for new orders', () => {
    expect(changeSettingsFrom(undefined, 24)).toEqual({ enabled: false, hoursBefore: 24 })
    expect(changeSettingsFrom({ enabled: true, hoursBefore: null }, 36)).toEqual({ enabled: true, hoursBefore: 36 })
    expect(changeSettingsFrom({ enabled: true, hoursBefore: 0 }, 36)).toEqual({ enabled: true, hoursBefore: 0 })
    expect(changeWindow(booked, { enabled: false, hoursBefore: 24 }, new Date('2026-12-01T00:00:00Z'))).toEqual({ open: false, reason: 'off' })
  })

  it('a booked time: open until the cutoff before it, to the millisecond', () => {
    const cutoff = new Date('2026-12-04T15:00:00.000Z')
    expect(changeWindow(booked, on, new Date(cutoff.getTime() - 1))).toEqual({ open: true, until: cutoff })
    expect(changeWindow(booked, on, cutoff)).toEqual({ open: false, reason: 'too-late' })
  })

  it('no time booked: open until the seller confirms; Ready is too late; completed, cancelled or held by a recall is closed', () => {
    const now = new Date('2026-12-01T00:00:00Z')
    expect(changeWindow({ ...booked, windowStartsAt: null }, on, now)).toEqual({ open: true, until: null })
    expect(changeWindow({ ...booked, windowStartsAt: null, status: 'confirmed' }, on, now)).toEqual({ open: false, reason: 'too-late' })
    expect(changeWindow({ ...booked, status: 'confirmed' }, on, now)).toMatchObject({ open: true })
    expect(changeWindow({ ...booked, status: 'ready' }, on, now)).toEqual({ open: false, reason: 'too-late' })
    expect(changeWindow({ ...booked, status: 'completed' }, on, now)).toEqual({ open: false, reason: 'closed' })
    expect(changeWindow({ ...booked, status: 'cancelled' }, on, now)).toEqual({ open: false, reason: 'closed' })
    expect(changeWindow({ ...booked, heldByRecall: 3 }, on, now)).toEqual({ open: false, reason: 'closed' })
  })
})

describe('a changed order’s price and what is left to settle', () => {
  const prices = { ...DEFAULT_PRICES, threeJarPrice: 55 }
  it('keeps the price the package was bought at unless the package changes; the discount takes its share once', () => {
    const bought = { quantity: 3, originalPrice: 50, discountCode: null }
    expect(repriceOrder(bought, { quantity: 3, deliveryMethod: 'delivery' }, prices)).toEqual({ originalPrice: 50, deliveryFee: 5, discountAmount: 0, totalPrice: 55 })
    expect(repriceOrder(bought, { quantity: 6, deliveryMethod: 'pickup' }, prices)).toEqual({ originalPrice: 100, deliveryFee: 0, discountAmount: 0, totalPrice: 100 })
    expect(repriceOrder({ ...bought, discountCode: 'HC25X' }, { quantity: 1, deliveryMethod: 'pickup' }, prices)).toEqual({ originalPrice: 20, deliveryFee: 0, discountAmount: 5, totalPrice: 15 })
  })

  it('unpaid: the new total; paid: the difference either way, counting what was settled before', () => {
    expect(settlementAfter({ paymentStatus: 'unpaid', totalPrice: 50, refundDue: null, extraDue: null }, 55)).toEqual({ kind: 'pay', amount: 55 })
    expect(settlementAfter({ paymentStatus: 'unpaid', totalPrice: 50, refundDue: null, extraDue: null }, 0)).toEqual({ kind: 'none' })
    expect(settlementAfter({ paymentStatus: 'paid', totalPrice: 50, refundDue: null, extraDue: null }, 20)).toEqual({ kind: 'refund', amount: 30 })
    // Paid $50, changed to $20 ($30 to refund), then to $100: $50 more to pay, nothing to refund.
    expect(settlementAfter({ paymentStatus: 'paid', totalPrice: 20, refundDue: 30, extraDue: null }, 100)).toEqual({ kind: 'extra', amount: 50 })
    expect(settlementAfter({ paymentStatus: 'paid', totalPrice: 100, refundDue: null, extraDue: 50 }, 50)).toEqual({ kind: 'none' })
    expect(dueFields({ paymentStatus: 'paid' }, { kind: 'refund', amount: 30 })).toEqual({ refundDue: 30, extraDue: null })
    expect(dueFields({ paymentStatus: 'unpaid' }, { kind: 'pay', amount: 30 })).toEqual({})
  })

  it('words the seller’s notification: "SM-1042 moved to Sun 10:00"', () => {
    const after = { deliveryMethod: 'pickup' as const, windowStartsAt: '2026-12-06T15:00:00.000Z', quantity: 3, city: 'detroit' as const }
    expect(changeHeadline('time', 'SM-1042', after, false)).toBe('SM-1042 moved to Sun 10:00')
    expect(changeHeadline('time', 'SM-1042', { ...after, deliveryMethod: 'delivery' }, true)).toBe('SM-1042 is now a delivery to Detroit, Sun 10:00')
    expect(changeHeadline('jars', 'SM-1042', { ...after, quantity: 6 }, false)).toBe('SM-1042 changed its jars: now 6 jars')
    expect(changeHeadline('cancel', 'SM-1042', after, false)).toBe('SM-1042 cancelled by the customer')
  })
})
