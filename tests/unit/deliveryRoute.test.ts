import { beforeAll, describe, expect, it } from 'vitest'

import { drivingOrder, type PlacedStop } from '@/features/delivery/route/drivingOrder'
import { estimateRun } from '@/features/delivery/route/estimate'
import { DELIVERY_DAY_DEFAULTS } from '@/features/delivery/rules'
import { orderStops } from '@/features/delivery/route/orderStops'
import { fiveDigitZip, milesBetween, type Position } from '@/features/delivery/route/positions'
import { zipPosition } from '@/features/delivery/route/zipPositions'

/** The kitchen in Hamtramck. */
const KITCHEN_ZIP = '48212'
/** Detroit (Midtown, the east riverfront, Brightmoor), Ann Arbor, Royal Oak, Ferndale, Dearborn, Farmington Hills. */
const EIGHT_ZIPS = ['48201', '48207', '48104', '48067', '48220', '48124', '48334', '48235']
/** Thirty ZIP codes of Detroit and its suburbs out to Ann Arbor and Pontiac. */
const THIRTY_ZIPS = [
  ...EIGHT_ZIPS,
  ...['48202', '48203', '48204', '48205', '48206', '48208', '48209', '48210', '48211', '48213', '48214', '48215', '48216', '48217', '48219', '48221', '48223', '48224', '48226', '48227'],
  ...['48105', '48342'],
]

let kitchen: Position
const placed = (zips: readonly string[]): Promise<PlacedStop[]> => Promise.all(zips.map(async (zip) => ({ id: `order-${zip}`, position: await zipPosition(zip) })))

/** The loop's length: kitchen → each stop → kitchen. */
const loopMiles = (stops: readonly PlacedStop[]) => {
  const points = [kitchen, ...stops.map((stop) => stop.position!), kitchen]
  return points.slice(1).reduce((miles, point, index) => miles + milesBetween(points[index], point), 0)
}

/** Every order of the stops (Heap's algorithm): 8 stops make 40,320. */
function* permutations<T>(items: T[]): Generator<T[]> {
  const a = [...items]
  const c = a.map(() => 0)
  yield [...a]
  let i = 1
  while (i < a.length) {
    if (c[i] < i) {
      const j = i % 2 === 0 ? 0 : c[i]
      ;[a[j], a[i]] = [a[i], a[j]]
      yield [...a]
      c[i]++
      i = 1
    } else {
      c[i] = 0
      i++
    }
  }
}

beforeAll(async () => {
  kitchen = (await zipPosition(KITCHEN_ZIP))!
})

describe('a ZIP code’s position, from the Census Bureau’s list', () => {
  it('reads five digits, or five and four, and nothing else', () => {
    expect(fiveDigitZip('48207')).toBe('48207')
    expect(fiveDigitZip('48207-1234')).toBe('48207')
    expect(fiveDigitZip(' 48207 ')).toBe('48207')
    for (const notAZip of ['', 'ABCDE', '4820', '482071', '48207-12', '48207 1234', '48207-ABCD', 'x48207', null, undefined]) expect(fiveDigitZip(notAZip)).toBeNull()
  })

  it('places Metro Detroit and Ann Arbor, and nothing for a code it does not know', async () => {
    const detroit = await zipPosition('48207-1234')
    expect(detroit!.lat).toBeCloseTo(42.35, 1)
    expect(detroit!.lon).toBeCloseTo(-83.01, 1)
    const annArbor = await zipPosition('48104')
    expect(annArbor!.lat).toBeCloseTo(42.26, 1)
    expect(annArbor!.lon).toBeCloseTo(-83.72, 1)
    // Downtown Detroit to Ann Arbor is about 36 miles as the crow flies.
    expect(milesBetween(detroit!, annArbor!)).toBeGreaterThan(33)
    expect(milesBetween(detroit!, annArbor!)).toBeLessThan(38)
    for (const zip of THIRTY_ZIPS) expect(await zipPosition(zip), zip).not.toBeNull()
    expect(new Set(THIRTY_ZIPS).size).toBe(30)
    for (const unknown of ['00000', '', 'ABCDE', null]) expect(await zipPosition(unknown)).toBeNull()
  })
})

