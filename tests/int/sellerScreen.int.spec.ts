import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { submitOrder } from '@/features/ordering/service'
import { windowsOpenNow } from '@/features/ordering/shop'
import type { Order, User } from '@/payload-types'
import { siteUrl } from '@/platform/config/siteUrl'

import { validOrderForm } from '../helpers/orders'
import { restResponse, startPayload, type TestPayload } from '../helpers/payload'

/**
 * The seller's daily screen (features/seller): what Today and New list, and its buttons' posts
 * (`POST /seller/orders/<id>`) as the route handler answers them — stored once, the customer's
 * e-mail queued once, refused without a session or from another site — and Add order's action.
 */

const context = vi.hoisted(() => ({ payload: undefined as unknown, headers: new Headers() }))
vi.mock('@/payloadClient', () => ({ getPayloadClient: async () => context.payload, logFailure: async () => undefined }))
// The request a server action runs for, as Next gives it (`headers()`), and where it sends the browser on.
vi.mock('next/headers', () => ({ headers: async () => context.headers }))
class Redirected extends Error {
  constructor(readonly location: string) {
    super(`redirected to ${location}`)
  }
}
vi.mock('next/navigation', () => ({
  redirect: (location: string) => {
    throw new Redirected(location)
  },
}))

const { findNewOrders, findTodayScreen } = await import('@/features/seller/dailyScreen')
const { postSellerAction } = await import('@/features/seller/orderRoute')
const { sellerNotices } = await import('@/features/seller/notices')
const { ADD_ORDER_MAX_BYTES } = await import('@/features/seller/rules')
const { addOrderOnPhone } = await import('@/features/seller/actions')
const manifestRoute = await import('@/app/(seller)/seller/manifest.webmanifest/route')

const ADMIN = { email: 'phone@example.com', password: 'correct-horse-battery' }

/** Thursday, Dec 3 2026, noon in Detroit: orders are placed then. */
const thursdayNoon = new Date('2026-12-03T17:00:00Z')
/** Saturday, Dec 5 2026, 8:00 AM in Detroit: the seller opens Today. */
const saturdayMorning = new Date('2026-12-05T13:00:00Z')

let app: TestPayload
let seller: User
let cookie: string
const placed: Record<string, Order> = {}

