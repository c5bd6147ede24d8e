import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { defaultPrepDay, findPrepSheet, PREP_ORDER_SELECT, type PrepOrder, prepSheetFrom, type PrepSheet } from '@/features/admin/prepSheet'
import { PREP_SHEET_VIEW } from '@/features/admin/adminViews'
import { submitOrder } from '@/features/ordering/service'
import { windowsOpenNow } from '@/features/ordering/shop'
import type { Order } from '@/payload-types'

import { openBatch } from '../helpers/batches'
import { validOrderForm } from '../helpers/orders'
import { adminAuthHeader, restResponse, startPayload, type TestPayload } from '../helpers/payload'

const ADMIN = { email: 'prep@example.com', password: 'correct-horse-battery' }

/** Thursday, Dec 3 2026, noon in Detroit. */
const thursdayNoon = new Date('2026-12-03T17:00:00Z')
const SATURDAY = '2026-12-05'

let app: TestPayload
let sheet: PrepSheet
const placed: Record<string, Order> = {}

/** Places an order through the order service for the window with this label (Dec 2026). */
async function order(name: string, window: string, values: Record<string, string>): Promise<Order> {
  const choice = (await windowsOpenNow(app.payload, thursdayNoon)).open.find((open) => open.label === window)
  if (!choice) throw new Error(`no window ${window}`)
  const result = await submitOrder(
    app.payload,
    { ...validOrderForm, fullName: name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, deliveryMethod: choice.method, window: choice.key, ...values },
    undefined,
    { now: () => thursdayNoon },
  )
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return (placed[name] = result.order)
}

/** An order whose time is arranged by text (no window), as stored before windows existed. */
async function withoutWindow(name: string, status: Order['status'], data: Partial<Order> = {}) {
  placed[name] = await app.payload.create({
    collection: 'orders',
    data: {
      fullName: name,
      phone: '+1 313 555 0190',
      address: '9 Oak St',
      city: 'ann-arbor',
      zip: '48104',
      deliveryMethod: 'delivery',
      quantity: 1,
      flavors: 'peach-ginger',
      flavorNames: 'Peach Ginger',
      originalPrice: 20,
      deliveryFee: 5,
      discountAmount: 0,
      totalPrice: 25,
      consent: true,
      status,
      ...data,
    },
  })
}

beforeAll(async () => {
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  await app.payload.updateGlobal({
    slug: 'fulfilment',
    data: {
      windows: [
        { method: 'pickup', weekday: 'sat', start: '10:00', end: '14:00', place: 'Eastern Market' },
        { method: 'pickup', weekday: 'sun', start: '10:00', end: '12:00', place: 'Kerrytown' },
        { method: 'delivery', weekday: 'sat', start: '16:00', end: '18:00' },
        { method: 'delivery', weekday: 'sat', start: '12:00', end: '14:00' },
      ],
      leadTimeHours: 24,
      blackoutDates: [],
    },
  })
  // Placed out of route order: the later delivery first.
  await order('Late Lou', 'Sat, Dec 5 · 4:00 PM–6:00 PM', { quantity: '1', flavor1: 'peach-ginger', notes: '=ring twice, side door' })
  await order('Early Eve', 'Sat, Dec 5 · 12:00 PM–2:00 PM', {
    quantity: '6',
    flavor1: 'mixed-berry',
    flavor2: 'mixed-berry',
    flavor3: 'mixed-berry',
    flavor4: 'pineapple-mango',
    flavor5: 'pineapple-mango',
    flavor6: 'peach-ginger',
  })
  await order('Pickup Pat', 'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market', {})
  await order('Sunday Sam', 'Sun, Dec 6 · 10:00 AM–12:00 PM · Kerrytown', {})
  const cancelled = await order('Cancelled Cal', 'Sat, Dec 5 · 12:00 PM–2:00 PM', { quantity: '1', flavor1: 'mixed-berry' })
  await app.payload.update({ collection: 'orders', id: cancelled.id, data: { status: 'cancelled' } })
  // Early Eve paid ahead: nothing to collect at her door.
  await app.payload.update({ collection: 'orders', id: placed['Early Eve'].id, data: { paymentStatus: 'paid', paymentMethod: 'venmo' } })
  await withoutWindow('Texted Tia', 'confirmed')
  await withoutWindow('New Ned', 'new')
  await withoutWindow('Done Dot', 'completed')
  sheet = await findPrepSheet(app.payload, SATURDAY)
})

