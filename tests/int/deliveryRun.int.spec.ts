import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { submitOrder } from '@/features/ordering/service'
import { windowsOpenNow } from '@/features/ordering/shop'
import type { Order } from '@/payload-types'
import { siteUrl } from '@/platform/config/siteUrl'

import { validOrderForm } from '../helpers/orders'
import { restResponse, startPayload, type TestPayload } from '../helpers/payload'

/**
 * A delivery run (features/delivery/run.ts, runChanges.ts) from real orders: which orders are its
 * stops, their driving order and the seller's kept order, Leaving once, and the Run page's posts
 * (`POST /seller/run/stops`, `/seller/run/leave`) as the route handlers answer them.
 */

const context = vi.hoisted(() => ({ payload: undefined as unknown }))
vi.mock('@/payloadClient', () => ({ getPayloadClient: async () => context.payload, logFailure: async () => undefined }))

const { findRunScreen } = await import('@/features/delivery/run')
const { leaveOnRun, saveStopOrder } = await import('@/features/delivery/runChanges')
const { postLeaving, postStopOrder } = await import('@/features/seller/runRoute')
const { applySellerAction } = await import('@/features/seller/service')
const { runNotices } = await import('@/features/delivery/notices')
const { textRunKey } = await import('@/features/delivery/runRules')
const { handoverSteps } = await import('@/features/ordering/handoverRecord')

const ADMIN = { email: 'driver@example.com', password: 'correct-horse-battery' }

/** Thursday, Dec 3 2026, noon in Detroit: orders are placed then. */
const thursdayNoon = new Date('2026-12-03T17:00:00Z')
/** Saturday, Dec 5 2026, in Detroit (UTC−5); Sunday and Monday after it. */
const saturdayAt = (time: string) => new Date(`2026-12-05T${time}:00-05:00`)
const sundayAt = (time: string) => new Date(`2026-12-06T${time}:00-05:00`)
const mondayAt = (time: string) => new Date(`2026-12-07T${time}:00-05:00`)

let app: TestPayload
let cookie: string
let runKey: string
const placed: Record<string, Order> = {}

async function order(name: string, window: string, values: Record<string, string> = {}): Promise<Order> {
  const choice = (await windowsOpenNow(app.payload, thursdayNoon)).open.find((open) => open.label === window)
  if (!choice) throw new Error(`no window ${window}`)
  const result = await submitOrder(
    app.payload,
    { ...validOrderForm, fullName: name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, deliveryMethod: choice.method, window: choice.key, quantity: '1', flavor1: 'mixed-berry', ...values },
    undefined,
    { now: () => thursdayNoon },
  )
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return (placed[name] = result.order)
}

/** A delivery whose time is arranged by text (no booked time), confirmed: on each day's text run until handed over. */
async function byText(name: string): Promise<Order> {
  return (placed[name] = await app.payload.create({
    collection: 'orders',
    data: {
      fullName: name,
      email: `${name.split(' ')[0].toLowerCase()}@example.com`,
      phone: '+1 313 555 0190',
      address: '1 Main St',
      city: 'detroit',
      zip: '48201',
      deliveryMethod: 'delivery',
      quantity: 1,
      flavors: 'mixed-berry',
      flavorNames: 'Mixed Berry',
      originalPrice: 20,
      deliveryFee: 5,
      discountAmount: 0,
      totalPrice: 25,
      consent: true,
      status: 'confirmed',
    },
  }))
}

/** A handover button as the seller taps it on the phone, at a moment of the test's clock. */
async function tap(name: string, action: 'notHome' | 'handedOver', at: Date) {
  const [seller] = (await app.payload.find({ collection: 'users', where: { email: { equals: ADMIN.email } }, depth: 0 })).docs
  expect(await applySellerAction(app.payload, seller, placed[name].id, { action }, at)).toMatchObject({ status: 'changed' })
}

