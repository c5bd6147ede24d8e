import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { submitOrder } from '@/features/ordering/service'
import { windowsOpenNow } from '@/features/ordering/shop'
import type { Order } from '@/payload-types'
import { siteUrl } from '@/platform/config/siteUrl'

import { validOrderForm } from '../helpers/orders'
import { adminAuthHeader, restResponse, startPayload, type TestPayload } from '../helpers/payload'

/**
 * The delivery day's buttons on the order route (`POST /seller/orders/<id>`, HANDOVER_STEPS):
 * Handed over and Collected complete the order once and record when, with the usual Completed
 * e-mail; Not home records when and changes no status; none of them while Delivery day is off.
 */

const context = vi.hoisted(() => ({ payload: undefined as unknown }))
vi.mock('@/payloadClient', () => ({ getPayloadClient: async () => context.payload, logFailure: async () => undefined }))

const { postSellerAction } = await import('@/features/seller/orderRoute')
const { sellerNotices } = await import('@/features/seller/notices')

const ADMIN = { email: 'driver@example.com', password: 'correct-horse-battery' }
/** Thursday, Dec 3 2026, noon in Detroit: orders are placed then. */
const thursdayNoon = new Date('2026-12-03T17:00:00Z')

let app: TestPayload
let cookie: string

async function order(name: string, method: 'pickup' | 'delivery'): Promise<Order> {
  const choice = (await windowsOpenNow(app.payload, thursdayNoon)).open.find((open) => open.method === method)
  if (!choice) throw new Error(`no ${method} time`)
  const result = await submitOrder(
    app.payload,
    { ...validOrderForm, fullName: name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, deliveryMethod: method, window: choice.key, quantity: '1', flavor1: 'mixed-berry' },
    undefined,
    { now: () => thursdayNoon },
  )
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return result.order
}

/** A button as the seller's phone posts it: the session cookie and this site's Origin. */
function post(orderId: number, action: string, back = '/seller') {
  const request = new Request(`http://localhost:3000/seller/orders/${orderId}`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: new URL(siteUrl()).origin },
    body: new URLSearchParams({ back, action }),
  })
  return postSellerAction(request, String(orderId))
}

const stored = (id: number) => app.payload.findByID({ collection: 'orders', id, depth: 0 })
const notice = (response: Response) => Object.fromEntries(new URL(response.headers.get('location')!).searchParams)
const emails = async (id: number, kind: string) => (await app.payload.count({ collection: 'email-outbox', where: { dedupeKey: { equals: `order:${id}:${kind}` } } })).totalDocs
const history = async (id: number) =>
  (await app.payload.find({ collection: 'order-changes', where: { order: { equals: id } }, sort: 'createdAt', depth: 0 })).docs.map((change) => change.lines)
const deliveryDay = (enabled: boolean) => app.payload.updateGlobal({ slug: 'fulfilment', data: { deliveryDay: { enabled } } })

beforeAll(async () => {
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  context.payload = app.payload
  await app.payload.updateGlobal({
    slug: 'fulfilment',
    data: {
      windows: [
        { method: 'pickup', weekday: 'sat', start: '10:00', end: '12:00', place: 'Eastern Market' },
        { method: 'delivery', weekday: 'sat', start: '16:00', end: '18:00' },
      ],
      leadTimeHours: 24,
      blackoutDates: [],
    },
  })
  const signedIn = await restResponse(app.config, 'POST', '/users/login', { body: ADMIN })
  cookie = String(signedIn.headers.get('set-cookie')).split(';')[0]
})

afterAll(async () => {
  await app?.cleanup()
})

