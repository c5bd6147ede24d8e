import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { MongooseAdapter } from '@payloadcms/db-mongodb'

import { backfillCustomerKeysOnMongo } from '@/hooks/storeCustomerKeys'
import { customerContacts, subscribedEmailKeys } from '@/features/admin/aggregates/customerContacts'
import { storedCustomers, storedCustomersFound } from '@/features/admin/aggregates/customersPage'
import { flavorCombinations } from '@/features/admin/aggregates/flavorCombinations'
import { jarsSoldPerFlavor } from '@/features/admin/aggregates/jarsSoldPerFlavor'
import { activeRefillPlanGroups } from '@/features/admin/aggregates/refillPlanGroups'
import { salesByWeek } from '@/features/admin/aggregates/salesByWeek'
import { unpaidTotals } from '@/features/admin/aggregates/unpaidTotals'
import { owedAmount } from '@/features/ordering/owing'
import { waitingListSize } from '@/features/admin/aggregates/waitingList'
import { waitingLineTotals } from '@/features/admin/aggregates/waitingLineTotals'
import { customerKeys } from '@/features/admin/customerKeys'
import { backfillCustomersOnMongo } from '@/features/admin/customerRecords'
import { customerSearch, customersFromContacts } from '@/features/admin/customers'
import { WAITING } from '@/features/admin/dashboard'
import { flavorMix, salesWeekStarts } from '@/features/admin/sales'
import { findRecallTarget, recallRows, recallTotals } from '@/features/recalls/recallList'
import { jarKeys } from '@/features/ordering/orderDetails'
import type { Order } from '@/payload-types'

import { groupCustomersReference, searchCustomers } from '../helpers/customersReference'
import { recallReference } from '../helpers/recallReference'
import { storedOrder } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

// The aggregates' MongoDB pipelines. Every other test of them runs on SQLite here (no MongoDB
// server can be installed on this project's machines); this file runs where DATABASE_URI points
// at MongoDB (`DATABASE_URI=mongodb://… npm run test:int`) and is skipped elsewhere.
const onMongo = /^mongodb(\+srv)?:\/\//.test(process.env.DATABASE_URI ?? '')

const now = new Date('2026-11-04T17:00:00Z')
const flavors = ['mixed-berry', 'Jar 1: mixed-berry, Jar 2: mango-lime, Jar 3: mango-lime', 'Jar 1: peach-ginger, Jar 2: peach-ginger']
const statuses = ['new', 'confirmed', 'completed', 'cancelled'] as const

/** Orders of a dozen people over the last 16 weeks: every status, paid and unpaid, shared phones, e-mails in any case. */
const history = Array.from({ length: 60 }, (_, index) => {
  const person = index % 12
  return storedOrder({
    fullName: `Person ${person}`,
    email: index % 5 === 0 ? undefined : index % 3 === 0 ? `Person${person}@Example.com` : `person${person}@example.com`,
    phone: index % 4 === 0 ? `+1 (313) 555-${String(1000 + (person % 6)).padStart(4, '0')}` : `313555${String(1000 + person)}`,
    quantity: flavors[index % 3].split('Jar').length - 1 || 1,
    flavors: flavors[index % 3],
    flavorNames: null,
    originalPrice: 20,
    totalPrice: [20, 50, 55, 100][index % 4],
    status: statuses[index % 4],
    paymentStatus: index % 3 === 0 ? ('paid' as const) : ('unpaid' as const),
    // Oldest first, as orders come in.
    createdAt: new Date(now.getTime() - (60 - index) * 45 * 60 * 60 * 1000).toISOString(),
  })
})