async function order(name: string, window: string, values: Record<string, string> = {}): Promise<Order> {
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

/** A button of the daily screen, posted as the seller's browser posts it (its session cookie and this site's Origin). */
function post(orderId: number | string, fields: Record<string, string>, headers: Record<string, string> = { Cookie: cookie, Origin: new URL(siteUrl()).origin }) {
  const request = new Request(`http://localhost:3000/seller/orders/${orderId}`, { method: 'POST', headers, body: new URLSearchParams({ back: '/seller', ...fields }) })
  return postSellerAction(request, String(orderId))
}

const stored = (name: string) => app.payload.findByID({ collection: 'orders', id: placed[name].id, depth: 0 })

/** The customer e-mails queued for an order's status (`order:<id>:<kind>`, as the Orders hooks key them). */
async function statusEmails(name: string, kind: string): Promise<number> {
  const { totalDocs } = await app.payload.count({ collection: 'email-outbox', where: { dedupeKey: { equals: `order:${placed[name].id}:${kind}` } } })
  return totalDocs
}

const notice = (response: Response) => Object.fromEntries(new URL(response.headers.get('location')!).searchParams)

beforeAll(async () => {
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  context.payload = app.payload
  await app.payload.updateGlobal({
    slug: 'fulfilment',
    data: {
      windows: [
        { method: 'pickup', weekday: 'sat', start: '13:00', end: '14:00', place: 'Eastern Market' },
        { method: 'pickup', weekday: 'sat', start: '11:00', end: '12:00', place: 'Kerrytown' },
        { method: 'pickup', weekday: 'sat', start: '10:00', end: '11:00', place: 'Eastern Market' },
        { method: 'pickup', weekday: 'sun', start: '10:00', end: '12:00', place: 'Kerrytown' },
        { method: 'delivery', weekday: 'sat', start: '16:00', end: '18:00' },
        { method: 'delivery', weekday: 'sat', start: '12:00', end: '14:00' },
      ],
      leadTimeHours: 24,
      blackoutDates: [],
    },
  })
  // Placed out of time order.
  await order('Late Lou', 'Sat, Dec 5 · 4:00 PM–6:00 PM', { quantity: '1', flavor1: 'peach-ginger' })
  await order('Market Mia', 'Sat, Dec 5 · 1:00 PM–2:00 PM · Eastern Market', { quantity: '1', flavor1: 'mixed-berry' })
  await order('Kerry Kim', 'Sat, Dec 5 · 11:00 AM–12:00 PM · Kerrytown')
  await order('Early Eve', 'Sat, Dec 5 · 12:00 PM–2:00 PM', { quantity: '1', flavor1: 'pineapple-mango' })
  await order('Market Max', 'Sat, Dec 5 · 10:00 AM–11:00 AM · Eastern Market', { quantity: '1', flavor1: 'peach-ginger' })
  await order('Sunday Sam', 'Sun, Dec 6 · 10:00 AM–12:00 PM · Kerrytown', { quantity: '1', flavor1: 'mixed-berry' })
  // Eve paid ahead by Venmo.
  await app.payload.update({ collection: 'orders', id: placed['Early Eve'].id, data: { paymentStatus: 'paid', paymentMethod: 'venmo' } })

  seller = (await app.payload.find({ collection: 'users', where: { email: { equals: ADMIN.email } } })).docs[0]
  const signedIn = await restResponse(app.config, 'POST', '/users/login', { body: ADMIN })
  cookie = String(signedIn.headers.get('set-cookie')).split(';')[0]
  expect(cookie).toMatch(/^payload-token=/)
})

afterAll(async () => {
  await app?.cleanup()
})

describe('Today', () => {
  it("lists today's pickups by place and deliveries in route order, by time, with jars, totals and paid state", async () => {
    const screen = await findTodayScreen(app.payload, saturdayMorning)
    expect(screen.today.dayLabel).toBe('Saturday, December 5, 2026')
    expect(screen.today.pickups.map(({ place, orders }) => [place, orders.map((card) => [card.fullName, card.time, card.jars, card.total, card.paid])])).toEqual([
      [
        'Eastern Market',
        [
          ['Market Max', '10:00 AM–11:00 AM · Eastern Market', '1 × Peach Ginger', 20, false],
          ['Market Mia', '1:00 PM–2:00 PM · Eastern Market', '1 × Mixed Berry', 20, false],
        ],
      ],
      ['Kerrytown', [['Kerry Kim', '11:00 AM–12:00 PM · Kerrytown', '1 × Mixed Berry, 1 × Peach Ginger, 1 × Pineapple Mango', 50, false]]],
    ])
    expect(screen.today.deliveries.map((card) => [card.fullName, card.time, card.jars, card.total, card.paid])).toEqual([
      ['Early Eve', '12:00 PM–2:00 PM', '1 × Pineapple Mango', 25, true],
      ['Late Lou', '4:00 PM–6:00 PM', '1 × Peach Ginger', 25, false],
    ])
    // Everything on today's list but Eve's, who paid.
    expect(screen.today.toCollect).toBe(20 + 20 + 50 + 25)
    expect(screen.tomorrow.pickups).toEqual([{ place: 'Kerrytown', orders: [expect.objectContaining({ fullName: 'Sunday Sam', reference: placed['Sunday Sam'].reference })] }])
    expect(screen.tomorrow.deliveries).toEqual([])
    expect(screen.newOrders).toBe(6)
  })
})

describe('New', () => {
  it('lists the orders waiting to be confirmed, newest first', async () => {
    const list = await findNewOrders(app.payload, seller, 1)
    expect(list.orders.map((card) => card.fullName)).toEqual(['Sunday Sam', 'Market Max', 'Early Eve', 'Kerry Kim', 'Market Mia', 'Late Lou'])
    expect(list.orders[0]).toMatchObject({ reference: placed['Sunday Sam'].reference, time: 'Sun, Dec 6 · 10:00 AM–12:00 PM · Kerrytown', total: 20, paid: false })
  })
})

describe("the daily screen's buttons", () => {
  it('confirm once on a double tap: one status change, one e-mail to the customer', async () => {
    const answers = await Promise.all([post(placed['Market Max'].id, { action: 'confirm' }), post(placed['Market Max'].id, { action: 'confirm' })])
    expect(answers.map((answer) => answer.status)).toEqual([303, 303])
    expect(answers.map(notice)).toEqual(
      expect.arrayContaining([
        { done: 'confirm', order: placed['Market Max'].reference },
        { unchanged: placed['Market Max'].reference },
      ]),
    )
    expect(new URL(answers[0].headers.get('location')!).pathname).toBe('/seller')
    expect((await stored('Market Max')).status).toBe('confirmed')
    expect(await statusEmails('Market Max', 'confirmed')).toBe(1)
    // The New list no longer has it.
    expect((await findNewOrders(app.payload, seller, 1)).orders.map((card) => card.fullName)).not.toContain('Market Max')
  })

  it('move Ready → Completed once each, and a stale Confirm posted again later moves nothing back', async () => {
    expect(notice(await post(placed['Market Max'].id, { action: 'ready' }))).toEqual({ done: 'ready', order: placed['Market Max'].reference })
    // The first Confirm's answer was lost and the browser posts it again.
    expect(notice(await post(placed['Market Max'].id, { action: 'confirm' }))).toEqual({ unchanged: placed['Market Max'].reference })
    expect((await stored('Market Max')).status).toBe('ready')

    await post(placed['Market Max'].id, { action: 'complete' })
    const completed = await stored('Market Max')
    expect(notice(await post(placed['Market Max'].id, { action: 'complete' }))).toEqual({ unchanged: placed['Market Max'].reference })
    expect(await stored('Market Max')).toMatchObject({ status: 'completed', completedAt: completed.completedAt })
    expect(await statusEmails('Market Max', 'ready')).toBe(1)
    expect(await statusEmails('Market Max', 'completed')).toBe(1)
    expect(await statusEmails('Market Max', 'confirmed')).toBe(1)
  })

  it('mark paid once, with the method of the first tap', async () => {
    const first = await post(placed['Late Lou'].id, { action: 'paid', method: 'cash', owed: '25' })
    expect(notice(first)).toEqual({ done: 'paid', order: placed['Late Lou'].reference, method: 'cash' })
    const paid = await stored('Late Lou')
    expect(paid).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'cash' })
    expect(paid.paidAt).toBeTruthy()

    expect(notice(await post(placed['Late Lou'].id, { action: 'paid', method: 'zelle', owed: '25' }))).toEqual({ unchanged: placed['Late Lou'].reference })
    expect(await stored('Late Lou')).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'cash', paidAt: paid.paidAt })
    // Lou's $25 is no longer to collect.
    expect((await findTodayScreen(app.payload, saturdayMorning)).today.toCollect).toBe(20 + 20 + 50)
  })

  it('cancel once with its reason kept in the notes; a cancel needs a reason', async () => {
    const missing = await post(placed['Market Mia'].id, { action: 'cancel', reason: '   ' })
    expect(missing.status).toBe(400)
    expect(await missing.text()).toBe('Write why the order is cancelled: the reason is kept in its notes.')

    await Promise.all([post(placed['Market Mia'].id, { action: 'cancel', reason: 'Asked by text' }), post(placed['Market Mia'].id, { action: 'cancel', reason: 'Asked by text' })])
    expect(await stored('Market Mia')).toMatchObject({ status: 'cancelled', notes: 'Cancelled: Asked by text' })
    expect(await statusEmails('Market Mia', 'cancelled')).toBe(1)
  })

  it('are refused without a session (sent to sign in, back to the page) and change nothing', async () => {
    const answer = await post(placed['Kerry Kim'].id, { action: 'confirm', back: '/seller/new?page=2' }, { Origin: new URL(siteUrl()).origin })
    expect(answer.status).toBe(303)
    const location = new URL(answer.headers.get('location')!)
    expect(location.pathname).toBe('/admin/login')
    expect(location.searchParams.get('redirect')).toBe('/seller/new?page=2')
    expect((await stored('Kerry Kim')).status).toBe('new')
  })

  it("are refused with 403 from another site's page, or with no Origin at all, even with the seller's cookie", async () => {
    const refusedHeaders: Record<string, string>[] = [{ Cookie: cookie, Origin: 'https://evil.example' }, { Cookie: cookie }, { Cookie: cookie, Origin: 'http://192.168.1.20:3000' }]
    for (const headers of refusedHeaders) {
      const answer = await post(placed['Kerry Kim'].id, { action: 'confirm' }, headers)
      expect(answer.status).toBe(403)
      expect(await answer.text()).toMatch(/only saved from this site/)
    }
    expect((await stored('Kerry Kim')).status).toBe('new')
    expect(await statusEmails('Kerry Kim', 'confirmed')).toBe(0)
  })

  it('answer a form that does not read with 400, an unknown order with 404, and never send the seller elsewhere', async () => {
    expect((await post(placed['Kerry Kim'].id, { action: 'delete' })).status).toBe(400)
    expect((await post(placed['Kerry Kim'].id, { action: 'paid', method: 'bitcoin', owed: '50' })).status).toBe(400)
    expect((await post('999999', { action: 'confirm' })).status).toBe(404)
    expect((await post('../users', { action: 'confirm' })).status).toBe(404)
    const forged = await post(placed['Kerry Kim'].id, { action: 'confirm', back: 'https://evil.example/seller' })
    expect(new URL(forged.headers.get('location')!).href).toMatch(new RegExp(`^${siteUrl()}/seller\\?`))
    expect((await stored('Kerry Kim')).status).toBe('confirmed')
  })
})