describe('the delivery day’s buttons', () => {
  it('change nothing while Delivery day is off (a page from before it was turned off)', async () => {
    const { id } = await order('Off Olive', 'delivery')
    for (const action of ['handedOver', 'collected', 'notHome']) {
      const response = await post(id, action)
      expect(response.status).toBe(409)
      expect(await response.text()).toContain(sellerNotices.deliveryDayOff)
    }
    expect(await stored(id)).toMatchObject({ status: 'new', handedOverAt: null, notHomeAt: null })
    expect(await emails(id, 'completed')).toBe(0)
  })

  it('Handed over completes the order once, records when, and sends one Completed e-mail, however often it is tapped', async () => {
    await deliveryDay(true)
    const { id } = await order('Door Dana', 'delivery')
    await app.payload.update({ collection: 'orders', id, data: { status: 'ready' } })
    const before = Date.now()
    // A double tap, and a second phone at the same moment.
    const answers = await Promise.all([post(id, 'handedOver'), post(id, 'handedOver')])
    const third = await post(id, 'handedOver')
    const after = Date.now()

    const done = await stored(id)
    expect(done.status).toBe('completed')
    expect(Date.parse(done.handedOverAt!)).toBeGreaterThanOrEqual(before)
    expect(Date.parse(done.handedOverAt!)).toBeLessThanOrEqual(after)
    expect(done.completedAt).toBeTruthy()
    expect(await emails(id, 'completed')).toBe(1)
    const notices = [...answers, third].map(notice)
    expect(notices.filter((query) => query.done === 'handedOver')).toHaveLength(1)
    expect(notices.filter((query) => query.unchanged === done.reference)).toHaveLength(2)
    // In the order's history with the status, once.
    const lines = await history(id)
    expect(lines.filter((text) => text.includes('Handed over at'))).toHaveLength(1)
    expect(lines.join('\n')).toContain('Status: Ready → Completed')
  })

  it('Not home keeps the order open, its jars on the run, and records each try; Handed over still works after', async () => {
    const { id } = await order('Away Ava', 'delivery')
    await app.payload.update({ collection: 'orders', id, data: { status: 'confirmed' } })
    // Back to the run it was tapped on; a forged way back is the daily screen.
    const response = await post(id, 'notHome', '/seller/run?run=2026-12-05_text')
    expect(new URL(response.headers.get('location')!).pathname + '?run=' + notice(response).run).toBe('/seller/run?run=2026-12-05_text')
    expect(notice(response)).toMatchObject({ done: 'notHome', order: (await stored(id)).reference })
    expect(new URL((await post(id, 'notHome', '//evil.example/seller/run')).headers.get('location')!).href).toBe(new URL('/seller?done=notHome&order=' + notice(response).order, siteUrl()).href)
    const missed = await stored(id)
    expect(missed).toMatchObject({ status: 'confirmed', handedOverAt: null })
    expect(missed.notHomeAt).toBeTruthy()
    expect(await emails(id, 'completed')).toBe(0)
    expect((await history(id)).filter((text) => text.includes('Not home at'))).toHaveLength(2)

    await post(id, 'handedOver')
    expect(await stored(id)).toMatchObject({ status: 'completed', notHomeAt: missed.notHomeAt })
  })

  it('Collected completes a pickup from New or Confirmed, and nothing of a cancelled one', async () => {
    const { id } = await order('Market Max', 'pickup')
    expect(notice(await post(id, 'collected'))).toMatchObject({ done: 'collected' })
    const collected = await stored(id)
    expect(collected.status).toBe('completed')
    expect(collected.handedOverAt).toBeTruthy()
    expect(await emails(id, 'completed')).toBe(1)

    const cancelled = await order('Gone Gus', 'pickup')
    await app.payload.update({ collection: 'orders', id: cancelled.id, data: { status: 'cancelled' } })
    for (const action of ['collected', 'notHome']) expect(notice(await post(cancelled.id, action))).toMatchObject({ unchanged: cancelled.reference })
    expect(await stored(cancelled.id)).toMatchObject({ status: 'cancelled', handedOverAt: null, notHomeAt: null })
  })

  it('refuses an action it does not know, and records nothing through the API', async () => {
    const { id } = await order('Api Abe', 'delivery')
    const response = await post(id, 'teleported')
    expect(response.status).toBe(400)
    // The fields are the buttons' alone: a signed-in admin's REST edit leaves them empty.
    const edited = await restResponse(app.config, 'PATCH', `/orders/${id}`, { body: { handedOverAt: '2026-12-05T21:00:00.000Z', notHomeAt: '2026-12-05T21:00:00.000Z' }, headers: await adminAuthHeader(app.config, ADMIN.email, ADMIN.password) })
    expect(edited.status).toBe(200)
    expect(await stored(id)).toMatchObject({ handedOverAt: null, notHomeAt: null })
  })
})