const idOf = (name: string) => String(placed[name].id)
const namesOf = (stops: { fullName: string }[]) => stops.map((stop) => stop.fullName)
const stored = (name: string) => app.payload.findByID({ collection: 'orders', id: placed[name].id, depth: 0 })
const runRecord = async () => (await app.payload.find({ collection: 'delivery-runs', where: { runKey: { equals: runKey } }, depth: 0 })).docs[0]
const runAt = async (now: Date) => (await findRunScreen(app.payload, runKey, now)).run!

/** A post of the Run page as the seller's browser makes it: the session cookie, this site's Origin, and a form (or the page's script). */
function post(route: (request: Request) => Promise<Response>, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request('http://localhost:3000/seller/run/stops', {
    method: 'POST',
    headers: { Cookie: cookie, Origin: new URL(siteUrl()).origin, 'Sec-Fetch-Mode': 'navigate', ...headers },
    body: new URLSearchParams(fields),
  })
  return route(request)
}

beforeAll(async () => {
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  context.payload = app.payload
  await app.payload.updateGlobal({
    slug: 'fulfilment',
    data: {
      windows: [
        { method: 'delivery', weekday: 'sat', start: '16:00', end: '18:00' },
        { method: 'delivery', weekday: 'sat', start: '12:00', end: '14:00' },
        { method: 'delivery', weekday: 'sun', start: '12:00', end: '14:00' },
        { method: 'pickup', weekday: 'sat', start: '16:00', end: '18:00', place: 'Eastern Market' },
      ],
      leadTimeHours: 24,
      blackoutDates: [],
      deliveryDay: { enabled: true },
    },
  })
  await app.payload.updateGlobal({ slug: 'site-settings', data: { labelStreet: '1234 Woodward Ave', labelPlace: 'Detroit, MI 48201' } })

  const late = 'Sat, Dec 5 · 4:00 PM–6:00 PM'
  await order('Ann Arbor Amy', late, { zip: '48104', city: 'ann-arbor' })
  await order('Eastside Eli', late, { zip: '48207' })
  await order('PO Box Pat', late, { zip: '48007' })
  await order('Ferndale Fay', late, { zip: '48220' })
  await order('Cancelled Cal', late, { zip: '48203' })
  await order('Held Hal', late, { zip: '48235' })
  await order('Market Mo', 'Sat, Dec 5 · 4:00 PM–6:00 PM · Eastern Market')
  await order('Noon Nia', 'Sat, Dec 5 · 12:00 PM–2:00 PM', { zip: '48201' })
  await order('Sunday Sue', 'Sun, Dec 6 · 12:00 PM–2:00 PM', { zip: '48201' })
  runKey = placed['Eastside Eli'].windowKey!

  await app.payload.update({ collection: 'orders', id: placed['Cancelled Cal'].id, data: { status: 'cancelled' } })
  const recall = await app.payload.create({ collection: 'recalls', data: { label: 'Batch B-1', kind: 'drill', scope: 'batch=1' }, overrideAccess: true })
  await app.payload.db.updateOne({ collection: 'orders', id: placed['Held Hal'].id, data: { heldByRecall: recall.id } })

})

/**
 * The route handlers take the time from the clock: it is set to Saturday's run (only `Date`, the
 * rest of the process runs as usual), and the seller signs in then, so the session is that day's.
 */
async function onSaturdayAt(time: string) {
  await signedInAt(saturdayAt(time))
}

async function signedInAt(now: Date) {
  vi.useFakeTimers({ toFake: ['Date'], now })
  const signedIn = await restResponse(app.config, 'POST', '/users/login', { body: ADMIN })
  cookie = String(signedIn.headers.get('set-cookie')).split(';')[0]
  expect(cookie).toMatch(/^payload-token=/)
}

afterEach(() => {
  vi.useRealTimers()
})

afterAll(async () => {
  await app?.cleanup()
})

