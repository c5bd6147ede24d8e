import { describe, expect, it } from 'vitest'

import { FEW_JARS_LEFT, fitsInBatch, jarsShown, stockShownChanged } from '@/features/ordering/catalog'
import { PACKAGE_QUANTITIES } from '@/features/ordering/pricing'

const stock = (jarsAvailable: number | null, extra: Record<string, unknown> = {}) => ({ id: 1, jarsAvailable, soldOutMessage: 'Back soon!', updatedAt: new Date().toISOString(), ...extra })

describe('what the pages show of this batch', () => {
  it('is the count at FEW_JARS_LEFT or fewer, "many" above, and no limit as no limit', () => {
    expect(jarsShown(null)).toBeNull()
    expect(jarsShown(0)).toBe(0)
    expect(jarsShown(FEW_JARS_LEFT)).toBe(FEW_JARS_LEFT)
    expect(jarsShown(FEW_JARS_LEFT + 1)).toBe(jarsShown(500))
  })

  it('decides every package the same as the count itself', () => {
    for (let left = 0; left <= 60; left++) {
      for (const quantity of PACKAGE_QUANTITIES) expect(fitsInBatch(quantity, jarsShown(left))).toBe(fitsInBatch(quantity, left))
    }
  })
})

describe('whether a change of this batch expires the pages', () => {
  it('does not for an order that leaves many jars (a batch opening: 100 → 99)', () => {
    expect(stockShownChanged(stock(100), stock(99))).toBe(false)
    expect(stockShownChanged(stock(FEW_JARS_LEFT + 2), stock(FEW_JARS_LEFT + 1))).toBe(false)
  })

  it('does once the pages show the count, at sold out, and for the limit set or removed', () => {
    expect(stockShownChanged(stock(FEW_JARS_LEFT + 1), stock(FEW_JARS_LEFT))).toBe(true)
    expect(stockShownChanged(stock(3), stock(2))).toBe(true)
    expect(stockShownChanged(stock(1), stock(0))).toBe(true)
    expect(stockShownChanged(stock(null), stock(100))).toBe(true)
    expect(stockShownChanged(stock(100), stock(null))).toBe(true)
  })

  it('does for any other field, whatever the order of the keys, and for a first save', () => {
    expect(stockShownChanged(stock(100), stock(99, { soldOutMessage: 'All gone until Friday.' }))).toBe(true)
    const { jarsAvailable, ...rest } = stock(50)
    expect(stockShownChanged({ ...rest, jarsAvailable }, { jarsAvailable: 49, ...rest })).toBe(false)
    expect(stockShownChanged({}, stock(100))).toBe(true)
  })
})