describe('the driving order', () => {
  it('8 stops: no more than 10% longer than the shortest loop, found by trying every order', async () => {
    const stops = await placed(EIGHT_ZIPS)
    const route = drivingOrder(kitchen, stops)
    expect(route.fromKitchen).toBe(true)
    expect(route.stops.map((stop) => stop.id).sort()).toEqual(stops.map((stop) => stop.id).sort())

    let shortest = Infinity
    for (const order of permutations(stops)) shortest = Math.min(shortest, loopMiles(order))
    const ours = loopMiles(route.stops)
    console.log(`8 stops: ${ours.toFixed(2)} miles against the shortest ${shortest.toFixed(2)} (${((ours / shortest - 1) * 100).toFixed(2)}% longer)`)
    expect(ours).toBeLessThanOrEqual(shortest * 1.1)
  })

  it('gives the same order for the same stops, whatever order they come in', async () => {
    const stops = await placed(THIRTY_ZIPS)
    const once = drivingOrder(kitchen, stops).stops.map((stop) => stop.id)
    expect(drivingOrder(kitchen, stops).stops.map((stop) => stop.id)).toEqual(once)
    // Reversed input, same loop: one direction or the other.
    const reversed = drivingOrder(kitchen, [...stops].reverse()).stops.map((stop) => stop.id)
    expect(loopMiles((await placed(reversed.map((id) => id.slice('order-'.length)))))).toBeCloseTo(loopMiles((await placed(once.map((id) => id.slice('order-'.length))))), 0)
  })

  // Its speed is the Run page's, measured by `npm run bench` (/seller/run), not here.
  it('orders 30 stops into a loop that no single reversal shortens', async () => {
    const stops = THIRTY_ZIPS.map((zip) => ({ id: `order-${zip}`, zip }))
    const route = await orderStops(kitchen, stops)
    expect(route.stops).toHaveLength(30)
    expect(route.stops.every((stop) => !stop.unknownZip)).toBe(true)
    // 2-opt leaves no two legs crossing: the loop is no longer than any single reversal of it.
    const ordered = route.stops
    const length = loopMiles(ordered)
    for (let i = 0; i < ordered.length; i++) {
      for (let j = i + 1; j < ordered.length; j++) {
        const reversed = [...ordered.slice(0, i), ...ordered.slice(i, j + 1).reverse(), ...ordered.slice(j + 1)]
        expect(loopMiles(reversed)).toBeGreaterThanOrEqual(length - 1e-6)
      }
    }
  })

  it('puts the stops without a usable ZIP code last, in their given order, flagged', async () => {
    const stops = [
      { id: 'empty', zip: '' },
      { id: 'a', zip: '48201' },
      { id: 'letters', zip: 'ABCDE' },
      { id: 'b', zip: '48104' },
      { id: 'not-in-list', zip: '00000' },
      { id: 'c', zip: '48067-0001' },
      { id: 'none', zip: null },
      { id: 'missing' },
    ]
    const route = await orderStops(kitchen, stops)
    expect(route.stops.slice(3).map((stop) => [stop.id, stop.unknownZip, stop.position])).toEqual([
      ['empty', true, null],
      ['letters', true, null],
      ['not-in-list', true, null],
      ['none', true, null],
      ['missing', true, null],
    ])
    expect(route.stops.slice(0, 3).every((stop) => !stop.unknownZip && stop.position)).toBe(true)
    expect(route.stops.slice(0, 3).map((stop) => stop.id).sort()).toEqual(['a', 'b', 'c'])
  })

  it('starts from the first stop and says so when the kitchen’s position is unknown', async () => {
    const route = await orderStops(null, [
      { id: 'royal-oak', zip: '48067' },
      { id: 'ann-arbor', zip: '48104' },
      { id: 'midtown', zip: '48201' },
      { id: 'ferndale', zip: '48220' },
    ])
    expect(route.fromKitchen).toBe(false)
    // From Royal Oak the nearest is Ferndale, then Midtown Detroit, then Ann Arbor at the far end.
    expect(route.stops.map((stop) => stop.id)).toEqual(['royal-oak', 'ferndale', 'midtown', 'ann-arbor'])
  })

  it('without the kitchen: from the first stop, an open route within 10% of the shortest from there', async () => {
    const stops = await placed(THIRTY_ZIPS.slice(0, 9))
    const route = drivingOrder(null, stops)
    expect(route.stops[0].id).toBe(stops[0].id)
    const pathMiles = (path: readonly PlacedStop[]) => path.slice(1).reduce((miles, stop, index) => miles + milesBetween(path[index].position!, stop.position!), 0)
    let shortest = Infinity
    for (const order of permutations(stops.slice(1))) shortest = Math.min(shortest, pathMiles([stops[0], ...order]))
    const ours = pathMiles(route.stops)
    console.log(`9 stops without the kitchen: ${ours.toFixed(2)} miles against the shortest ${shortest.toFixed(2)}`)
    expect(ours).toBeLessThanOrEqual(shortest * 1.1)
  })

  it('keeps the seller’s order, puts a new stop where it adds the fewest miles, and ignores stops gone since', async () => {
    const stops = [
      { id: 'ann-arbor', zip: '48104' },
      { id: 'dearborn', zip: '48124' },
      { id: 'midtown', zip: '48201' },
      { id: 'royal-oak', zip: '48067' },
      { id: 'new-ferndale', zip: '48220' },
    ]
    // The seller's order is not the shortest (Royal Oak first, out to Ann Arbor, back to Midtown),
    // names a cancelled order, and was saved before the Ferndale order came in.
    const keptOrder = ['royal-oak', 'cancelled', 'ann-arbor', 'dearborn', 'midtown']
    const route = await orderStops(kitchen, stops, keptOrder)
    const ids = route.stops.map((stop) => stop.id)
    expect(ids.filter((id) => id !== 'new-ferndale')).toEqual(['royal-oak', 'ann-arbor', 'dearborn', 'midtown'])
    // Ferndale lies on the way from the kitchen to Royal Oak: first.
    expect(ids).toEqual(['new-ferndale', 'royal-oak', 'ann-arbor', 'dearborn', 'midtown'])
    // Cheapest among every slot: no other place for Ferndale makes the loop shorter.
    const ferndale = route.stops[0]
    const kept = route.stops.slice(1)
    for (let slot = 1; slot <= kept.length; slot++) {
      expect(loopMiles([...kept.slice(0, slot), ferndale, ...kept.slice(slot)])).toBeGreaterThan(loopMiles(route.stops))
    }
  })

  it('keeps a stop without a ZIP code where the seller dragged it; a new one goes last', async () => {
    const stops = [
      { id: 'midtown', zip: '48201' },
      { id: 'by-text', zip: null },
      { id: 'royal-oak', zip: '48067' },
      { id: 'new-unknown', zip: 'ABCDE' },
    ]
    const route = await orderStops(kitchen, stops, ['midtown', 'by-text', 'royal-oak'])
    expect(route.stops.map((stop) => [stop.id, stop.unknownZip])).toEqual([
      ['midtown', false],
      ['by-text', true],
      ['royal-oak', false],
      ['new-unknown', true],
    ])
  })
})