describe('the run', () => {
  it("lists today's and tomorrow's delivery times, and the first still to drive", async () => {
    const screen = await findRunScreen(app.payload, null, saturdayAt('08:00'))
    expect(screen.runs.map((choice) => [choice.today, choice.label, choice.stopCount])).toEqual([
      [true, '12:00 PM–2:00 PM', 1],
      [true, '4:00 PM–6:00 PM', 4],
      [false, '12:00 PM–2:00 PM', 1],
    ])
    expect(namesOf(screen.run!.stops)).toEqual(['Noon Nia'])
    // Once the noon run is over, the 4 PM one is the first to drive.
    expect((await findRunScreen(app.payload, null, saturdayAt('14:30'))).run!.runKey).toBe(runKey)
  })

  it('has the delivery orders of its time in driving order from the kitchen, not the cancelled, pickup or held ones; an unknown ZIP last, flagged', async () => {
    const run = await runAt(saturdayAt('08:00'))
    // From Detroit's 48201: the east side, Ferndale up north, then out to Ann Arbor and back (the
    // shortest loop; the reverse loop is as long, and nearest neighbour takes the nearer first).
    expect(namesOf(run.stops)).toEqual(['Eastside Eli', 'Ferndale Fay', 'Ann Arbor Amy', 'PO Box Pat'])
    expect(run.stops.map((stop) => [stop.number, stop.unknownZip])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ])
    expect(namesOf(run.held)).toEqual(['Held Hal'])
    expect(run.held[0]).toMatchObject({ number: null, held: true })
    // Before Leaving, the times are from the time's start.
    expect(run.estimate).toMatchObject({ from: 'start', leaveAt: saturdayAt('16:00').toISOString() })
    const arrivals = run.stops.slice(0, 3).map((stop) => Date.parse(stop.arrivesAt!))
    expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b))
    expect(arrivals[0]).toBeGreaterThan(saturdayAt('16:00').getTime())
    expect(run.stops[3].arrivesAt).toBeNull()
    expect(Math.abs(Date.parse(run.estimate.backAt) - (saturdayAt('16:00').getTime() + run.estimate.minutes * 60_000))).toBeLessThan(1)
    // $20 a jar and the $5 delivery fee.
    expect(run.stops[0]).toMatchObject({ toCollect: 25, paid: false, flavors: [{ flavor: 'Mixed Berry', jars: 1 }], outMinutes: null })
    expect(run.kitchenKnown).toBe(true)
  })

  it("keeps the seller's order, and puts a new order in where it adds the fewest miles", async () => {
    const kept = [idOf('PO Box Pat'), idOf('Ann Arbor Amy'), idOf('Ferndale Fay'), idOf('Eastside Eli')]
    expect(await saveStopOrder(app.payload, runKey, { kind: 'order', ids: kept }, saturdayAt('08:00'))).toEqual({ status: 'saved' })
    expect((await runRecord()).stopOrder).toEqual(kept)
    expect(namesOf((await runAt(saturdayAt('08:00'))).stops)).toEqual(['PO Box Pat', 'Ann Arbor Amy', 'Ferndale Fay', 'Eastside Eli'])

    // Dearborn (48124) lies between Detroit and Ann Arbor: it goes in on the way there (the PO box
    // has no place on the map, so before or after it is the same: the first of the two).
    await order('Dearborn Dee', 'Sat, Dec 5 · 4:00 PM–6:00 PM', { zip: '48124' })
    expect(namesOf((await runAt(saturdayAt('08:00'))).stops)).toEqual(['Dearborn Dee', 'PO Box Pat', 'Ann Arbor Amy', 'Ferndale Fay', 'Eastside Eli'])

    // Up/Down without a script: one place at a time.
    expect(await saveStopOrder(app.payload, runKey, { kind: 'move', id: idOf('Eastside Eli'), to: 'up' }, saturdayAt('08:00'))).toEqual({ status: 'saved' })
    expect(namesOf((await runAt(saturdayAt('08:00'))).stops)).toEqual(['Dearborn Dee', 'PO Box Pat', 'Ann Arbor Amy', 'Eastside Eli', 'Ferndale Fay'])
  })

  it('warns before Leaving when the estimate is over the limit, with the best split in two', async () => {
    // Out to Ann Arbor and back at 25 mph is over the default 2 hours.
    const run = await runAt(saturdayAt('08:00'))
    expect(run.limitMinutes).toBe(120)
    expect(run.estimate.minutes).toBeGreaterThan(120)
    const split = run.overLimit!.split!
    // Dearborn, the PO box and Ann Arbor, then Ferndale and the east side: the longer of the two as short as can be.
    expect(split.firstStops).toBe(3)
    expect(split.fits).toBe(false)
    expect(split.firstMinutes).toBeGreaterThan(split.secondMinutes)

    await app.payload.updateGlobal({ slug: 'fulfilment', data: { deliveryDay: { enabled: true, outOfFridgeLimitMinutes: 8 * 60 } } })
    try {
      expect((await runAt(saturdayAt('08:00'))).overLimit).toBeNull()
    } finally {
      await app.payload.updateGlobal({ slug: 'fulfilment', data: { deliveryDay: { enabled: true, outOfFridgeLimitMinutes: null } } })
    }
  })
})

