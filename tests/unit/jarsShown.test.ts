import { describe, expect, it } from 'vitest'

import { batchShownChanged } from '@/features/ordering/batches'
import { FEW_JARS_LEFT, fitsInBatch, jarsShown } from '@/features/ordering/catalog'
import { PACKAGE_QUANTITIES } from '@/features/ordering/pricing'

const stock = (jarsLeft: number | null, extra: Record<string, unknown> = {}) => ({ id: 1, code: 'B-1205', jarsLeft, flavors: [], updatedAt: new Date().toISOString(), ...extra })
const perFlavor = (berry: number, peach: number) => stock(null, { flavors: [{ id: 'a', flavor: 1, made: 50, left: berry }, { id: 'b', flavor: 2, made: 50, left: peach }] })

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

describe('whether a change of a batch expires the pages', () => {
  it('does not for an order that leaves many jars (a batch opening: 100 → 99)', () => {
    expect(batchShownChanged(stock(100), stock(99))).toBe(false)
    expect(batchShownChanged(stock(FEW_JARS_LEFT + 2), stock(FEW_JARS_LEFT + 1))).toBe(false)
  })

  it('does once the pages show the count, at sold out, and for the limit set or removed', () => {
    expect(batchShownChanged(stock(FEW_JARS_LEFT + 1), stock(FEW_JARS_LEFT))).toBe(true)
    expect(batchShownChanged(stock(3), stock(2))).toBe(true)
    expect(batchShownChanged(stock(1), stock(0))).toBe(true)
    expect(batchShownChanged(stock(null), stock(100))).toBe(true)
    expect(batchShownChanged(stock(100), stock(null))).toBe(true)
  })

  it('does for any other field, whatever the order of the keys, and for a first save', () => {
    expect(batchShownChanged(stock(100), stock(99, { closesAt: '2026-12-12T14:00:00.000Z' }))).toBe(true)
    const { jarsLeft, ...rest } = stock(50)
    expect(batchShownChanged({ ...rest, jarsLeft }, { jarsLeft: 49, ...rest })).toBe(false)
    expect(batchShownChanged({}, stock(100))).toBe(true)
  })
})

describe('whether a change of a batch counted per flavor expires the pages', () => {
  it('does not while each flavor keeps many jars, and does once one shows its count or sells out', () => {
    expect(batchShownChanged(perFlavor(40, 40), perFlavor(37, 40))).toBe(false)
    expect(batchShownChanged(perFlavor(40, FEW_JARS_LEFT + 1), perFlavor(40, FEW_JARS_LEFT))).toBe(true)
    expect(batchShownChanged(perFlavor(40, 1), perFlavor(40, 0))).toBe(true)
  })
})
