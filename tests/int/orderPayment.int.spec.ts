import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { dashboardFigures } from '@/features/admin/dashboard'
import { submitOrder } from '@/features/ordering/service'
import type { Order } from '@/payload-types'

import { validOrderForm } from '../helpers/orders'
import { adminAuthHeader, rest, startPayload, type TestPayload } from '../helpers/payload'

const ADMIN = { email: 'payments@example.com', password: 'correct-horse-battery' }

let app: TestPayload
let nextCustomer = 1

beforeAll(async () => {
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
})

afterAll(async () => {
  await app?.cleanup()
})

async function placeOrder(): Promise<Order> {
  const n = nextCustomer++
  const result = await submitOrder(app.payload, { ...validOrderForm, fullName: `Payer ${n}`, email: `payer-${n}@example.com` })
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return result.order
}

describe('order references', () => {
  it('are short, human and unique, also for orders placed at the same moment', async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => placeOrder()))
    const references = orders.map((order) => order.reference)
    // A fresh shop's first orders, numbered from 1001 without a gap whatever order they were stored in.
    expect(references.toSorted()).toEqual(Array.from({ length: 12 }, (_, index) => `SM-${1001 + index}`))
    const next = await placeOrder()
    const numbers = [...references, next.reference].map((reference) => Number(reference!.slice(3)))
    expect(Math.max(...numbers)).toBe(Number(next.reference!.slice(3)))
  })

  it("are in the seller's and the customer's e-mails", async () => {
    const order = await placeOrder()
    const { docs } = await app.payload.find({ collection: 'email-outbox', where: { about: { equals: `order:${order.id}` } }, depth: 0 })
    expect(docs).toHaveLength(2)
    for (const email of docs) expect(email.text).toContain(order.reference!)
  })

  it('cannot be changed, not even by an admin', async () => {
    const order = await placeOrder()
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    await rest(app.config, 'PATCH', `/orders/${order.id}`, { headers, body: { reference: 'SM-1' } })
    expect((await app.payload.findByID({ collection: 'orders', id: order.id })).reference).toBe(order.reference)
  })
})

describe('payment tracking', () => {
  it('starts every new order unpaid', async () => {
    const order = await placeOrder()
    expect(order).toMatchObject({ paymentStatus: 'unpaid' })
    expect(order.paymentMethod ?? null).toBeNull()
    expect(order.paidAt ?? null).toBeNull()
  })

  it('cannot be written by a visitor', async () => {
    const order = await placeOrder()
    const { status } = await rest(app.config, 'PATCH', `/orders/${order.id}`, { body: { paymentStatus: 'paid', paymentMethod: 'cash' } })
    expect(status).toBeGreaterThanOrEqual(400)
    expect((await app.payload.findByID({ collection: 'orders', id: order.id })).paymentStatus).toBe('unpaid')
  })

  it('is written by an admin, and the dashboard counts what is still owed, completed orders first', async () => {
    const before = await dashboardFigures(app.payload)
    const [paid, completed, cancelled] = [await placeOrder(), await placeOrder(), await placeOrder()]
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    const paidAt = new Date().toISOString()
    const { status } = await rest(app.config, 'PATCH', `/orders/${paid.id}`, { headers, body: { paymentStatus: 'paid', paymentMethod: 'venmo', paidAt } })
    expect(status).toBe(200)
    expect(await app.payload.findByID({ collection: 'orders', id: paid.id })).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'venmo', paidAt })
    await rest(app.config, 'PATCH', `/orders/${completed.id}`, { headers, body: { status: 'completed' } })
    await rest(app.config, 'PATCH', `/orders/${cancelled.id}`, { headers, body: { status: 'cancelled' } })

    const after = await dashboardFigures(app.payload)
    // The paid and the cancelled order owe nothing; the completed one is owed and comes first.
    expect(after.unpaid.orders - before.unpaid.orders).toBe(1)
    expect(after.unpaid.total - before.unpaid.total).toBe(completed.totalPrice)
    expect(after.completedUnpaid.orders - before.completedUnpaid.orders).toBe(1)
    expect(after.completedUnpaid.total - before.completedUnpaid.total).toBe(completed.totalPrice)
  })
})
