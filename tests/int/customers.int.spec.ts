import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { customerOrdersWhere, findCustomers } from '@/features/admin/customers'
import type { User } from '@/payload-types'

import { storedOrder } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

type Status = 'new' | 'confirmed' | 'completed' | 'cancelled'

const order = (fullName: string, email: string, phone: string, totalPrice: number, createdAt: string, status: Status = 'confirmed') =>
  storedOrder({ fullName, email, phone, totalPrice, status, createdAt })

describe('the admin’s customers, from the stored orders', () => {
  let app: TestPayload
  let seller: User & { collection: 'users' }

  beforeAll(async () => {
    app = await startPayload()
    const { payload } = app
    const orders = [
      order('Rita Returning', 'rita@example.com', '(313) 555-0142', 55, '2026-10-02T15:00:00Z'),
      // The same e-mail typed with capitals, a new name spelling.
      order('Rita R.', 'Rita@Example.com', '(313) 555-0142', 20, '2026-10-20T15:00:00Z'),
      // Another e-mail, the same phone in another format: still Rita.
      order('Rita Returning', 'rita.work@example.com', '313.555.0142', 50, '2026-11-02T15:00:00Z'),
      order('Rita Returning', 'rita@example.com', '3135550142', 100, '2026-11-03T15:00:00Z', 'cancelled'),
      order('Omar Once', 'omar@example.com', '(734) 555-0199', 100, '2026-10-25T15:00:00Z', 'completed'),
    ]
    for (const data of orders) await payload.create({ collection: 'orders', data })
    await payload.create({ collection: 'email-captures', data: { name: 'Rita', email: 'rita@example.com', discount_code: 'HC25000042' } })
    const user = await payload.create({ collection: 'users', data: { email: 'seller@example.com', password: 'a long seller passphrase', name: 'Seller' } })
    seller = { ...user, collection: 'users' }
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it('groups orders by e-mail in any case and by phone, counting orders and money spent without cancelled ones', async () => {
    const { customers, found, pages } = await findCustomers({ payload: app.payload, user: seller })
    expect({ found, pages }).toEqual({ found: 2, pages: 1 })
    expect(customers).toHaveLength(2)
    expect(customers[0]).toMatchObject({
      name: 'Rita Returning',
      emails: ['rita@example.com', 'rita.work@example.com', 'Rita@Example.com'],
      orders: 3,
      cancelled: 1,
      totalSpent: 125,
      firstOrderAt: '2026-10-02T15:00:00.000Z',
      lastOrderAt: '2026-11-03T15:00:00.000Z',
      subscribed: true,
    })
    expect(customers[1]).toMatchObject({ name: 'Omar Once', orders: 1, totalSpent: 100, subscribed: false })
  })

  it('finds a customer by name, e-mail or phone', async () => {
    const names = async (search: string) => (await findCustomers({ payload: app.payload, user: seller }, { search })).customers.map((customer) => customer.name)
    expect(await names('rita r.')).toEqual(['Rita Returning'])
    expect(await names('OMAR@')).toEqual(['Omar Once'])
    expect(await names('555 0142')).toEqual(['Rita Returning'])
    expect(await names('nobody here')).toEqual([])
  })

  it('opens on exactly that customer’s orders in the orders list', async () => {
    const {
      customers: [rita],
    } = await findCustomers({ payload: app.payload, user: seller }, { search: 'rita' })
    const { docs } = await app.payload.find({ collection: 'orders', where: customerOrdersWhere(rita), pagination: false, depth: 0, sort: 'createdAt' })
    expect(docs.map((doc) => [doc.email, doc.totalPrice])).toEqual([
      ['rita@example.com', 55],
      ['Rita@Example.com', 20],
      ['rita.work@example.com', 50],
      ['rita@example.com', 100],
    ])
  })

  it('shows nothing to anyone who is not signed in', async () => {
    await expect(findCustomers({ payload: app.payload, user: null })).rejects.toMatchObject({ status: 403 })
  })
})
