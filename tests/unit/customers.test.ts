import { describe, expect, it } from 'vitest'

import type { CustomerContact } from '@/features/admin/aggregates/customerContacts'
import { customerKeys, phoneKey } from '@/features/admin/customerKeys'
import { customerOrdersWhere, customersFromContacts, customerWithNewestOrder } from '@/features/admin/customers'

import { groupCustomersReference, searchCustomers, type CustomerOrder } from '../helpers/customersReference'

let nextId = 1
const order = (fullName: string, email: string, phone: string, totalPrice: number, createdAt: string, status: CustomerOrder['status'] = 'new'): CustomerOrder => ({
  id: nextId++,
  fullName,
  email,
  phone,
  totalPrice,
  createdAt,
  status,
})

/** Each order as the database's grouping returns it when no other order shares its name, e-mail and phone. */
const contactsOf = (orders: readonly CustomerOrder[]): CustomerContact[] =>
  orders.map((order) => ({
    ...customerKeys(order),
    fullName: order.fullName,
    email: order.email ?? null,
    phone: order.phone,
    orders: order.status === 'cancelled' ? 0 : 1,
    totalSpent: order.status === 'cancelled' ? 0 : order.totalPrice,
    cancelled: order.status === 'cancelled' ? 1 : 0,
    firstOrderAt: order.createdAt,
    lastOrderAt: order.createdAt,
    firstOrderId: String(order.id),
  }))

const orders = [
  order('Dana Tester', 'dana@example.com', '(313) 555-0100', 55, '2026-10-01T15:00:00Z'),
  order('Dana T.', 'Dana@Example.COM', '313-555-0100', 20, '2026-10-20T15:00:00Z'),
  // Another address, the same phone (with the country code): the same customer.
  order('Dana Tester', 'dana.work@example.com', '+1 313 555 0100', 50, '2026-11-02T15:00:00Z'),
  order('Dana Tester', 'dana@example.com', '3135550100', 100, '2026-11-03T15:00:00Z', 'cancelled'),
  order('Sam Other', 'sam@example.com', '(734) 555-0199', 100, '2026-10-25T15:00:00Z'),
  order('Lee New', 'lee@example.com', '(248) 555-0123', 20, '2026-09-01T15:00:00Z'),
]

describe('the customers, joined from the grouped orders', () => {
  const customers = customersFromContacts(contactsOf(orders))

  it('joins orders by e-mail in any case and by phone in any format', () => {
    expect(customers.map((customer) => customer.name)).toEqual(['Dana Tester', 'Sam Other', 'Lee New'])
    expect(customers[0]).toMatchObject({
      email: 'dana@example.com',
      phone: '3135550100',
      names: ['Dana Tester', 'Dana T.'],
      emails: ['dana@example.com', 'dana.work@example.com', 'Dana@Example.COM'],
      orders: 3,
      cancelled: 1,
      totalSpent: 125,
      firstOrderAt: '2026-10-01T15:00:00Z',
      lastOrderAt: '2026-11-03T15:00:00Z',
    })
    expect(customers[1]).toMatchObject({ orders: 1, totalSpent: 100, emails: ['sam@example.com'] })
  })

  it('makes the same customers as joining every order did', () => {
    const withoutSubscription = groupCustomersReference(orders, []).map(({ subscribed: _subscribed, ...customer }) => customer)
    expect(customers).toEqual(withoutSubscription)
  })

  it('never joins strangers on an empty or too short phone, nor orders with no e-mail and no phone', () => {
    expect(phoneKey('')).toBe('')
    expect(phoneKey('12-34')).toBe('')
    expect(customerKeys({ email: '  ', phone: '12-34' })).toEqual({ customerEmail: null, customerPhone: null })
    const strangers = customersFromContacts(contactsOf([order('A', 'a@example.com', '', 10, '2026-10-01T00:00:00Z'), order('B', 'b@example.com', '', 10, '2026-10-02T00:00:00Z')]))
    expect(strangers).toHaveLength(2)
    const anonymous = customersFromContacts(contactsOf([order('A', '', '12', 10, '2026-10-01T00:00:00Z'), order('B', '', '34', 10, '2026-10-02T00:00:00Z')]))
    expect(anonymous).toHaveLength(2)
  })

  it('finds a customer by any name, e-mail or phone digits they used', () => {
    const names = (search: string) => searchCustomers(customers, search).map((customer) => customer.name)
    expect(names('')).toHaveLength(3)
    expect(names('dana t.')).toEqual(['Dana Tester'])
    expect(names('WORK@')).toEqual(['Dana Tester'])
    expect(names('734 555')).toEqual(['Sam Other'])
    expect(names('555-0123')).toEqual(['Lee New'])
    expect(names('nobody')).toEqual([])
  })

  it('takes in a new order from the customer alone, as joining all their orders again makes them', () => {
    // One customer's orders, oldest first: names, e-mails and phones used again after others, an
    // order taken without an e-mail, a cancelled one.
    const history = [
      order('Dana Tester', 'dana@example.com', '(313) 555-0100', 55, '2026-10-01T15:00:00Z'),
      order('Dana T.', 'Dana@Example.COM', '313-555-0100', 20, '2026-10-20T15:00:00Z'),
      order('Dana Tester', 'dana.work@example.com', '+1 313 555 0100', 50, '2026-11-02T15:00:00Z'),
      order('Dana T.', '', '(313) 555-0100', 20, '2026-11-03T15:00:00Z'),
      order('Dana Tester', 'dana@example.com', '3135550100', 100, '2026-11-04T15:00:00Z', 'cancelled'),
      order('D. Tester', 'Dana@Example.COM', '313-555-0100', 50, '2026-11-05T15:00:00.001Z'),
    ]
    let customer = customersFromContacts(contactsOf(history.slice(0, 1)))[0]
    for (let placed = 2; placed <= history.length; placed++) {
      const [joined] = groupCustomersReference(history.slice(0, placed), []).map(({ subscribed: _subscribed, ...totals }) => totals)
      customer = customerWithNewestOrder(customer, contactsOf([history[placed - 1]])[0]) ?? expect.fail(`order ${placed} was not taken in`)
      expect(customer).toEqual(joined)
    }
    expect(customer).toMatchObject({ name: 'D. Tester', email: 'Dana@Example.COM', names: ['D. Tester', 'Dana Tester', 'Dana T.'], orders: 5, cancelled: 1, totalSpent: 195 })
  })

  it('leaves a customer to be joined again when the order is not newer than all of theirs', () => {
    const [customer] = customersFromContacts(contactsOf([order('Dana Tester', 'dana@example.com', '(313) 555-0100', 55, '2026-10-20T15:00:00Z')]))
    for (const placedAt of ['2026-10-19T15:00:00Z', '2026-10-20T15:00:00Z']) {
      expect(customerWithNewestOrder(customer, contactsOf([order('Dana T.', 'dana@example.com', '313-555-0100', 20, placedAt)])[0])).toBeUndefined()
    }
  })

  it('opens on the orders list filtered by each e-mail and phone the customer used', () => {
    expect(customerOrdersWhere(customers[1])).toEqual({ or: [{ email: { equals: 'sam@example.com' } }, { phone: { equals: '(734) 555-0199' } }] })
  })
})
