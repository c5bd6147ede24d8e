import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Order, User } from '@/payload-types'
import { siteUrl } from '@/platform/config/siteUrl'
import { businessDay, zonedInstant } from '@/shared/time'

import { storedOrder } from '../helpers/orders'
import { restResponse, startPayload, type TestPayload } from '../helpers/payload'

/**
 * The daily screen's Owed list (features/seller/owed.ts): the orders that owe money, oldest
 * handover first, paged, under the dashboard's own total; and Mark paid with the day the money came
 * in, refused for a day after today or before the order was placed.
 */

const context = vi.hoisted(() => ({ payload: undefined as unknown }))
vi.mock('@/payloadClient', () => ({ getPayloadClient: async () => context.payload, logFailure: async () => undefined }))

const { findOwedPage } = await import('@/features/seller/owed')
const { applySellerAction } = await import('@/features/seller/service')
const { postSellerAction } = await import('@/features/seller/orderRoute')
const { noticeFrom } = await import('@/features/seller/notices')
const { dashboardFigures, WAITING } = await import('@/features/admin/dashboard')
const { owedAmount } = await import('@/features/ordering/owing')

const ADMIN = { email: 'owed@example.com', password: 'correct-horse-battery' }

/** Thursday, Dec 10 2026, noon in Detroit: the seller opens Owed. */
const now = new Date('2026-12-10T17:00:00Z')
const at = (day: string, time = '12:00') => zonedInstant(day, time).toISOString()

let app: TestPayload
let seller: User
let cookie: string
const placed: Record<string, Order> = {}

async function order(name: string, reference: string, fields: Partial<Order>): Promise<Order> {
  const data = storedOrder({ fullName: name, phone: '3135550188', email: `${name.split(' ')[0].toLowerCase()}@example.com`, reference, ...fields } as never)
  return (placed[name] = (await app.payload.create({ collection: 'orders', data })) as Order)
}

const stored = (name: string) => app.payload.findByID({ collection: 'orders', id: placed[name].id, depth: 0 })
const names = async (page = 1) => (await findOwedPage(app.payload, page, now)).orders.map((card) => card.fullName)

beforeAll(async () => {
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  context.payload = app.payload
  // Placed out of handover order, each with what the list must say of it.
  await order('Text Tess', 'SM-3001', { status: 'new', createdAt: at('2026-11-20'), totalPrice: 20 })
  await order('Soon Sara', 'SM-3002', { status: 'confirmed', createdAt: at('2026-12-09'), windowStartsAt: at('2026-12-12', '10:00'), windowLabel: 'Sat, Dec 12 · 10:00 AM–11:00 AM', totalPrice: 55 })
  await order('Handed Hal', 'SM-3003', { status: 'completed', createdAt: at('2026-12-01'), windowStartsAt: at('2026-12-05', '10:00'), completedAt: at('2026-12-06', '15:00'), totalPrice: 50 })
  await order('Late Lena', 'SM-3004', { status: 'ready', createdAt: at('2026-11-30'), windowStartsAt: at('2026-12-03', '16:00'), totalPrice: 25 })
  // Unpaid, with a method the seller recorded in the admin (the order form never asks for one).
  await order('Venmo Vic', 'SM-3005', { status: 'confirmed', createdAt: at('2026-12-08'), paymentMethod: 'venmo', totalPrice: 100 })
  // Left out: a cancelled order, and a paid one.
  await order('Cancelled Cy', 'SM-3006', { status: 'cancelled', createdAt: at('2026-11-25'), windowStartsAt: at('2026-11-28', '10:00'), totalPrice: 20 })
  await order('Paid Pat', 'SM-3007', { status: 'completed', createdAt: at('2026-11-25'), windowStartsAt: at('2026-11-28', '10:00'), paymentStatus: 'paid', paymentMethod: 'cash', totalPrice: 20 })

  seller = (await app.payload.find({ collection: 'users', where: { email: { equals: ADMIN.email } } })).docs[0]
  const signedIn = await restResponse(app.config, 'POST', '/users/login', { body: ADMIN })
  cookie = String(signedIn.headers.get('set-cookie')).split(';')[0]
  expect(cookie).toMatch(/^payload-token=/)
})

afterAll(async () => {
  await app?.cleanup()
})