describe('New, paged', () => {
  it('shows 20 a page, newest first, and the rest on the next page', async () => {
    const waiting = (await findNewOrders(app.payload, seller, 1)).totalOrders
    for (let n = 0; n < 21 - waiting; n++) await order(`Paged Pam ${n}`, 'Sun, Dec 6 · 10:00 AM–12:00 PM · Kerrytown', { quantity: '1', flavor1: 'mixed-berry' })
    const first = await findNewOrders(app.payload, seller, 1)
    const second = await findNewOrders(app.payload, seller, 2)
    expect([first.orders.length, second.orders.length, first.totalPages, first.totalOrders]).toEqual([20, 1, 2, 21])
    expect(first.orders[0].fullName).toBe(`Paged Pam ${20 - waiting}`)
    // The oldest order still waiting: Lou's, placed first (paid, never confirmed).
    expect(second.orders.map((card) => card.fullName)).toEqual(['Late Lou'])
  })
})

describe('the app on the home screen', () => {
  it("has a manifest with the business's name that opens Today standalone, and its icons at their sizes", async () => {
    await app.payload.updateGlobal({ slug: 'site-settings', data: { businessName: 'Moss & Co' } })
    const answer = await manifestRoute.GET()
    expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
    const manifest = await answer.json()
    expect(manifest).toMatchObject({ name: 'Moss & Co · Today', short_name: 'Today', start_url: '/seller', scope: '/seller', display: 'standalone' })
    expect(manifest.icons.map((icon: { purpose: string; sizes: string }) => `${icon.purpose} ${icon.sizes}`)).toEqual(['any 192x192', 'any 512x512', 'maskable 512x512'])
    for (const icon of [...manifest.icons, { src: '/seller/apple-touch-icon.png', sizes: '180x180' }]) {
      const { width, height, format } = await sharp(path.join('public', icon.src)).metadata()
      expect(`${format} ${width}x${height}`).toBe(`png ${icon.sizes}`)
    }
  })
})