describe('the run’s estimate', () => {
  it('has the defaults the seller starts with', () => {
    expect(DELIVERY_DAY_DEFAULTS).toEqual({ roadFactor: 1.3, averageMph: 25, minutesPerStop: 5, outOfFridgeLimitMinutes: 120 })
  })

  it('matches the hand computation: straight miles × road factor ÷ speed, plus minutes per stop, back to the kitchen included', () => {
    // On one meridian, a great circle's miles are the degrees of latitude × π/180 × the Earth's radius (3,958.8 mi).
    const mile = (degrees: number) => (degrees * Math.PI * 3958.8) / 180
    const home = { lat: 42.0, lon: -83.0 }
    const first = { lat: 42.1, lon: -83.0 }
    const second = { lat: 42.3, lon: -83.0 }
    const leaveAt = new Date('2026-12-05T15:00:00Z')
    const run = estimateRun(home, [{ id: 'first', position: first }, { id: 'nowhere', position: null }, { id: 'second', position: second }], DELIVERY_DAY_DEFAULTS, leaveAt)

    // Legs of 0.1°, 0.2° and 0.3° back: 6.9094 + 13.8188 + 20.7282 = 41.4565 straight miles, 53.8934 by road.
    expect(mile(0.6)).toBeCloseTo(41.4565, 3)
    expect(run.miles).toBeCloseTo(mile(0.6) * 1.3, 6)
    expect(run.miles).toBeCloseTo(53.8934, 3)
    // 53.8934 / 25 mph × 60 = 129.344 minutes driving, plus 3 stops × 5 (the unplaced one included) = 144.344.
    expect(run.minutes).toBeCloseTo(((mile(0.6) * 1.3) / 25) * 60 + 3 * 5, 6)
    expect(run.minutes).toBeCloseTo(144.344, 3)
    // A Date holds whole milliseconds.
    expect(Math.abs(run.endsAt.getTime() - (leaveAt.getTime() + run.minutes * 60_000))).toBeLessThan(1)

    const [a, nowhere, b] = run.stops
    expect(a.milesFromPrevious).toBeCloseTo(mile(0.1) * 1.3, 6)
    // 8.9822 road miles at 25 mph: 21.557 minutes after leaving.
    expect((a.arrivesAt!.getTime() - leaveAt.getTime()) / 60_000).toBeCloseTo(21.557, 3)
    expect(nowhere).toEqual({ id: 'nowhere', milesFromPrevious: null, arrivesAt: null })
    // From the first stop: its 5 minutes, the unplaced stop's 5, then 0.2° (17.9645 road miles, 43.115 minutes).
    expect(b.milesFromPrevious).toBeCloseTo(mile(0.2) * 1.3, 6)
    expect((b.arrivesAt!.getTime() - leaveAt.getTime()) / 60_000).toBeCloseTo(21.557 + 5 + 5 + 43.115, 2)
  })

  it('without the kitchen: from the first stop to the last, no way back', () => {
    const leaveAt = new Date('2026-12-05T15:00:00Z')
    const run = estimateRun(null, [{ id: 'a', position: { lat: 42.0, lon: -83.0 } }, { id: 'b', position: { lat: 42.1, lon: -83.0 } }], { roadFactor: 1, averageMph: 30, minutesPerStop: 4 }, leaveAt)
    const straight = (0.1 * Math.PI * 3958.8) / 180
    expect(run.stops[0]).toEqual({ id: 'a', milesFromPrevious: 0, arrivesAt: leaveAt })
    expect(run.miles).toBeCloseTo(straight, 6)
    expect(run.minutes).toBeCloseTo((straight / 30) * 60 + 8, 6)
  })

  it('refuses a pace that cannot be driven', () => {
    expect(() => estimateRun(null, [], { ...DELIVERY_DAY_DEFAULTS, averageMph: 0 }, new Date())).toThrow(RangeError)
  })
})