describe('Leaving', () => {
  it("records when the cooler left on the run and on each order not yet handed over, once; a second tap keeps the first time", async () => {
    // Eli's jars were handed over early (the handover buttons record it on the order).
    const handedOverAt = saturdayAt('15:30').toISOString()
    await app.payload.db.updateOne({ collection: 'orders', id: placed['Eastside Eli'].id, data: { handedOverAt } })

    expect(await leaveOnRun(app.payload, placed['Sunday Sue'].windowKey!, saturdayAt('15:55'))).toEqual({ status: 'not-today' })
    const [first, second] = await Promise.all([leaveOnRun(app.payload, runKey, saturdayAt('15:55')), leaveOnRun(app.payload, runKey, saturdayAt('15:56'))])
    expect([first.status, second.status].sort()).toEqual(['already-left', 'left'])
    const leftAt = (first.status === 'left' ? first : second).leftAt
    expect(await leaveOnRun(app.payload, runKey, saturdayAt('16:10'))).toEqual({ status: 'already-left', leftAt })

    expect((await runRecord()).leftAt).toBe(leftAt)
    for (const name of ['Ann Arbor Amy', 'PO Box Pat', 'Ferndale Fay', 'Dearborn Dee']) expect((await stored(name)).leftFridgeAt).toBe(leftAt)
    // Not the handed-over order, nor those not on the run.
    for (const name of ['Eastside Eli', 'Held Hal', 'Cancelled Cal', 'Market Mo', 'Noon Nia']) expect((await stored(name)).leftFridgeAt ?? null).toBeNull()

    const run = await runAt(new Date(Date.parse(leftAt!) + 42 * 60_000))
    expect(run.estimate).toMatchObject({ from: 'leaving', leaveAt: leftAt })
    expect(run.overLimit).toBeNull()
    expect(run.stops.find((stop) => stop.fullName === 'Ferndale Fay')?.outMinutes).toBe(42)
    expect(run.stops.find((stop) => stop.fullName === 'Eastside Eli')).toMatchObject({ handedOverAt, outMinutes: null })
    expect((await findRunScreen(app.payload, null, saturdayAt('16:30'))).runs.find((choice) => choice.runKey === runKey)?.left).toBe(true)
  })
})