describe('Owed', () => {
  it('lists the unpaid orders not cancelled, oldest handover first, then those without a time, oldest placed first', async () => {
    const list = await findOwedPage(app.payload, 1, now)
    expect(list.orders.map((card) => [card.fullName, card.reference, card.owes, card.status, card.method, card.owedFor])).toEqual([
      ['Late Lena', 'SM-3004', 25, 'Ready', null, 'Ordered 10 days ago · handover was 7 days ago'],
      ['Handed Hal', 'SM-3003', 50, 'Completed', null, 'Ordered 9 days ago · handed over 4 days ago'],
      ['Soon Sara', 'SM-3002', 55, 'Confirmed', null, 'Ordered yesterday · handover in 2 days'],
      ['Text Tess', 'SM-3001', 20, 'New', null, 'Ordered 20 days ago · time arranged by text'],
      ['Venmo Vic', 'SM-3005', 100, 'Confirmed', 'venmo', 'Ordered 2 days ago · time arranged by text'],
    ])
    expect(list.orders[0]).toMatchObject({ phone: '3135550188', email: 'late@example.com', placedOn: '2026-11-30', paidBut: null })
    expect(list).toMatchObject({ page: 1, totalPages: 1, owed: { orders: 5, total: 250 }, today: '2026-12-10' })
  })

  it("heads the list with the dashboard's own total", async () => {
    const [list, figures] = await Promise.all([findOwedPage(app.payload, 1, now), dashboardFigures(app.payload, now)])
    // The five unpaid orders placed above, summed by hand: not the cancelled one, not the paid one.
    const owing = { orders: 5, total: 25 + 50 + 55 + 20 + 100 }
    expect(figures.unpaid).toEqual(owing)
    expect(list.owed).toEqual(owing)
    // Of them, only Handed Hal's is completed.
    expect(figures.completedUnpaid).toEqual({ orders: 1, total: 50 })
  })

  it('lists nothing on a page past the last, under the same total', async () => {
    const beyond = await findOwedPage(app.payload, 9, now)
    expect(beyond.orders).toEqual([])
    expect(beyond.owed.orders).toBe(5)
  })
})

