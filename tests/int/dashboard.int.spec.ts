import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { owedAmount } from '@/features/ordering/owing'
import { dashboardFigures, WAITING } from '@/features/admin/dashboard'

import { storedOrder } from '../helpers/orders'
import { openBatch } from '../helpers/batches'
import { startPayload, type TestPayload } from '../helpers/payload'

const order = (totalPrice: number, status: 'new' | 'confirmed' | 'completed' | 'cancelled', createdAt?: string) =>
  storedOrder({ fullName: 'Dash Board', email: 'dash@example.com', phone: '3135550100', totalPrice, status, ...(createdAt ? { createdAt } : {}) })

describe('the admin dashboard figures', () => {
  let app: TestPayload

  beforeAll(async () => {
    app = await startPayload()
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it('counts what waits and what this week brought', async () => {
    const { payload } = app
    const lastMonth = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString()
    // Jars: 1 + 3 + 1 this week; the cancelled order's 6 and last month's do not count.
    for (const data of [order(20, 'new'), { ...order(55, 'new'), quantity: 3 }, order(42, 'confirmed'), { ...order(100, 'cancelled'), quantity: 6 }, order(50, 'new', lastMonth)]) {
      await payload.create({ collection: 'orders', data })
    }
    await payload.create({ collection: 'email-captures', data: { name: 'New', email: 'new@example.com', discount_code: 'HC25000001' } })
    await payload.create({ collection: 'email-captures', data: { name: 'Old', email: 'old@example.com', discount_code: 'HC25000002', createdAt: lastMonth } })
    await payload.create({ collection: 'contact-messages', data: { name: 'Q', email: 'q@example.com', message: 'Do you deliver to Troy?' } })
    await payload.create({ collection: 'contact-messages', data: { name: 'A', email: 'a@example.com', message: 'Thanks!', handled: true } })
    for (const status of ['pending', 'pending', 'published', 'hidden'] as const) {
      await payload.create({ collection: 'reviews', data: { name: 'R', rating: 5, comment: 'Good', status }, context: { disableRevalidate: true } })
    }

    expect(await dashboardFigures(payload)).toMatchObject({
      ordersWaiting: 3,
      ordersThisWeek: 3,
      revenueThisWeek: 117,
      jarsThisWeek: 5,
      subscribersThisWeek: 1,
      reviewsWaiting: 2,
      messagesWaiting: 1,
      jarsLeft: null,
    })
  })

  it('sums the money not yet in, and the completed orders not yet paid, like the lists they link to', async () => {
    const { payload } = app
    const unpaid = { paymentStatus: 'unpaid' as const }
    for (const data of [
      { ...order(55, 'completed'), ...unpaid },
      { ...order(20, 'completed'), paymentStatus: 'paid' as const },
      { ...order(100, 'cancelled'), ...unpaid },
      { ...order(42, 'completed', '2024-03-01T12:00:00.000Z'), ...unpaid },
    ]) {
      await payload.create({ collection: 'orders', data })
    }
    // Unpaid: the first test's four orders not cancelled (20 + 55 + 42 + 50), and 55 and 42 here.
    const figures = await dashboardFigures(payload)
    expect(figures.unpaid).toEqual({ orders: 6, total: 264 })
    expect(figures.completedUnpaid).toEqual({ orders: 2, total: 97 })
    const listed = async (where: (typeof WAITING)['unpaid']) =>
      (await payload.find({ collection: 'orders', where, pagination: false, depth: 0 })).docs.reduce((owed, doc) => ({ orders: owed.orders + 1, total: owed.total + owedAmount(doc) }), { orders: 0, total: 0 })
    expect(figures.unpaid).toEqual(await listed(WAITING.unpaid))
    expect(figures.completedUnpaid).toEqual(await listed(WAITING.completedUnpaid))
  })

  it("shows the open batch's jars left (in all, or summed over its flavors) and its code", async () => {
    const { payload } = app
    const counted = await openBatch(payload, { jarsLeft: 9 }, { code: 'B-DASH-1' })
    expect(await dashboardFigures(payload)).toMatchObject({ jarsLeft: 9, batch: { id: counted.id, code: 'B-DASH-1' } })
    await openBatch(payload, { flavors: { 'mixed-berry': 4, 'peach-ginger': 3 } }, { code: 'B-DASH-2' })
    expect(await dashboardFigures(payload)).toMatchObject({ jarsLeft: 7, batch: { code: 'B-DASH-2' } })
    await openBatch(payload, { jarsLeft: null }, { code: 'B-DASH-3' })
    expect((await dashboardFigures(payload)).jarsLeft).toBeNull()
  })
})