describe("the Run page's posts", () => {
  it('save a drag (204 to the script), and Up/Down and Leaving answer with the run again (303)', async () => {
    await onSaturdayAt('16:20')
    const order = [idOf('Ferndale Fay'), idOf('Eastside Eli'), idOf('PO Box Pat'), idOf('Dearborn Dee'), idOf('Ann Arbor Amy')]
    const saved = await post(postStopOrder, { run: runKey, stops: order.join(',') }, { 'Sec-Fetch-Mode': 'cors' })
    expect(saved.status).toBe(204)
    expect((await runRecord()).stopOrder).toEqual(order)

    const moved = await post(postStopOrder, { run: runKey, move: idOf('Eastside Eli'), to: 'up' })
    expect(moved.status).toBe(303)
    expect(new URL(moved.headers.get('location')!).search).toBe(`?run=${encodeURIComponent(runKey)}&moved=1`)
    expect((await runRecord()).stopOrder).toEqual([order[1], order[0], ...order.slice(2)])

    const leaving = await post(postLeaving, { run: runKey })
    expect(leaving.status).toBe(303)
    expect(Object.fromEntries(new URL(leaving.headers.get('location')!).searchParams)).toEqual({ run: runKey, alreadyLeft: (await runRecord()).leftAt })
  })

  it('refuse with 400 a stop not on the run, a repeat, too many stops or no run, storing nothing', async () => {
    await onSaturdayAt('16:20')
    const before = (await runRecord()).stopOrder
    const onRun = [idOf('Ferndale Fay'), idOf('Eastside Eli'), idOf('PO Box Pat'), idOf('Dearborn Dee'), idOf('Ann Arbor Amy')]
    const refusedPosts: Record<string, string>[] = [
      { run: runKey, stops: [...onRun, idOf('Market Mo')].join(',') },
      { run: runKey, stops: [...onRun, idOf('Held Hal')].join(',') },
      { run: runKey, stops: [...onRun, idOf('Cancelled Cal')].join(',') },
      { run: runKey, stops: [onRun[0], ...onRun].join(',') },
      { run: runKey, stops: Array.from({ length: 201 }, (_, index) => String(index + 1)).join(',') },
      { run: runKey, stops: `${onRun[0]},DROP TABLE` },
      { run: runKey, move: idOf('Noon Nia'), to: 'up' },
      { run: runKey, move: onRun[0], to: 'sideways' },
      { run: 'not a run', stops: onRun.join(',') },
    ]
    for (const fields of refusedPosts) {
      const answer = await post(postStopOrder, fields, { 'Sec-Fetch-Mode': 'cors' })
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400)
    }
    expect((await runRecord()).stopOrder).toEqual(before)
  })

  it('refuse another site (403) and send a signed-out form to sign in', async () => {
    await onSaturdayAt('16:20')
    const before = (await runRecord()).stopOrder
    const fields = { run: runKey, stops: [...(before as string[])].reverse().join(',') }
    expect((await post(postStopOrder, fields, { Origin: 'https://elsewhere.example' })).status).toBe(403)
    const signedOut = await post(postStopOrder, fields, { Cookie: '' })
    expect(signedOut.status).toBe(303)
    expect(signedOut.headers.get('location')).toContain('/admin/login?redirect=')
    expect((await post(postStopOrder, fields, { Cookie: '', 'Sec-Fetch-Mode': 'cors' })).status).toBe(401)
    expect((await runRecord()).stopOrder).toEqual(before)
  })
})