afterAll(async () => {
  await app?.cleanup()
})

describe("the day's prep sheet", () => {
  it("counts the jars of that day's orders per flavor, leaving out other days and cancelled orders", () => {
    // Pat 3 (MB, PG, PM) + Eve 6 (3 MB, 2 PM, 1 PG) + Lou 1 (PG) + Tia 1 (PG, confirmed, time by text).
    expect(sheet.make).toEqual([
      { flavor: 'Mixed Berry', jars: 4 },
      { flavor: 'Peach Ginger', jars: 4 },
      { flavor: 'Pineapple Mango', jars: 3 },
    ])
    expect(sheet.jars).toBe(11)
    const names = [...sheet.pickups, ...sheet.deliveries].map((stop) => stop.fullName)
    expect(names.sort()).toEqual(['Early Eve', 'Late Lou', 'Pickup Pat', 'Texted Tia'])
    expect(sheet.dayLabel).toBe('Saturday, December 5, 2026')
  })

  it('lists the pickups with their window, name, phone and jars', () => {
    expect(sheet.pickups).toEqual([
      expect.objectContaining({
        fullName: 'Pickup Pat',
        phone: validOrderForm.phone,
        window: 'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market',
        time: '10:00 AM–2:00 PM · Eastern Market',
        quantity: 3,
        jars: '1 × Mixed Berry, 1 × Peach Ginger, 1 × Pineapple Mango',
        reference: placed['Pickup Pat'].reference,
      }),
    ])
  })

  it('lists the deliveries in window order, then those arranged by text, with what to collect', () => {
    expect(sheet.deliveries.map((stop) => [stop.fullName, stop.window, stop.toCollect])).toEqual([
      ['Early Eve', 'Sat, Dec 5 · 12:00 PM–2:00 PM', 0],
      ['Late Lou', 'Sat, Dec 5 · 4:00 PM–6:00 PM', 25],
      ['Texted Tia', null, 25],
    ])
    const lou = sheet.deliveries[1]
    expect(lou).toMatchObject({ address: '1 Main St, Detroit 48201', notes: '=ring twice, side door', jars: '1 × Peach Ginger' })
    expect(lou.mapHref).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('1 Main St, Detroit, MI 48201')}`)
    // Pat $50 and Lou $25 and Tia $25 unpaid; Eve paid.
    expect(sheet.toCollect).toBe(100)
  })

  it('opens by default on the first day from today with a booked order', async () => {
    expect(await defaultPrepDay(app.payload, thursdayNoon)).toBe(SATURDAY)
    // After the weekend's windows: no booked order ahead, so today.
    expect(await defaultPrepDay(app.payload, new Date('2026-12-08T17:00:00Z'))).toBe('2026-12-08')
  })

  it('another day holds only its own orders and the ones arranged by text', async () => {
    const sunday = await findPrepSheet(app.payload, '2026-12-06')
    expect([...sunday.pickups, ...sunday.deliveries].map((stop) => stop.fullName).sort()).toEqual(['Sunday Sam', 'Texted Tia'])
    expect(sunday.jars).toBe(4)
  })
})

describe("the prep sheet's CSV", () => {
  // The admin's link, as Payload's REST API answers it (the endpoint of the orders collection).
  const download = (headers: Record<string, string> = {}) => restResponse(app.config, 'GET', `${PREP_SHEET_VIEW.csvUrl.replace(/^\/api/, '')}?day=${SATURDAY}`, { headers })

  it('is for the seller only', async () => {
    const anonymous = await download()
    expect(anonymous.status).toBe(401)
    expect(await anonymous.text()).toBe('Log in to the admin first.')
    const forged = await download({ Authorization: 'JWT not-a-token' })
    expect(forged.status).toBe(401)
    expect(await forged.text()).not.toContain('Pickup Pat')
  })

  it('reads a day far from any order as no day asked for, never a 500', async () => {
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    for (const day of ['9999-12-31', '0000-01-01']) {
      const response = await restResponse(app.config, 'GET', `${PREP_SHEET_VIEW.csvUrl.replace(/^\/api/, '')}?day=${day}`, { headers })
      expect(response.status, day).toBe(200)
      expect(response.headers.get('content-disposition'), day).not.toContain(day)
    }
  })

  it('holds the same sheet, with no live spreadsheet formula', async () => {
    const response = await download(await adminAuthHeader(app.config, ADMIN.email, ADMIN.password))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="prep-sheet-${SATURDAY}.csv"`)
    const rows = parse(await response.text(), { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[]
    expect(rows.filter((row) => row.Section === 'Make').map((row) => [row.Flavors, row.Jars])).toEqual([
      ['Mixed Berry', '4'],
      ['Peach Ginger', '4'],
      ['Pineapple Mango', '3'],
    ])
    expect(rows.filter((row) => row.Section !== 'Make').map((row) => [row.Section, row.Name, row['To collect ($)']])).toEqual([
      ['Pickup', 'Pickup Pat', '50'],
      ['Delivery', 'Early Eve', '0'],
      ['Delivery', 'Late Lou', '25'],
      ['Delivery', 'Texted Tia', '25'],
    ])
    const lou = rows.find((row) => row.Name === 'Late Lou')!
    expect(lou).toMatchObject({ Time: '4:00 PM–6:00 PM', Address: '1 Main St, Detroit 48201', Notes: "'=ring twice, side door" })
    // A phone typed as +1 … is shown as typed, never run.
    const tia = rows.find((row) => row.Name === 'Texted Tia')!
    expect(tia).toMatchObject({ Time: 'Arrange by text', Phone: "'+1 313 555 0190" })
    for (const row of rows) for (const cell of Object.values(row)) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/)
  })
})

