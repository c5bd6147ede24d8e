import { describe, expect, it } from 'vitest'

import { handoverTime, nextSteps, type OrderConfirmation } from '@/features/ordering/confirmation'

const pickup: OrderConfirmation = {
  reference: 'SM-1004',
  quantity: 3,
  jars: '3 × Mixed Berry',
  method: 'pickup',
  window: 'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market',
  address: null,
  total: 50,
  payments: [],
  statusPath: null,
  freshness: null,
}
const delivery: OrderConfirmation = { ...pickup, method: 'delivery', window: null, address: '1 Main St, Detroit 48201', total: 55 }

const PAY = 'Pay $50 and put SM-1004 in the note, so we can match your payment to your order.'
const FRIDGE = 'Keep your jars in the fridge; the gel stays fresh for about two weeks.'

describe("an order's next steps", () => {
  it('a new order: we confirm it, the customer pays, the jars go in the fridge', () => {
    expect(nextSteps(pickup)).toEqual([`We'll text or e-mail you to confirm your order. Pick up your jars on ${pickup.window}.`, PAY, FRIDGE])
    expect(nextSteps(delivery, { status: 'new' })[0]).toBe("We'll text or e-mail you to confirm your order and agree on a delivery time.")
  })

  it('a confirmed order no longer waits for our text', () => {
    expect(nextSteps(pickup, { status: 'confirmed' })).toEqual([`Pick up your jars on ${pickup.window}.`, PAY, FRIDGE])
    expect(nextSteps(delivery, { status: 'confirmed' })[0]).toBe("We'll text or e-mail you to agree on a delivery time.")
  })

  it('a paid order is not asked to pay again', () => {
    expect(nextSteps(pickup, { status: 'new', paid: true }).join(' ')).not.toContain('Pay ')
    expect(nextSteps(pickup, { status: 'ready', paid: true })).toEqual([`Pick up your jars on ${pickup.window}.`, FRIDGE])
  })

  it('a delivery on its way, or a completed order, has only what is left to do', () => {
    expect(nextSteps(delivery, { status: 'ready', paid: true })).toEqual([FRIDGE])
    expect(nextSteps(pickup, { status: 'completed', paid: true })).toEqual([FRIDGE])
    // Completed but not paid yet: the payment is still asked for.
    expect(nextSteps(pickup, { status: 'completed' })).toEqual([PAY, FRIDGE])
  })

  it('a cancelled order has no next step', () => {
    expect(nextSteps(pickup, { status: 'cancelled' })).toEqual([])
    expect(nextSteps(pickup, { status: 'cancelled', paid: true })).toEqual([])
  })
})

describe('when the jars change hands', () => {
  it('is the booked window whatever the status', () => {
    expect(handoverTime(pickup)).toBe(pickup.window)
    expect(handoverTime(pickup, { status: 'completed' })).toBe(pickup.window)
  })

  it('for a time arranged by text, follows the order', () => {
    expect(handoverTime(delivery)).toBe("We'll agree on a time by text.")
    expect(handoverTime(delivery, { status: 'ready' })).toBe('The time we agreed by text.')
    expect(handoverTime(delivery, { status: 'cancelled' })).toBe('No time set.')
  })
})