describe('an order out on an earlier run (Not home), then on another', () => {
  it("leaves again with the next day's text run: the stop's time is that run's Leaving, not the day before's", async () => {
    await byText('Text Tom')
    expect(await leaveOnRun(app.payload, textRunKey('2026-12-05'), saturdayAt('09:00'))).toEqual({ status: 'left', leftAt: saturdayAt('09:00').toISOString() })
    await tap('Text Tom', 'notHome', saturdayAt('09:20'))
    expect(await stored('Text Tom')).toMatchObject({ status: 'confirmed', leftFridgeAt: saturdayAt('09:00').toISOString() })

    // Sunday, before Leaving: the jars are back in the fridge, nothing is counting.
    const sundayRun = textRunKey('2026-12-06')
    const before = (await findRunScreen(app.payload, sundayRun, sundayAt('09:30'))).run!
    expect(before.stops.find((stop) => stop.fullName === 'Text Tom')).toMatchObject({ leftFridgeAt: null, outMinutes: null })

    expect(await leaveOnRun(app.payload, sundayRun, sundayAt('10:00'))).toEqual({ status: 'left', leftAt: sundayAt('10:00').toISOString() })
    // A second tap of the same run still keeps its first time.
    expect(await leaveOnRun(app.payload, sundayRun, sundayAt('10:15'))).toEqual({ status: 'already-left', leftAt: sundayAt('10:00').toISOString() })
    expect((await stored('Text Tom')).leftFridgeAt).toBe(sundayAt('10:00').toISOString())
    const out = (await findRunScreen(app.payload, sundayRun, sundayAt('10:30'))).run!
    expect(out.stops.find((stop) => stop.fullName === 'Text Tom')).toMatchObject({ leftFridgeAt: sundayAt('10:00').toISOString(), outMinutes: 30 })
  })

  it('booked again for another run: that run\'s Leaving gives it the new time, and the record says this trip', async () => {
    // Noon Nia's run leaves on Saturday; nobody is home; the seller books her for Sunday noon.
    const noonRun = placed['Noon Nia'].windowKey!
    expect(await leaveOnRun(app.payload, noonRun, saturdayAt('11:50'))).toMatchObject({ status: 'left' })
    await tap('Noon Nia', 'notHome', saturdayAt('12:30'))
    const sunday = placed['Sunday Sue']
    await app.payload.update({
      collection: 'orders',
      id: placed['Noon Nia'].id,
      data: { windowKey: sunday.windowKey, windowLabel: sunday.windowLabel, windowStartsAt: sunday.windowStartsAt, windowEndsAt: sunday.windowEndsAt },
    })

    expect(await leaveOnRun(app.payload, sunday.windowKey!, sundayAt('11:45'))).toMatchObject({ status: 'left' })
    for (const name of ['Noon Nia', 'Sunday Sue']) expect((await stored(name)).leftFridgeAt, name).toBe(sundayAt('11:45').toISOString())
    await tap('Noon Nia', 'handedOver', sundayAt('12:10'))
    // The order's page (and the recall list, which reads the same fields): out 25 minutes on Sunday, not since Saturday.
    expect(handoverSteps(await stored('Noon Nia'))).toEqual(['Out of the fridge 11:45 AM', 'Not home Dec 5, 12:30 PM', 'Handed over 12:10 PM (25 min)'])
  })
})

describe('Delivery day off', () => {
  it('has no runs', async () => {
    await app.payload.updateGlobal({ slug: 'fulfilment', data: { deliveryDay: { enabled: false } } })
    const screen = await findRunScreen(app.payload, runKey, saturdayAt('16:20'))
    expect(screen).toMatchObject({ runs: [], run: null, settings: { enabled: false } })
  })

  it('records no Leaving (409, as the handovers): neither the run nor its orders', async () => {
    // Monday's text run, not left: Tom is still on it (not home on Sunday), and Otto is new.
    await byText('Text Otto')
    const mondayRun = textRunKey('2026-12-07')
    await signedInAt(mondayAt('09:00'))
    const answer = await post(postLeaving, { run: mondayRun })
    expect(answer.status).toBe(409)
    expect(await answer.text()).toBe(runNotices.leavingOff)
    expect(await leaveOnRun(app.payload, mondayRun, mondayAt('09:05'))).toEqual({ status: 'delivery-day-off' })

    expect((await app.payload.find({ collection: 'delivery-runs', where: { runKey: { equals: mondayRun } }, depth: 0 })).totalDocs).toBe(0)
    expect((await stored('Text Otto')).leftFridgeAt ?? null).toBeNull()
    expect((await stored('Text Tom')).leftFridgeAt).toBe(sundayAt('10:00').toISOString())
  })

  it('saves no stop order either (409): a Run page from before it was turned off changes nothing', async () => {
    const mondayRun = textRunKey('2026-12-07')
    await signedInAt(mondayAt('09:10'))
    const answer = await post(postStopOrder, { run: mondayRun, stops: [idOf('Text Otto'), idOf('Text Tom')].join(',') }, { 'Sec-Fetch-Mode': 'cors' })
    expect(answer.status).toBe(409)
    expect(await answer.text()).toBe(runNotices.off)
    expect(await saveStopOrder(app.payload, mondayRun, { kind: 'move', id: idOf('Text Otto'), to: 'up' }, mondayAt('09:10'))).toEqual({ status: 'delivery-day-off' })
    expect((await app.payload.find({ collection: 'delivery-runs', where: { runKey: { equals: mondayRun } }, depth: 0 })).totalDocs).toBe(0)
  })
})