describe("the sheet's read of the database", () => {
  it('finds the orders Payload reads and isOnSheet keeps, with the same fields and batch codes, on a 25-hour day too', async () => {
    // Nov 1 2026 is the day summer time ends: 25 hours long, from 04:00 UTC to 05:00 UTC the next day.
    const batch = await openBatch(app.payload, { jarsLeft: 0 }, { code: 'B-1101' })
    let reference = 9000
    const booked = (name: string, status: Order['status'], windowStartsAt: string, data: Partial<Order> = {}) =>
      withoutWindow(name, status, { reference: `SM-${++reference}`, windowStartsAt, windowLabel: `Sun, Nov 1 · ${name}`, ...data })
    await booked('Midnight Mo', 'new', '2026-11-01T04:00:00.000Z', { batch: batch.id })
    await booked('Late Night Lee', 'ready', '2026-11-02T04:59:00.000Z', { deliveryMethod: 'pickup', windowPlace: 'Kerrytown', paymentStatus: 'paid' })
    await booked('Eve Before Ed', 'confirmed', '2026-11-01T03:59:00.000Z')
    await booked('Monday Max', 'confirmed', '2026-11-02T05:00:00.000Z', { batch: batch.id })
    await booked('Called Off Cy', 'cancelled', '2026-11-01T15:00:00.000Z')

    // The old read: every order as a document through Payload, and the batches' codes the same way.
    const { docs: orders } = await app.payload.find({ collection: 'orders', select: PREP_ORDER_SELECT, pagination: false, depth: 0 })
    const { docs: batches } = await app.payload.find({ collection: 'batches', select: { code: true }, pagination: false, depth: 0 })
    const batchCodes = new Map(batches.map((each) => [String(each.id), each.code ?? '']))
    const names = (day: PrepSheet) => [...day.pickups, ...day.deliveries].map((stop) => stop.fullName).sort()

    const sunday = await findPrepSheet(app.payload, '2026-11-01')
    expect(names(sunday)).toEqual(['Late Night Lee', 'Midnight Mo', 'Texted Tia'])
    expect(sunday.deliveries.find((stop) => stop.fullName === 'Midnight Mo')?.batch).toBe('B-1101')
    for (const day of ['2026-10-31', '2026-11-01', '2026-11-02', SATURDAY, '2026-12-06']) {
      expect(await findPrepSheet(app.payload, day), day).toEqual(prepSheetFrom(orders as PrepOrder[], day, batchCodes))
    }
  })
})
