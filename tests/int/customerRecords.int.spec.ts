import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { customerContacts } from '@/features/admin/aggregates/customerContacts'
import { storedCustomers } from '@/features/admin/aggregates/customersPage'
import { customerRecord } from '@/features/admin/customerRecords'
import { customersFromContacts, findCustomers, groupContacts } from '@/features/admin/customers'
import * as storedCustomersMigration from '@/migrations/20261126_174818_stored_customers'
import type { Order, User } from '@/payload-types'
import { inTransaction } from '@/platform/db/transactions'

import { groupCustomersReference, searchCustomers } from '../helpers/customersReference'
import { storedOrder } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

const isSqlite = !process.env.DATABASE_URI?.startsWith('mongodb')

type Status = 'new' | 'confirmed' | 'completed' | 'cancelled'

const order = (fullName: string, email: string | undefined, phone: string, createdAt: string, totalPrice = 20, status: Status = 'confirmed') =>
  storedOrder({ fullName, email, phone, totalPrice, status, createdAt })

describe('the stored customers, kept by the orders’ own writes', () => {
  let app: TestPayload
  let seller: User & { collection: 'users' }

  beforeAll(async () => {
    app = await startPayload()
    const user = await app.payload.create({ collection: 'users', data: { email: 'seller@example.com', password: 'a long seller passphrase', name: 'Seller' } })
    seller = { ...user, collection: 'users' }
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  /** Every stored customer, in the view's order. */
  const stored = () => storedCustomers(app.payload, null, { offset: 0, limit: 1000 })
  /** The customers as grouping every order computes them: what the view showed before they were stored. */
  const grouped = async () => customersFromContacts(await customerContacts(app.payload))
  /** The same from every order read through Payload and joined in JavaScript, as the very first view did. */
  const joined = async () => {
    const { docs } = await app.payload.find({ collection: 'orders', pagination: false, depth: 0 })
    return groupCustomersReference(docs, []).map(({ subscribed: _subscribed, ...customer }) => customer)
  }
  const expectStoredAsGrouped = async () => {
    const customers = await stored()
    expect(customers).toEqual(await grouped())
    expect(customers).toEqual(await joined())
    // Payload reads them as it reads what it wrote itself.
    const { docs } = await app.payload.find({ collection: 'customers', pagination: false, sort: 'customerKey' })
    expect(docs.map((doc) => [doc.customerKey, doc.names, doc.orders])).toEqual([...customers].sort((a, b) => (a.key < b.key ? -1 : 1)).map((customer) => [customer.key, customer.names, customer.orders]))
    // And each is found under every key of its orders.
    const keysOf = new Map(groupContacts(await customerContacts(app.payload)).map(customerRecord).map((record) => [record.customerKey, record.matchKeys.toSorted()]))
    expect(new Map(docs.map((doc) => [doc.customerKey, doc.matchKeys.toSorted()]))).toEqual(keysOf)
    return customers
  }
  const create = (data: ReturnType<typeof order>) => app.payload.create({ collection: 'orders', data })
  const update = (id: Order['id'], data: Partial<Order>) => app.payload.update({ collection: 'orders', id, data })

  it('equal the grouping of every order after creates, merges, splits, edits, cancellations and deletes', async () => {
    const ann = await create(order('Ann Arbor', 'ann@example.com', '(734) 555-0101', '2026-09-01T15:00:00Z', 55))
    const bea = await create(order('Bea Bell', 'bea@example.com', '(313) 555-0102', '2026-09-02T15:00:00Z', 20))
    // Taken by hand: no e-mail and a phone too short to join anyone.
    const walkIn = await create(order('Walk In', undefined, '555', '2026-09-03T15:00:00Z', 20))
    const annAgain = await create(order('Ann A.', 'ANN@example.com', 'ask Bea', '2026-09-04T15:00:00Z', 100))
    expect((await expectStoredAsGrouped()).map((customer) => customer.name)).toEqual(['Ann A.', 'Walk In', 'Bea Bell'])

    // Bea's e-mail from Ann's phone: one household now, one customer.
    const link = await create(order('Bea Bell', 'bea@example.com', '734.555.0101', '2026-09-05T15:00:00Z', 50))
    expect((await expectStoredAsGrouped()).map((customer) => customer.names)).toEqual([['Bea Bell', 'Ann A.', 'Ann Arbor'], ['Walk In']])

    // The linking order's phone corrected: Ann and Bea are two customers again.
    await update(link.id, { phone: '(313) 555-0102' })
    expect((await expectStoredAsGrouped()).map((customer) => customer.name)).toEqual(['Bea Bell', 'Ann A.', 'Walk In'])

    // A new name and e-mail on Ann's first order, a cancellation, a changed total.
    await update(ann.id, { fullName: 'Ann Arbor-Smith', email: 'ann.smith@example.com' })
    await update(annAgain.id, { status: 'cancelled' })
    await update(bea.id, { totalPrice: 70 })
    const afterEdits = await expectStoredAsGrouped()
    expect(afterEdits.find((customer) => customer.name === 'Ann Arbor-Smith')).toMatchObject({ orders: 1, cancelled: 0, totalSpent: 55 })
    expect(afterEdits.find((customer) => customer.name === 'Ann A.')).toMatchObject({ orders: 0, cancelled: 1, totalSpent: 0 })
    expect(afterEdits.find((customer) => customer.name === 'Bea Bell')).toMatchObject({ orders: 2, totalSpent: 120 })

    // The walk-in gives an e-mail (Bea's): one customer with Bea; then the e-mail taken away again.
    await update(walkIn.id, { email: 'Bea@Example.com' })
    expect((await expectStoredAsGrouped()).map((customer) => customer.name)).toEqual(['Bea Bell', 'Ann A.', 'Ann Arbor-Smith'])
    await update(walkIn.id, { email: null })
    expect(await expectStoredAsGrouped()).toHaveLength(4)

    // An edit that changes nothing a customer shows leaves them as they were.
    const before = await stored()
    await update(bea.id, { notes: 'Leave at the side door' })
    expect(await stored()).toEqual(before)

    // Deleting orders: the only order of a customer, then one of Bea's two.
    await app.payload.delete({ collection: 'orders', id: walkIn.id })
    await app.payload.delete({ collection: 'orders', id: link.id })
    expect((await expectStoredAsGrouped()).map((customer) => [customer.name, customer.orders])).toEqual([
      ['Ann A.', 0],
      ['Bea Bell', 1],
      ['Ann Arbor-Smith', 1],
    ])
  })

  it('take in each new order of a known customer as grouping all their orders again would', async () => {
    for (const data of [
      order('Cy Cole', 'cy@example.com', '(810) 555-0150', '2026-10-10T15:00:00Z', 50),
      order('Cy C.', 'CY@example.com', '810.555.0150', '2026-10-11T15:00:00Z', 20),
      // Cancelled as it is entered, then one without an e-mail.
      order('Cy Cole', 'cy@example.com', '(810) 555-0150', '2026-10-12T15:00:00Z', 100, 'cancelled'),
      order('Cy', undefined, '(810) 555-0150', '2026-10-13T15:00:00Z', 20),
      // Entered later for a day before the newest, and one under a phone Cy had not used.
      order('Cyrus Cole', 'cy@example.com', '(810) 555-0150', '2026-10-09T15:00:00Z', 55),
      order('Cy Cole', 'cy@example.com', '(810) 555-0151', '2026-10-14T15:00:00Z', 20),
    ]) {
      await create(data)
      await expectStoredAsGrouped()
    }
    const cy = (await stored()).find((customer) => customer.emails.includes('cy@example.com'))
    expect(cy).toMatchObject({ name: 'Cy Cole', names: ['Cy Cole', 'Cy', 'Cy C.', 'Cyrus Cole'], orders: 5, cancelled: 1, totalSpent: 165, firstOrderAt: '2026-10-09T15:00:00.000Z' })
  })

  it('are written in the order’s own transaction: an order rolled back leaves no customer behind', async () => {
    const before = await stored()
    await inTransaction(app.payload, async (req) => {
      await app.payload.create({ collection: 'orders', data: order('Rolled Back', 'rolled@example.com', '(586) 555-0177', '2026-10-05T15:00:00Z'), req })
      // Inside the transaction the new order already has its customer.
      expect((await app.payload.find({ collection: 'customers', where: { name: { equals: 'Rolled Back' } }, req })).totalDocs).toBe(1)
      return { commit: false, value: null }
    })
    expect(await expectStoredAsGrouped()).toEqual(before)
  })

  it('are found by the search as typed, even with characters a pattern would read as wildcards', async () => {
    await create(order('Jo Under', 'jo_under@example.com', '(248) 555-0199', '2026-10-01T15:00:00Z'))
    await create(order('Percy 100%', 'percy@example.com', '(248) 555-0142', '2026-10-02T15:00:00Z'))
    const names = async (search: string) => (await findCustomers({ payload: app.payload, user: seller }, { search })).customers.map((customer) => customer.name)
    const all = await stored()
    for (const search of ['_', '%', 'O_U', '100%', 'ANN', '555-01', '248 555', 'bea@', 'nobody']) {
      expect(await names(search)).toEqual(searchCustomers(all, search).map((customer) => customer.name))
    }
    expect(await names('_')).toEqual(['Jo Under'])
    expect(await names('%')).toEqual(['Percy 100%'])
  })

  it.runIf(isSqlite)('are stored for the orders there were before them (the migration)', async () => {
    const customers = await stored()
    expect(customers.length).toBeGreaterThan(3)
    const db = (app.payload.db as unknown as SQLiteAdapter).drizzle
    const args = { db, payload: app.payload, req: {} } as unknown as Parameters<typeof storedCustomersMigration.up>[0]
    // The schema before the stored customers, then the migration.
    await storedCustomersMigration.down(args)
    await storedCustomersMigration.up(args)
    expect(await expectStoredAsGrouped()).toEqual(customers)
  })
})
