import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { salesFigures } from '@/features/admin/sales'

import { storedOrder } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

type Status = 'new' | 'confirmed' | 'completed' | 'cancelled'

const order = (createdAt: string, totalPrice: number, flavors: string, flavorNames: string | null, status: Status = 'confirmed') => {
  const quantity = flavors.startsWith('Jar ') ? flavors.split(', ').length : 1
  return storedOrder({ fullName: 'Sal Es', email: 'sales@example.com', phone: '3135550100', quantity, flavors, flavorNames, totalPrice, status, createdAt })
}

// Wednesday 2026-11-04, 12:00 in Detroit. Summer time ended on Sunday Nov 1 at 02:00 (EDT → EST).
const now = new Date('2026-11-04T17:00:00Z')

describe('the dashboard sales charts, from the stored orders', () => {
  let app: TestPayload

  beforeAll(async () => {
    app = await startPayload()
    const orders = [
      order('2026-10-26T03:30:00Z', 5, 'peach-ginger', 'Peach Ginger'), // Sun Oct 25, 23:30 EDT: the week of Oct 19
      order('2026-10-26T04:00:00Z', 7, 'peach-ginger', 'Peach Ginger'), // Mon Oct 26, 00:00 EDT
      order('2026-11-01T05:30:00Z', 20, 'mixed-berry', 'Mixed Berry'), // Sun Nov 1, 01:30 EDT
      order('2026-11-01T06:30:00Z', 50, 'Jar 1: mixed-berry, Jar 2: mixed-berry, Jar 3: mango-lime', 'Jar 1: Mixed Berry, Jar 2: Mixed Berry, Jar 3: Mango Lime'), // 01:30 again, EST
      order('2026-11-02T04:30:00Z', 100, 'Jar 1: mango-lime, Jar 2: mango-lime', 'Jar 1: Mango Lime Zest, Jar 2: Mango Lime Zest'), // Sun Nov 1, 23:30 EST
      order('2026-11-02T05:30:00Z', 55, 'Jar 1: mixed-berry, Jar 2: peach-ginger, Jar 3: peach-ginger', null), // Mon Nov 2, 00:30 EST: this week
      order(
        '2026-11-03T15:00:00Z',
        100,
        'Jar 1: pineapple-mango, Jar 2: pineapple-mango, Jar 3: pineapple-mango',
        'Jar 1: Pineapple Mango, Jar 2: Pineapple Mango, Jar 3: Pineapple Mango',
        'cancelled',
      ),
      order('2026-09-20T15:00:00Z', 20, 'pineapple-mango', 'Pineapple Mango', 'completed'), // 45 days back: charted, not in the mix
      order('2026-07-01T15:00:00Z', 999, 'mixed-berry', 'Mixed Berry', 'completed'), // before the twelve weeks
    ]
    for (const data of orders) await app.payload.create({ collection: 'orders', data })
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it('totals orders and revenue per Detroit business week, right across the end of summer time', async () => {
    const { weeks } = await salesFigures(app.payload, now)
    expect(weeks).toHaveLength(12)
    expect(weeks[0].weekStart).toBe('2026-08-17T04:00:00.000Z')
    expect(weeks.slice(-3)).toEqual([
      { weekStart: '2026-10-19T04:00:00.000Z', orders: 1, revenue: 5, jars: 1 },
      // The week with the extra hour: Monday 00:00 EDT to Monday 00:00 EST, 169 hours.
      { weekStart: '2026-10-26T04:00:00.000Z', orders: 4, revenue: 177, jars: 7 },
      // This week: the cancelled order counts nowhere.
      { weekStart: '2026-11-02T05:00:00.000Z', orders: 1, revenue: 55, jars: 3 },
    ])
    expect(weeks.find((week) => week.weekStart === '2026-09-14T04:00:00.000Z')).toMatchObject({ orders: 1, revenue: 20 })
    expect(weeks.reduce((sum, week) => sum + week.revenue, 0)).toBe(257)
  })

  it('mixes the flavors of the last 30 days by jar, without cancelled orders', async () => {
    const { flavorMix, flavorMixSince } = await salesFigures(app.payload, now)
    expect(flavorMixSince).toBe('2026-10-05T04:00:00.000Z')
    expect(flavorMix).toEqual([
      { flavor: 'Mixed Berry', jars: 4 },
      // An order stored without names reads its launch flavors' keys as their names.
      { flavor: 'Peach Ginger', jars: 4 },
      // One flavor key, renamed: one bar under its newest name.
      { flavor: 'Mango Lime Zest', jars: 3 },
    ])
  })

  it('leaves a week with a clock change going forward right too', async () => {
    // Wednesday 2026-03-11; summer time began Sunday Mar 8 at 02:00 (EST → EDT).
    await app.payload.create({ collection: 'orders', data: order('2026-03-09T03:30:00Z', 30, 'mixed-berry', 'Mixed Berry') }) // Sun Mar 8, 23:30 EDT
    await app.payload.create({ collection: 'orders', data: order('2026-03-09T04:30:00Z', 40, 'mixed-berry', 'Mixed Berry') }) // Mon Mar 9, 00:30 EDT
    const { weeks } = await salesFigures(app.payload, new Date('2026-03-11T16:00:00Z'))
    expect(weeks.slice(-2)).toEqual([
      { weekStart: '2026-03-02T05:00:00.000Z', orders: 1, revenue: 30, jars: 1 },
      { weekStart: '2026-03-09T04:00:00.000Z', orders: 1, revenue: 40, jars: 1 },
    ])
  })
})
