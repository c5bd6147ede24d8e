import { describe, expect, it } from 'vitest'

import { flavorMix, salesWeekStarts } from '@/features/admin/sales'

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
})

describe('the flavor mix', () => {
  it('counts jars per flavor key, named as the newest order named it, most sold first', () => {
    expect(
      flavorMix([
        {
          lastOrderedAt: '2026-11-01T12:00:00Z',
          orders: 1,
          flavors: 'Jar 1: mixed-berry, Jar 2: mango-lime, Jar 3: mixed-berry',
          flavorNames: 'Jar 1: Mixed Berry, Jar 2: Mango Lime, Jar 3: Mixed Berry',
        },
        { lastOrderedAt: '2026-11-03T12:00:00Z', orders: 1, flavors: 'mango-lime', flavorNames: 'Mango Lime Zest' },
        { lastOrderedAt: '2026-11-02T12:00:00Z', orders: 1, flavors: 'Jar 1: peach-ginger, Jar 2: mango-lime', flavorNames: null },
        // Stored before flavor names were kept: a launch flavor's key reads as its name.
        { lastOrderedAt: '2026-10-20T12:00:00Z', orders: 1, flavors: 'pineapple-mango', flavorNames: null },
      ]),
    ).toEqual([
      { flavor: 'Mango Lime Zest', jars: 3 },
      { flavor: 'Mixed Berry', jars: 2 },
      { flavor: 'Peach Ginger', jars: 1 },
      { flavor: 'Pineapple Mango', jars: 1 },
    ])
  })

  it('counts each jar of every order that chose the same', () => {
    expect(
      flavorMix([
        { lastOrderedAt: '2026-11-01T12:00:00Z', orders: 4, flavors: 'Jar 1: mixed-berry, Jar 2: mango-lime', flavorNames: null },
        { lastOrderedAt: '2026-11-02T12:00:00Z', orders: 3, flavors: 'mango-lime', flavorNames: 'Mango Lime' },
      ]),
    ).toEqual([
      { flavor: 'Mango Lime', jars: 7 },
      { flavor: 'Mixed Berry', jars: 4 },
    ])
  })
})