describe.runIf(onMongo)('the aggregates on MongoDB equal the sums over every order (skipped unless DATABASE_URI is a mongodb:// address)', () => {
  let app: TestPayload
  let orders: Order[]

  beforeAll(async () => {
    app = await startPayload()
    for (const data of history) await app.payload.create({ collection: 'orders', data })
    await app.payload.create({ collection: 'email-captures', data: { name: 'P', email: 'Person3@Example.com', discount_code: 'HC25000003' } })
    orders = (await app.payload.find({ collection: 'orders', pagination: false, depth: 0 })).docs
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it('runs on the MongoDB adapter', () => {
    expect(app.payload.db.name).toBe('mongoose')
  })

  it('groups the customers as joining every order does', async () => {
    const reference = groupCustomersReference(orders, []).map(({ subscribed: _subscribed, ...customer }) => customer)
    expect(customersFromContacts(await customerContacts(app.payload))).toEqual(reference)
  })

  it('keeps the stored customers equal to that grouping, finds them by the search, and stores them at start when there are none', async () => {
    const reference = customersFromContacts(await customerContacts(app.payload))
    const all = () => storedCustomers(app.payload, null, { offset: 0, limit: 100 })
    expect(await all()).toEqual(reference)
    for (const search of ['PERSON1', '555 10', 'n1@']) {
      expect(await storedCustomers(app.payload, customerSearch(search), { offset: 0, limit: 100 })).toEqual(searchCustomers(reference, search))
      expect(await storedCustomersFound(app.payload, customerSearch(search))).toBe(searchCustomers(reference, search).length)
    }
    await app.payload.db.deleteMany({ collection: 'customers', where: {} })
    expect(await backfillCustomersOnMongo(app.payload)).toBe(reference.length)
    expect(await backfillCustomersOnMongo(app.payload)).toBe(0)
    expect(await all()).toEqual(reference)
  })

  it('finds a recall’s orders, their totals and their order as reading every order does', async () => {
    const quiet = { disableRevalidate: true }
    const batches = [
      await app.payload.create({ collection: 'batches', data: { madeOn: '2026-10-01T12:00:00.000Z', code: 'M-1' }, context: quiet }),
      await app.payload.create({ collection: 'batches', data: { madeOn: '2026-10-09T12:00:00.000Z', code: 'M-2' }, context: quiet }),
    ]
    const ids = (remainder: number) => orders.filter((_, index) => index % 3 === remainder).map((order) => order.id)
    for (const [index, batch] of batches.entries()) await app.payload.db.updateMany({ collection: 'orders', where: { id: { in: ids(index) } }, data: { batch: batch.id } })
    const stored = (await app.payload.find({ collection: 'orders', pagination: false, depth: 0 })).docs
    for (const scope of [
      { kind: 'batch', batch: String(batches[0].id) },
      { kind: 'flavor', batch: String(batches[1].id), flavor: 'mango-lime' },
      { kind: 'made', from: '2026-10-01', to: '2026-10-09' },
    ] as const) {
      const found = await findRecallTarget(app.payload, scope)
      if ('problem' in found) throw new Error(found.problem)
      const reference = recallReference(stored, found.target.batches.map((batch) => batch.id), 'flavor' in scope ? scope.flavor : undefined)
      expect(await recallTotals(app.payload, found.target)).toEqual(reference.totals)
      const rows = await recallRows(app.payload, found.target, { column: 'jars', descending: true })
      expect(rows.map((row) => String(row.id)).sort()).toEqual(reference.ids)
      expect(rows.map((row) => row.recalledJars)).toEqual([...rows.map((row) => row.recalledJars)].sort((a, b) => b - a))
    }
  })

  it('finds subscribers whatever the case of their address', async () => {
    expect(await subscribedEmailKeys(app.payload, ['person3@example.com', 'person4@example.com'])).toEqual(new Set(['person3@example.com']))
  })

  it('sums each week and the flavor mix of the orders not cancelled', async () => {
    const weekStarts = salesWeekStarts(now)
    const kept = orders.filter((order) => order.status !== 'cancelled' && new Date(order.createdAt) >= weekStarts[0])
    const weekOf = (order: Order) => weekStarts.findLastIndex((start) => start <= new Date(order.createdAt))
    expect(await salesByWeek(app.payload, weekStarts, now)).toEqual(
      weekStarts.map((start, week) => {
        const inWeek = kept.filter((order) => weekOf(order) === week)
        return {
          weekStart: start.toISOString(),
          orders: inWeek.length,
          revenue: inWeek.reduce((sum, order) => sum + order.totalPrice, 0),
          jars: inWeek.reduce((sum, order) => sum + order.quantity, 0),
        }
      }),
    )
    const since = weekStarts[6]
    const mixed = kept.filter((order) => new Date(order.createdAt) >= since)
    expect(flavorMix(await flavorCombinations(app.payload, since, now))).toEqual(flavorMix(mixed.map((order) => ({ flavors: order.flavors, flavorNames: order.flavorNames ?? null, orders: 1, lastOrderedAt: order.createdAt }))))
  })

  it('counts the jars of each flavor of the orders not cancelled, as reading every order does', async () => {
    const since = new Date(now.getTime() - 28 * 24 * 3600_000)
    const plain = new Map<string, number>()
    for (const order of orders) {
      const placed = new Date(order.createdAt)
      if (order.status === 'cancelled' || placed < since || placed >= now) continue
      for (const key of jarKeys(order.flavors)) plain.set(key, (plain.get(key) ?? 0) + 1)
    }
    expect(plain.size).toBeGreaterThan(1)
    expect(await jarsSoldPerFlavor(app.payload, since, now)).toEqual(plain)
  })

  it('counts the e-mail list without the addresses that unsubscribed, in any case', async () => {
    await app.payload.create({ collection: 'email-captures', data: { name: 'Q', email: 'Person5@Example.com', discount_code: 'HC25000005' } })
    await app.payload.create({ collection: 'unsubscribes', data: { email: 'person5@example.com' } })
    expect(await waitingListSize(app.payload)).toBe(1)
  })

  it('sums the money owed as the unpaid lists hold it', async () => {
    const owed = async (where: (typeof WAITING)['unpaid']) => {
      const { docs } = await app.payload.find({ collection: 'orders', where, pagination: false, depth: 0 })
      return { orders: docs.length, total: docs.reduce((sum, order) => sum + owedAmount(order), 0) }
    }
    expect(await unpaidTotals(app.payload)).toEqual({ unpaid: await owed(WAITING.unpaid), completedUnpaid: await owed(WAITING.completedUnpaid) })
  })

  it('gives customer keys to the orders stored before them, once', async () => {
    const model = (app.payload.db as unknown as MongooseAdapter).collections.orders
    const [first, second] = orders
    await model.updateMany({ _id: { $in: [first.id, second.id] } }, { $unset: { customerEmail: '', customerPhone: '' } })
    expect(await backfillCustomerKeysOnMongo(app.payload)).toBe(2)
    expect(await backfillCustomerKeysOnMongo(app.payload)).toBe(0)
    const keyed = await app.payload.findByID({ collection: 'orders', id: first.id, depth: 0 })
    const keys = (order: Order) => ({ customerEmail: order.customerEmail ?? null, customerPhone: order.customerPhone ?? null })
    expect(keys(keyed)).toEqual(keys(first))
    expect(keys(keyed)).toEqual(customerKeys(first))
  })

  it('groups the active refill plans by flavors, interval and next day', async () => {
    const plan = (n: number, flavors: string, nextDay: string, status: 'active' | 'paused' = 'active') =>
      app.payload.create({
        collection: 'refill-plans',
        data: { status, everyWeeks: 2, nextDay, fullName: 'P', email: 'p@example.com', phone: '3135550100', quantity: jarKeys(flavors).length, flavors, deliveryMethod: 'pickup', city: 'detroit', address: 'Pickup', zip: '48201', windowRule: 'sat', token: `mongo-plan-token-${String(n).padStart(7, '0')}` },
        overrideAccess: true,
      })
    await plan(1, 'mixed-berry', '2026-11-07')
    await plan(2, 'mixed-berry', '2026-11-07')
    await plan(3, 'Jar 1: peach-ginger, Jar 2: peach-ginger', '2026-11-14')
    await plan(4, 'mixed-berry', '2026-11-07', 'paused')
    const groups = (await activeRefillPlanGroups(app.payload)).sort((a, b) => a.nextDay.localeCompare(b.nextDay))
    expect(groups).toEqual([
      { flavors: 'mixed-berry', everyWeeks: 2, nextDay: '2026-11-07', plans: 2 },
      { flavors: 'Jar 1: peach-ginger, Jar 2: peach-ginger', everyWeeks: 2, nextDay: '2026-11-14', plans: 1 },
    ])
  })

  it('counts each flavor’s places in the waiting line and the jars they hold, any flavor (no key) as one line', async () => {
    const place = (n: number, flavor: string | null, status: 'waiting' | 'offered' | 'removed' | 'claimed', heldCount = 0) =>
      app.payload.create({
        collection: 'waiting-line',
        data: { email: `line-${n}@example.com`, flavor, flavorName: flavor ? 'Peach Ginger' : null, jarsWanted: 1, status, heldCount, heldJars: heldCount ? Array<string>(heldCount).fill(flavor ?? '') : null, activeKey: status === 'waiting' || status === 'offered' ? `line-${n}|${flavor ?? '*'}` : null },
        overrideAccess: true,
      })
    await place(1, 'peach-ginger', 'waiting')
    await place(2, 'peach-ginger', 'offered', 3)
    await place(3, 'peach-ginger', 'removed')
    await place(4, null, 'offered', 1)
    await place(5, null, 'waiting')
    await place(6, 'mango-lime', 'claimed')
    const totals = (await waitingLineTotals(app.payload)).sort((a, b) => String(a.flavor).localeCompare(String(b.flavor)))
    expect(totals).toEqual([
      { flavor: null, flavorName: null, waiting: 1, offered: 1, heldJars: 1 },
      { flavor: 'peach-ginger', flavorName: 'Peach Ginger', waiting: 1, offered: 1, heldJars: 3 },
    ])
  })
})
