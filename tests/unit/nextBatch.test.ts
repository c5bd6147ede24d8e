import { describe, expect, it } from 'vitest'

import { sellingDays, suggestNextBatch, waitingListUplift, type NextBatchFigures } from '@/features/admin/nextBatchRules'

const flavors = [
  { value: 'mixed-berry', name: 'Mixed Berry' },
  { value: 'peach-ginger', name: 'Peach Ginger' },
  { value: 'pineapple-mango', name: 'Pineapple Mango' },
]

// Four weeks: 72 Mixed Berry (18 a week), 50 Peach Ginger (12.5 a week), no Pineapple Mango; a
// 14-day shelf life and no orders with fewer than 7 days left: a batch sells for 8 days.
const figures: NextBatchFigures = {
  flavors,
  jarsSold: new Map([
    ['mixed-berry', 72],
    ['peach-ginger', 50],
  ]),
  waitingList: 120,
  shelfLifeDays: 14,
  minDaysLeft: 7,
}

describe('what to make next', () => {
  it('suggests each flavor’s sales for the days a batch sells, plus the e-mail list’s share, rounded up to whole jars', () => {
    const suggestion = suggestNextBatch(figures)
    expect(suggestion.flavors.map(({ name, soldPerWeek, jars }) => ({ name, soldPerWeek, jars }))).toEqual([
      // 72 × 8/28 × 1.12 = 23.04: rounded up.
      { name: 'Mixed Berry', soldPerWeek: 18, jars: 24 },
      // 50 × 8/28 × 1.12 = 16 exactly: not rounded up to 17 by a float's error.
      { name: 'Peach Ginger', soldPerWeek: 12.5, jars: 16 },
      { name: 'Pineapple Mango', soldPerWeek: 0, jars: 0 },
    ])
    expect(suggestion.howComputed).toBe(
      'Sold 18/wk Mixed Berry, 12.5/wk Peach Ginger, 0/wk Pineapple Mango in the last 4 weeks, for the 8 days a batch sells (a 14-day shelf life, no orders with fewer than 7 days left), + 12% for 120 people on the e-mail list; rounded up to whole jars.',
    )
  })

  it('adds 1% per 10 people waiting, at most 20%, and says nothing of a list too small to add any', () => {
    expect([0, 9, 10, 125, 200, 5000].map(waitingListUplift)).toEqual([0, 0, 1, 12, 20, 20])
    const fewWaiting = suggestNextBatch({ ...figures, waitingList: 9 })
    expect(fewWaiting.flavors.map((flavor) => flavor.jars)).toEqual([21, 15, 0])
    expect(fewWaiting.howComputed).not.toContain('e-mail list')
    expect(suggestNextBatch({ ...figures, waitingList: 5000 }).howComputed).toContain('+ 20% for 5,000 people on the e-mail list')
  })

  it('sells a batch from its made-on day until fewer than the freshness limit’s days are left', () => {
    expect(sellingDays(14, 7)).toBe(8)
    expect(sellingDays(14, 0)).toBe(15)
    expect(sellingDays(7, 10)).toBe(0)
    const month = suggestNextBatch({ ...figures, shelfLifeDays: 30, minDaysLeft: 0, waitingList: 0 })
    expect(month.flavors.map((flavor) => flavor.jars)).toEqual([80, 56, 0])
    expect(month.howComputed).toContain('for the 31 days a batch sells (a 30-day shelf life); rounded up')
  })

  it('suggests only the flavors on offer, in the seller’s order', () => {
    const suggestion = suggestNextBatch({ ...figures, flavors: [flavors[1]], jarsSold: new Map([...figures.jarsSold, ['retired-flavor', 40]]) })
    expect(suggestion.flavors.map(({ value, jars }) => ({ value, jars }))).toEqual([{ value: 'peach-ginger', jars: 16 }])
    expect(suggestion.howComputed).not.toContain('retired')
  })

  it('says so when nothing on offer sold in the last four weeks, and suggests no jars', () => {
    const suggestion = suggestNextBatch({ ...figures, jarsSold: new Map([['retired-flavor', 40]]) })
    expect(suggestion.flavors.map((flavor) => flavor.jars)).toEqual([0, 0, 0])
    expect(suggestion.howComputed).toBe('No orders in the last 4 weeks of the flavors on offer, so no sales to go by.')
  })

  it('adds the jars refill plans have due as they are, after the e-mail list’s share', () => {
    const refillsDue = new Map([
      ['peach-ginger', 6],
      ['pineapple-mango', 2],
    ])
    const suggestion = suggestNextBatch({ ...figures, refillsDue })
    expect(suggestion.flavors.map((flavor) => flavor.jars)).toEqual([24, 22, 2])
    expect(suggestion.howComputed).toContain('+ 12% for 120 people on the e-mail list, + 8 jars of refills due; rounded up to whole jars.')
    expect(suggestNextBatch({ ...figures, jarsSold: new Map(), refillsDue }).howComputed).toBe(
      'No orders in the last 4 weeks of the flavors on offer, so no sales to go by: only the 8 jars of refills due.',
    )
  })
})