describe('Add order on the phone (its server action, posted with or without JavaScript)', () => {
  /** The action as Next runs it for the seller's browser: the request's headers (its session cookie and this site's Origin) and the form. */
  async function addOrder(fields: Record<string, string>, headers: Record<string, string> = { Cookie: cookie, Origin: new URL(siteUrl()).origin }) {
    context.headers = new Headers(headers)
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.set(name, value)
    try {
      return { state: await addOrderOnPhone({ status: 'idle' }, form) }
    } catch (error) {
      if (error instanceof Redirected) return { redirectedTo: error.location }
      throw error
    }
  }

  const ordersOf = async (fullName: string) => (await app.payload.find({ collection: 'orders', where: { fullName: { equals: fullName } }, depth: 0 })).docs

  const byText = (fullName: string, values: Record<string, string> = {}) => ({
    source: 'text',
    quantity: '3',
    flavor1: 'mixed-berry',
    flavor2: 'mixed-berry',
    flavor3: 'peach-ginger',
    // A fourth jar's flavor, left in the form from a 6-jar choice: not read for 3 jars.
    flavor4: 'pineapple-mango',
    fullName,
    phone: '(734) 555-0177',
    address: '40 Liberty St',
    city: 'ann-arbor',
    zip: '48104',
    ...values,
  })

  it("is refused from another site's page or with no Origin (the form again, saying why, with what was typed), sends a visitor to sign in, and stores nothing", async () => {
    const fields = byText('Refused Rita')
    const refusedHeaders: Record<string, string>[] = [{ Cookie: cookie, Origin: 'https://evil.example' }, { Cookie: cookie }, { Cookie: cookie, Origin: 'http://192.168.1.20:3000' }]
    for (const headers of refusedHeaders) {
      const { state } = await addOrder(fields, headers)
      expect(state).toMatchObject({ status: 'error', message: { title: sellerNotices.refusedTitle, description: sellerNotices.otherSite }, values: { fullName: 'Refused Rita', flavor3: 'peach-ginger' } })
    }
    expect(await addOrder(fields, { Origin: new URL(siteUrl()).origin })).toEqual({ redirectedTo: '/admin/login?redirect=%2Fseller%2Fadd' })
    expect(await ordersOf('Refused Rita')).toEqual([])
  })

  it('is refused for a signed-in account that is not one of the seller\'s admins', async () => {
    // Every account Payload signs in today is an admin (collections/Users.ts); the check holds for any other auth collection added later.
    vi.spyOn(app.payload, 'auth').mockResolvedValueOnce({ user: { ...seller, collection: 'customers' } } as never)
    const { state } = await addOrder(byText('Other Olga'))
    expect(state).toMatchObject({ status: 'error', message: { description: sellerNotices.notAnAdmin } })
    expect(await ordersOf('Other Olga')).toEqual([])
  })

  it(`refuses a form over ${ADD_ORDER_MAX_BYTES / 1024} kB before anything else, without showing it again; one just under is answered by the order's rules`, async () => {
    const { state } = await addOrder({ ...byText('Large Lara'), notes: 'x'.repeat(ADD_ORDER_MAX_BYTES) })
    expect(state).toEqual({ status: 'error', message: { title: sellerNotices.refusedTitle, description: sellerNotices.tooLarge } })
    expect(await ordersOf('Large Lara')).toEqual([])
    const under = await addOrder({ ...byText('Large Lara'), notes: 'x'.repeat(ADD_ORDER_MAX_BYTES - 2 * 1024) })
    expect(under.state).toMatchObject({ status: 'error' })
    expect(under.state?.values?.notes).toHaveLength(ADD_ORDER_MAX_BYTES - 2 * 1024)
  })

  it('answers a refused order with the form again: why, the field, and everything typed', async () => {
    const { state } = await addOrder(byText('', { source: 'social', notes: 'Two jars for her mum' }))
    expect(state).toMatchObject({ status: 'error', field: 'fullName', values: { source: 'social', quantity: '3', flavor3: 'peach-ginger', notes: 'Two jars for her mum' } })
    expect(state?.message?.title).toBeTruthy()
  })

  it("places the order with the chosen method's time, three jars of three flavors, once for a post sent twice, and sends the seller to New saying which", async () => {
    const open = (await windowsOpenNow(app.payload)).open
    const pickup = open.find((choice) => choice.method === 'pickup')!
    const delivery = open.find((choice) => choice.method === 'delivery')!
    // Both lists are in the form without a script; the pickup one was left set before Delivery was chosen.
    const fields = byText('Phone Paula', { deliveryMethod: 'delivery', pickupWindow: pickup.key, deliveryWindow: delivery.key, submissionKey: 'phone-paula-0123456789' })
    const first = await addOrder(fields)
    const again = await addOrder(fields)
    const stored = await ordersOf('Phone Paula')
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ source: 'text', quantity: 3, deliveryMethod: 'delivery', windowKey: delivery.key, totalPrice: 55, status: 'new' })
    expect(first).toEqual({ redirectedTo: `/seller/new?added=${stored[0].reference}` })
    expect(again).toEqual(first)
  })
})