describe('Mark paid with its day', () => {
  it('refuses a day after today, or before the day the order was placed, changing nothing', async () => {
    const paid = (paidOn: string) => applySellerAction(app.payload, seller, placed['Soon Sara'].id, { action: 'paid', method: 'zelle', owed: 55, paidOn }, now)
    expect(await paid('2026-12-11')).toEqual({ status: 'refused', reference: 'SM-3002', why: 'future' })
    expect(await paid('2026-12-08')).toEqual({ status: 'refused', reference: 'SM-3002', why: 'before-order' })
    expect(await stored('Soon Sara')).toMatchObject({ paymentStatus: 'unpaid', paymentMethod: null })
  })

  it('accepts the day the order was placed, and today (then the moment itself)', async () => {
    expect(await applySellerAction(app.payload, seller, placed['Soon Sara'].id, { action: 'paid', method: 'zelle', owed: 55, paidOn: '2026-12-09' }, now)).toEqual({ status: 'changed', reference: 'SM-3002' })
    // Placed at noon that day: noon of it is not before the order.
    expect(await stored('Soon Sara')).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'zelle', paidAt: at('2026-12-09') })
    await applySellerAction(app.payload, seller, placed['Text Tess'].id, { action: 'paid', method: 'cash', owed: 20, paidOn: '2026-12-10' }, now)
    expect(await stored('Text Tess')).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'cash', paidAt: now.toISOString() })
    expect(await names()).toEqual(['Late Lena', 'Handed Hal', 'Venmo Vic'])
    expect((await findOwedPage(app.payload, 1, now)).owed).toEqual({ orders: 3, total: 175 })
  })

  it('posted from the Owed page: back there saying what was done, or why not; an unreadable day is a 400', async () => {
    // The route runs on the real clock: a day after its today is refused, one before is taken.
    const today = businessDay(new Date()).key
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const recent = await order('Recent Ray', 'SM-3008', { status: 'confirmed', createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(), totalPrice: 20 })
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    const post = (fields: Record<string, string>) =>
      postSellerAction(
        new Request(`http://localhost:3000/seller/orders/${recent.id}`, {
          method: 'POST',
          headers: { Cookie: cookie, Origin: new URL(siteUrl()).origin },
          body: new URLSearchParams({ back: '/seller/owed?page=2', action: 'paid', method: 'cashapp', owed: '20', ...fields }),
        }),
        String(recent.id),
      )
    const query = (answer: Response) => Object.fromEntries(new URL(answer.headers.get('location')!).searchParams)

    const unreadable = await post({ paidOn: '2026-13-45' })
    expect(unreadable.status).toBe(400)
    expect(await unreadable.text()).toBe('The day paid could not be read. Pick it again.')

    const future = await post({ paidOn: tomorrow })
    expect(future.status).toBe(303)
    expect(new URL(future.headers.get('location')!).pathname).toBe('/seller/owed')
    expect(query(future)).toEqual({ page: '2', notPaid: 'SM-3008', why: 'future' })
    expect(noticeFrom(query(future))).toBe('SM-3008 was not marked paid: the day paid can’t be after today.')
    expect(await stored('Recent Ray')).toMatchObject({ paymentStatus: 'unpaid' })

    const taken = await post({ paidOn: yesterday })
    expect(query(taken)).toEqual({ page: '2', done: 'paid', order: 'SM-3008', method: 'cashapp', paidOn: yesterday })
    expect(noticeFrom(query(taken))).toMatch(/^SM-3008 marked paid \(Cash App, [A-Z][a-z]{2} \d{1,2}, \d{4}\)\.$/)
    expect(await stored('Recent Ray')).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'cashapp', paidAt: zonedInstant(yesterday, '12:00').toISOString() })
  })

  it('pays an amount with cents, as a short payment leaves one (Still to pay $25.50)', async () => {
    const short = await order('Short Sue', 'SM-3010', { status: 'confirmed', createdAt: new Date(Date.now() - 86_400_000).toISOString(), totalPrice: 50, paymentStatus: 'paid', paymentMethod: 'venmo', extraDue: 25.5 })
    expect((await findOwedPage(app.payload, 1, now)).orders.find((card) => card.reference === 'SM-3010')?.owes).toBe(25.5)
    const answer = await postSellerAction(
      new Request(`http://localhost:3000/seller/orders/${short.id}`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: new URL(siteUrl()).origin },
        body: new URLSearchParams({ back: '/seller/owed', action: 'paid', method: 'cash', owed: '25.5' }),
      }),
      String(short.id),
    )
    expect(answer.status).toBe(303)
    expect(Object.fromEntries(new URL(answer.headers.get('location')!).searchParams)).toMatchObject({ done: 'paid', order: 'SM-3010' })
    expect((await stored('Short Sue')).extraDue ?? null).toBeNull()
  })

  it('pays what the page showed: an order that owes another amount since the page was loaded is not marked paid, and the page says why', async () => {
    const changing = await order('Changing Cal', 'SM-3009', { status: 'confirmed', createdAt: new Date(Date.now() - 86_400_000).toISOString(), totalPrice: 25 })
    const shown = async () => (await findOwedPage(app.payload, 1, now)).orders.find((card) => card.reference === 'SM-3009')?.owes
    expect(await shown()).toBe(25)
    const post = (owed?: string) =>
      postSellerAction(
        new Request(`http://localhost:3000/seller/orders/${changing.id}`, {
          method: 'POST',
          headers: { Cookie: cookie, Origin: new URL(siteUrl()).origin },
          body: new URLSearchParams({ back: '/seller/owed', action: 'paid', method: 'cash', ...(owed === undefined ? {} : { owed }) }),
        }),
        String(changing.id),
      )
    const query = (answer: Response) => Object.fromEntries(new URL(answer.headers.get('location')!).searchParams)

    // The customer changes $25 to $50 between the page's loading and the seller's tap.
    await app.payload.update({ collection: 'orders', id: changing.id, data: { totalPrice: 50 } })
    const stale = await post('25')
    expect(stale.status).toBe(303)
    expect(new URL(stale.headers.get('location')!).pathname).toBe('/seller/owed')
    expect(query(stale)).toEqual({ owesChanged: 'SM-3009' })
    expect(noticeFrom(query(stale))).toBe('SM-3009 was not marked paid: what it owes changed after this page was loaded. Check the amount now shown and tap again.')
    expect(await stored('Changing Cal')).toMatchObject({ paymentStatus: 'unpaid', paymentMethod: null, paidAt: null })

    // The page loaded again shows $50; its tap marks it paid.
    expect(await shown()).toBe(50)
    expect(query(await post('50'))).toMatchObject({ done: 'paid', order: 'SM-3009' })
    expect(await stored('Changing Cal')).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'cash' })

    // A post without the amount is a form from before this rule: it is not read, nothing changes.
    const older = await post()
    expect(older.status).toBe(400)
    expect(await older.text()).toBe('The form could not be read. Reload the page and try again.')
  })
})

