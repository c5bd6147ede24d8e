import { describe, expect, it } from 'vitest'

import { flavorMix, salesWeekStarts, weeklySales } from '@/features/admin/sales'

const iso = (dates: Date[]) => dates.map((date) => date.toISOString())

describe('the sales weeks', () => {
  it('are twelve business weeks, each starting Monday 00:00 in Detroit, across the end of summer time', () => {
    // Wednesday 2026-11-04, 12:00 in Detroit (EST). Summer time ended Sunday Nov 1 at 02:00.
    const starts = salesWeekStarts(new Date('2026-11-04T17:00:00Z'))
    expect(starts).toHaveLength(12)
    expect(iso(starts).slice(-3)).toEqual(['2026-10-19T04:00:00.000Z', '2026-10-26T04:00:00.000Z', '2026-11-02T05:00:00.000Z'])
    expect(starts[0].toISOString()).toBe('2026-08-17T04:00:00.000Z')
  })

  it('has a 167-hour week where summer time begins', () => {
    // Wednesday 2026-03-11 (EDT); clocks went forward Sunday Mar 8 at 02:00.
    const starts = salesWeekStarts(new Date('2026-03-11T16:00:00Z'), 3)
    expect(iso(starts)).toEqual(['2026-02-23T05:00:00.000Z', '2026-03-02T05:00:00.000Z', '2026-03-09T04:00:00.000Z'])
  })

  it('puts each order in the week of its Detroit calendar day', () => {
    const starts = salesWeekStarts(new Date('2026-11-04T17:00:00Z'), 3)
    const order = (createdAt: string, totalPrice: number, quantity = 1) => ({ createdAt, totalPrice, quantity })
    const weeks = weeklySales(
      [
        order('2026-10-26T03:59:00Z', 5), // Sunday Oct 25, 23:59 EDT
        order('2026-10-26T04:00:00Z', 7), // Monday Oct 26, 00:00 EDT
        order('2026-11-01T05:30:00Z', 20, 1), // Sunday Nov 1, 01:30 EDT (the first 01:30)
        order('2026-11-01T06:30:00Z', 50, 3), // Sunday Nov 1, 01:30 EST (the second)
        order('2026-11-02T04:30:00Z', 100, 6), // Sunday Nov 1, 23:30 EST: 7 × 24 h after Oct 26 00:00 EDT is already past
        order('2026-11-02T05:30:00Z', 55, 3), // Monday Nov 2, 00:30 EST
        order('2026-10-01T12:00:00Z', 999), // before the first week charted
      ],
      starts,
    )
    expect(weeks).toEqual([
      { weekStart: '2026-10-19T04:00:00.000Z', orders: 1, revenue: 5, jars: 1 },
      { weekStart: '2026-10-26T04:00:00.000Z', orders: 4, revenue: 177, jars: 11 },
      { weekStart: '2026-11-02T05:00:00.000Z', orders: 1, revenue: 55, jars: 3 },
    ])
  })
})

describe('the flavor mix', () => {
  it('counts jars per flavor key, named as the newest order named it, most sold first', () => {
    expect(
      flavorMix([
        {
          createdAt: '2026-11-01T12:00:00Z',
          flavors: 'Jar 1: mixed-berry, Jar 2: mango-lime, Jar 3: mixed-berry',
          flavorNames: 'Jar 1: Mixed Berry, Jar 2: Mango Lime, Jar 3: Mixed Berry',
        },
        { createdAt: '2026-11-03T12:00:00Z', flavors: 'mango-lime', flavorNames: 'Mango Lime Zest' },
        { createdAt: '2026-11-02T12:00:00Z', flavors: 'Jar 1: peach-ginger, Jar 2: mango-lime', flavorNames: null },
        // Stored before flavor names were kept: a launch flavor's key reads as its name.
        { createdAt: '2026-10-20T12:00:00Z', flavors: 'pineapple-mango', flavorNames: null },
      ]),
    ).toEqual([
      { flavor: 'Mango Lime Zest', jars: 3 },
      { flavor: 'Mixed Berry', jars: 2 },
      { flavor: 'Peach Ginger', jars: 1 },
      { flavor: 'Pineapple Mango', jars: 1 },
    ])
  })
})
