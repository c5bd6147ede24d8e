import { describe, expect, it } from 'vitest'

import { jarsCameFree } from '@/features/ordering/batches'
import { offersFor, ordinal } from '@/features/ordering/waitingLine/rules'

const place = (id: number, flavor: string | null, jarsWanted: number) => ({ id, flavor, jarsWanted })
const perFlavor = (left: Record<string, number>) => ({ total: Object.values(left).reduce((sum, n) => sum + n, 0), perFlavor: new Map(Object.entries(left)) })
const ON_SALE = ['mixed-berry', 'pineapple-mango', 'peach-ginger']

describe('offersFor: who is offered freed jars, in the order they joined', () => {
  it('skips a place whose count does not fit and offers the next that fits; what one takes the next cannot', () => {
    const line = [place(1, 'peach-ginger', 6), place(2, 'peach-ginger', 3), place(3, 'peach-ginger', 1), place(4, 'peach-ginger', 1)]
    expect(offersFor(line, perFlavor({ 'peach-ginger': 4, 'mixed-berry': 0 }), ON_SALE)).toEqual([
      { place: line[1], jars: ['peach-ginger', 'peach-ginger', 'peach-ginger'] },
      { place: line[2], jars: ['peach-ginger'] },
    ])
  })

  it('offers "any flavor" the flavors with most left, never a flavor not on sale, and nothing from a batch without a limit', () => {
    expect(offersFor([place(1, null, 3)], perFlavor({ 'peach-ginger': 2, 'mixed-berry': 2 }), ON_SALE)).toEqual([{ place: place(1, null, 3), jars: ['mixed-berry', 'mixed-berry', 'peach-ginger'] }])
    expect(offersFor([place(1, 'peach-ginger', 1)], perFlavor({ 'peach-ginger': 5 }), ['mixed-berry'])).toEqual([])
    expect(offersFor([place(1, null, 3)], perFlavor({ 'peach-ginger': 5 }), ['mixed-berry'])).toEqual([])
    expect(offersFor([place(1, null, 1)], { total: null, perFlavor: null }, ON_SALE)).toEqual([])
  })

  it('in a batch counted in one total, holds that many jars named by the place\'s flavor (none for any flavor)', () => {
    expect(offersFor([place(1, 'peach-ginger', 3), place(2, null, 3), place(3, null, 1)], { total: 4, perFlavor: null }, ON_SALE)).toEqual([
      { place: place(1, 'peach-ginger', 3), jars: ['peach-ginger', 'peach-ginger', 'peach-ginger'] },
      { place: place(3, null, 1), jars: [''] },
    ])
  })
})

describe('jarsCameFree', () => {
  it('is true when a flavor\'s jars left or the one total go up, not when they go down or stay', () => {
    const rows = (left: number) => [{ flavor: 1, left }, { flavor: 2, left: 4 }]
    expect(jarsCameFree({ flavors: rows(0) }, { flavors: rows(3) })).toBe(true)
    expect(jarsCameFree({ flavors: rows(3) }, { flavors: rows(0) })).toBe(false)
    expect(jarsCameFree({ flavors: [], jarsLeft: 2 }, { flavors: [], jarsLeft: 5 })).toBe(true)
    expect(jarsCameFree({ flavors: [], jarsLeft: 5 }, { flavors: [], jarsLeft: 2 })).toBe(false)
    // No limit before or after is nothing freed.
    expect(jarsCameFree({ flavors: [], jarsLeft: null }, { flavors: [], jarsLeft: 5 })).toBe(false)
  })
})

it('ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 101st', () => {
  expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st'])
})