describe('Owed, paged', () => {
  it('shows 20 a page in the same order, and its total still the dashboard’s', async () => {
    const placedAt = (n: number) => `${String(8 + (n % 10)).padStart(2, '0')}:${String(n).padStart(2, '0')}`
    for (let n = 0; n < 22; n++) await order(`Paged Pia ${n}`, `SM-4${String(n).padStart(3, '0')}`, { status: 'confirmed', createdAt: at('2026-12-02', placedAt(n)) })
    const [first, second, figures] = await Promise.all([findOwedPage(app.payload, 1, now), findOwedPage(app.payload, 2, now), dashboardFigures(app.payload, now)])
    expect([first.orders.length, second.orders.length, first.totalPages, second.page]).toEqual([20, 5, 2, 2])
    expect(first.owed).toEqual(figures.unpaid)
    expect(first.owed).toEqual({ orders: 25, total: 175 + 22 * 20 })
    const all = [...first.orders, ...second.orders].map((card) => card.fullName)
    // The two booked first; then every one without a time, oldest placed first (Vic, placed Dec 8, last).
    expect(all.slice(0, 2)).toEqual(['Late Lena', 'Handed Hal'])
    expect(all.at(-1)).toBe('Venmo Vic')
    expect(new Set(all).size).toBe(25)
    const byPlacing = Array.from({ length: 22 }, (_, n) => n).sort((a, b) => placedAt(a).localeCompare(placedAt(b)))
    expect(all.filter((name) => name.startsWith('Paged'))).toEqual(byPlacing.map((n) => `Paged Pia ${n}`))
  })
})

describe('Owed, a paid order the customer changed to more', () => {
  it('owes the difference still to pay: listed with it, counted in the totals and the dashboard’s filter; Mark paid settles it once, noting how', async () => {
    const before = await findOwedPage(app.payload, 1, now)
    await order('Extra Eve', 'SM-5001', {
      status: 'completed',
      createdAt: at('2026-12-02'),
      windowStartsAt: at('2026-12-04', '10:00'),
      completedAt: at('2026-12-04', '11:00'),
      paymentStatus: 'paid',
      paymentMethod: 'venmo',
      paidAt: at('2026-12-02', '13:00'),
      totalPrice: 75,
      extraDue: 25,
    })
    // Left out: a cancelled one (it owes nothing), and one whose difference is settled.
    await order('Cancelled Cleo', 'SM-5002', { status: 'cancelled', createdAt: at('2026-12-02'), paymentStatus: 'paid', paymentMethod: 'cash', totalPrice: 50, extraDue: 10 })
    await order('Settled Sid', 'SM-5003', { status: 'completed', createdAt: at('2026-12-02'), paymentStatus: 'paid', paymentMethod: 'cash', totalPrice: 50, extraDue: null })

    const list = await findOwedPage(app.payload, 1, now)
    expect(list.owed).toEqual({ orders: before.owed.orders + 1, total: before.owed.total + 25 })
    expect(list.orders.map((card) => card.fullName).slice(0, 3)).toEqual(['Late Lena', 'Extra Eve', 'Handed Hal'])
    expect(list.orders[1]).toMatchObject({ reference: 'SM-5001', owes: 25, paidBut: 75, status: 'Completed', owedFor: 'Ordered 8 days ago · handed over 6 days ago' })
    // The dashboard's card links to the same orders, summed the same way.
    const figures = await dashboardFigures(app.payload, now)
    expect(figures.unpaid).toEqual(list.owed)
    const linked = (await app.payload.find({ collection: 'orders', where: WAITING.unpaid, pagination: false, depth: 0 })).docs
    expect({ orders: linked.length, total: linked.reduce((sum, doc) => sum + owedAmount(doc), 0) }).toEqual(list.owed)
    expect(linked.map((doc) => doc.reference)).toContain('SM-5001')
    expect(linked.map((doc) => doc.reference)).not.toContain('SM-5002')
    expect(linked.map((doc) => doc.reference)).not.toContain('SM-5003')
    const completed = (await app.payload.find({ collection: 'orders', where: WAITING.completedUnpaid, pagination: false, depth: 0 })).docs
    expect({ orders: completed.length, total: completed.reduce((sum, doc) => sum + owedAmount(doc), 0) }).toEqual(figures.completedUnpaid)
    expect(completed.map((doc) => doc.reference)).toContain('SM-5001')

    const pay = () => applySellerAction(app.payload, seller, placed['Extra Eve'].id, { action: 'paid', method: 'cash', owed: 25, paidOn: '2026-12-10' }, now)
    expect(await pay()).toEqual({ status: 'changed', reference: 'SM-5001' })
    const settled = await stored('Extra Eve')
    // The first payment's method and moment stay; the difference's are in the notes.
    expect(settled).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'venmo', paidAt: at('2026-12-02', '13:00'), extraDue: null })
    expect(settled.notes).toMatch(/^Still to pay \$25 paid: Cash, /)
    expect(await pay()).toEqual({ status: 'unchanged', reference: 'SM-5001' })
    expect((await findOwedPage(app.payload, 1, now)).owed).toEqual(before.owed)
    expect((await stored('Extra Eve')).notes).toBe(settled.notes)
  })
})
