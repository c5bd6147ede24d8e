import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'

import { isOnSheet, prepSheetCsv, prepSheetFrom, type PrepOrder } from '@/features/admin/prepSheet'
import { isDayKey } from '@/shared/time'

let nextId = 1

function prepOrder(values: Partial<PrepOrder>): PrepOrder {
  const id = nextId++
  return {
    id,
    reference: `SM-${1000 + id}`,
    status: 'confirmed',
    fullName: `Customer ${id}`,
    phone: '(313) 555-0100',
    quantity: 1,
    flavors: 'mixed-berry',
    flavorNames: 'Mixed Berry',
    deliveryMethod: 'pickup',
    windowLabel: null,
    windowStartsAt: null,
    address: '1 Main St',
    city: 'detroit',
    zip: '48201',
    notes: null,
    totalPrice: 20,
    paymentStatus: 'unpaid',
    ...values,
  }
}

describe('which orders are on a day’s sheet (Detroit days)', () => {
  // Nov 1 2026 is the day summer time ends: 25 hours long, from 04:00 UTC to 05:00 UTC the next day.
  const day = '2026-11-01'

  it('a booked order on the day, at either end of a 25-hour day; not the evening before', () => {
    expect(isOnSheet({ status: 'new', windowStartsAt: '2026-11-01T04:00:00.000Z' }, day)).toBe(true)
    expect(isOnSheet({ status: 'ready', windowStartsAt: '2026-11-02T04:59:00.000Z' }, day)).toBe(true)
    expect(isOnSheet({ status: 'confirmed', windowStartsAt: '2026-11-01T03:59:00.000Z' }, day)).toBe(false)
    expect(isOnSheet({ status: 'confirmed', windowStartsAt: '2026-11-02T05:00:00.000Z' }, day)).toBe(false)
  })

  it('never a cancelled one; without a window, only confirmed or ready ones', () => {
    expect(isOnSheet({ status: 'cancelled', windowStartsAt: '2026-11-01T15:00:00.000Z' }, day)).toBe(false)
    expect(isOnSheet({ status: 'confirmed', windowStartsAt: null }, day)).toBe(true)
    expect(isOnSheet({ status: 'ready', windowStartsAt: null }, day)).toBe(true)
    for (const status of ['new', 'completed', 'cancelled'] as const) expect(isOnSheet({ status, windowStartsAt: null }, day)).toBe(false)
  })

  it('knows a day key from anything else', () => {
    expect(isDayKey('2026-12-05')).toBe(true)
    for (const value of ['2026-02-30', '2026-12-5', 'today', '', undefined, ['2026-12-05']]) expect(isDayKey(value)).toBe(false)
  })
})

describe('the sheet', () => {
  const day = '2026-12-05'
  const at = (time: string) => `2026-12-05T${time}:00.000Z`
  const orders = [
    prepOrder({ deliveryMethod: 'delivery', windowStartsAt: at('21:00'), windowLabel: 'Sat · 4 PM', fullName: 'Late', quantity: 3, flavors: 'Jar 1: mixed-berry, Jar 2: plum, Jar 3: plum', flavorNames: 'Jar 1: Mixed Berry, Jar 2: Plum, Jar 3: Plum', totalPrice: 55 }),
    prepOrder({ deliveryMethod: 'delivery', windowStartsAt: at('17:00'), windowLabel: 'Sat · 12 PM', fullName: 'Early', paymentStatus: 'paid', totalPrice: 25 }),
    // Stored before flavor names were kept: the launch flavors' keys read as their names.
    prepOrder({ deliveryMethod: 'pickup', windowStartsAt: at('15:00'), windowLabel: 'Sat · 10 AM', fullName: 'Pickup', flavors: 'peach-ginger', flavorNames: null }),
    prepOrder({ deliveryMethod: 'delivery', windowStartsAt: null, fullName: 'By text', status: 'ready', totalPrice: 25 }),
    prepOrder({ deliveryMethod: 'delivery', windowStartsAt: at('18:00'), fullName: 'Cancelled', status: 'cancelled', quantity: 6 }),
    prepOrder({ deliveryMethod: 'pickup', windowStartsAt: '2026-12-06T15:00:00.000Z', fullName: 'Sunday', quantity: 6 }),
  ]
  const sheet = prepSheetFrom(orders, day)

  it('adds up the jars per flavor, most first, as they were named when ordered', () => {
    expect(sheet.make).toEqual([
      { flavor: 'Mixed Berry', jars: 3 },
      { flavor: 'Plum', jars: 2 },
      { flavor: 'Peach Ginger', jars: 1 },
    ])
    expect(sheet.jars).toBe(6)
  })

  it('puts the deliveries in window order, those arranged by text last, with what to collect', () => {
    expect(sheet.deliveries.map((stop) => [stop.fullName, stop.toCollect])).toEqual([
      ['Early', 0],
      ['Late', 55],
      ['By text', 25],
    ])
    expect(sheet.pickups.map((stop) => stop.fullName)).toEqual(['Pickup'])
    expect(sheet.toCollect).toBe(55 + 25 + 20)
  })

  it('collects from a paid order the customer changed to more what it still owes, and nothing from a settled one', () => {
    const changed = prepSheetFrom(
      [
        prepOrder({ fullName: 'Changed', windowStartsAt: at('15:00'), paymentStatus: 'paid', totalPrice: 75, extraDue: 25 }),
        prepOrder({ fullName: 'Settled', windowStartsAt: at('16:00'), paymentStatus: 'paid', totalPrice: 50, extraDue: null }),
      ],
      day,
    )
    expect(changed.pickups.map((stop) => [stop.fullName, stop.paid, stop.toCollect])).toEqual([
      ['Changed', true, 25],
      ['Settled', true, 0],
    ])
    expect(changed.toCollect).toBe(25)
  })

  it('writes a CSV that a spreadsheet shows as typed', () => {
    const tricky = prepSheetFrom([prepOrder({ fullName: '=HYPERLINK("http://evil.example","x")', notes: '-2+3, "quoted"\nsecond line', windowStartsAt: at('15:00') })], day)
    const text = prepSheetCsv(tricky)
    expect(text.startsWith('\uFEFFSection,Time,Order,Name,')).toBe(true)
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[]
    expect(rows[1]).toMatchObject({ Section: 'Pickup', Name: `'=HYPERLINK("http://evil.example","x")`, Notes: `'-2+3, "quoted"\nsecond line`, Address: '' })
  })

  it('names the refill plans’ orders, on the sheet and in the CSV', () => {
    const refills = prepSheetFrom([prepOrder({ fullName: 'Rita', source: 'refill-plan', windowStartsAt: at('10:00') }), prepOrder({ fullName: 'Walk-in', source: 'online', windowStartsAt: at('11:00') })], day)
    expect(refills.pickups.map((stop) => [stop.fullName, stop.refill])).toEqual([
      ['Rita', true],
      ['Walk-in', false],
    ])
    const rows = parse(prepSheetCsv(refills), { bom: true, columns: true }) as Record<string, string>[]
    expect(rows.map((row) => [row.Name, row['Came in by']])).toEqual([
      ['', ''],
      ['Rita', 'Refill plan'],
      ['Walk-in', ''],
    ])
  })
})

