import { randomUUID } from 'node:crypto'

import { mergeListSearchAndWhere } from 'payload/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { storedOrder, storeRefillPlan } from '../helpers/orders'
import { rest, startPayload, type TestPayload } from '../helpers/payload'

/**
 * The orders' and refill plans' lists' search box, as Payload's list view turns it into a query
 * (`mergeListSearchAndWhere` over the collection's `listSearchableFields`).
 */
let app: TestPayload

/** The phones, oldest first, of what a seller's search of `collection`'s list finds. */
const found = async (collection: 'orders' | 'refill-plans', search: string) => {
  const where = mergeListSearchAndWhere({ collectionConfig: app.payload.collections[collection].config, search })
  const { docs } = await app.payload.find({ collection, where, sort: 'createdAt', depth: 0, pagination: false })
  return docs.map((found) => found.phone)
}

describe('the orders list’s search', () => {
  beforeAll(async () => {
    app = await startPayload()
    // One customer whose phone was typed three ways over the years (as three years of orders hold it),
    // and another customer.
    const orders = [
      storedOrder({ fullName: 'Maria Campbell', phone: '(313) 205-7298', createdAt: '2026-09-02T15:00:00Z' }),
      storedOrder({ fullName: 'Maria Campbell', phone: '313-205-7298', createdAt: '2026-10-02T15:00:00Z' }),
      storedOrder({ fullName: 'Maria Campbell', phone: '3132057298', createdAt: '2026-11-02T15:00:00Z' }),
      storedOrder({ fullName: 'Omar Other', phone: '(734) 555-0199', createdAt: '2026-11-03T15:00:00Z' }),
    ]
    for (const data of orders) await app.payload.create({ collection: 'orders', data })
  })

  const foundOrders = (search: string) => found('orders', search)

  it('finds every order of a phone typed as digits, with spaces, or as one order stored it', async () => {
    const all = ['(313) 205-7298', '313-205-7298', '3132057298']
    expect(await foundOrders('3132057298')).toEqual(all)
    expect(await foundOrders('313 205 7298')).toEqual(all)
    expect(await foundOrders('2057298')).toEqual(all)
    expect(await foundOrders('7345550199')).toEqual(['(734) 555-0199'])
  })

  it('finds every order of a phone typed with dashes, dots, brackets or +1, however each order stored it', async () => {
    const all = ['(313) 205-7298', '313-205-7298', '3132057298']
    for (const typed of ['(313) 205-7298', '313-205-7298', '313.205.7298', '+1 313 205 7298', ' 205-7298 ']) expect(await foundOrders(typed), typed).toEqual(all)
  })

  it('reads a search with letters in it as text: a name and an area code find no other customer', async () => {
    expect(await foundOrders('campbell 313')).toEqual([])
    expect(await foundOrders('omar 313')).toEqual([])
  })

  it("a visitor's search of the orders or the refill plans, however shaped, is refused with a 4xx (403, or 400 for a malformed one), never an error", async () => {
    const long = `${'1'.repeat(8000)}x`
    for (const query of [`where[customerPhone][like]=${long}`, 'where[or][0][customerPhone][like]=(313)%20205', 'where[customerPhone][like][0]=313', 'where[customerPhone]=313', 'where[reference][like]=sm-1500', `where[reference][like]=SM-${long}`]) {
      expect([400, 403], query).toContain((await rest(app.config, 'GET', `/orders?${query}`)).status)
    }
    // The refill plans' search is read by the same hook, before its access check too.
    for (const query of [`where[customerPhone][like]=${long}`, 'where[customerPhone][like]=(313)%20205-7298']) {
      expect([400, 403], query).toContain((await rest(app.config, 'GET', `/refill-plans?${query}`)).status)
    }
  })

  it('finds the one order of a whole reference, typed in any case; part of one still lists every order containing it', async () => {
    for (const reference of ['SM-1500', 'SM-15000', 'SM-15001']) await app.payload.create({ collection: 'orders', data: { ...storedOrder({ fullName: 'Rhea Reference', phone: '(248) 555-0100' }), reference } })
    const references = async (search: string) => {
      const where = mergeListSearchAndWhere({ collectionConfig: app.payload.collections.orders.config, search })
      return (await app.payload.find({ collection: 'orders', where, sort: 'reference', depth: 0, pagination: false })).docs.map((order) => order.reference)
    }
    expect(await references('SM-1500')).toEqual(['SM-1500'])
    expect(await references(' sm-15000 ')).toEqual(['SM-15000'])
    expect(await references('1500')).toEqual(['SM-1500', 'SM-15000', 'SM-15001'])
    expect(await references('SM-150000')).toEqual([])
  })

  it('still finds by surname', async () => {
    expect(await foundOrders('campbell')).toHaveLength(3)
    expect(await foundOrders('other')).toEqual(['(734) 555-0199'])
  })
})

describe('the refill plans list’s search', () => {
  const foundPlans = (search: string) => found('refill-plans', search)

  it('finds a plan by its phone however it is typed, and however the plan stored it', async () => {
    await storeRefillPlan(app.payload, 'Paula Planner', '(248) 555-0144')
    await storeRefillPlan(app.payload, 'Paula Planner', '248.555.0144')
    await storeRefillPlan(app.payload, 'Ned Neighbour', '734 555 0111')
    const both = ['(248) 555-0144', '248.555.0144']
    for (const typed of ['2485550144', '(248) 555-0144', '248-555-0144', '+1 248 555 0144', '555-0144']) expect(await foundPlans(typed), typed).toEqual(both)
    expect(await foundPlans('(734) 555-0111')).toEqual(['734 555 0111'])
    expect(await foundPlans('planner')).toEqual(both)
    expect(await foundPlans('planner 248')).toEqual([])
  })

  it('follows a phone the seller corrects in the admin, and the seller cannot write the digits themselves', async () => {
    const plan = await storeRefillPlan(app.payload, 'Cora Correct', '313-555-0122')
    const user = await app.payload.create({ collection: 'users', data: { email: `seller-${randomUUID()}@example.com`, password: 'a long seller passphrase', name: 'Seller' } })
    await app.payload.update({ collection: 'refill-plans', id: plan.id, data: { phone: '(586) 555-0133', customerPhone: '+10000000000' } as never, overrideAccess: false, user })
    expect(await foundPlans('5865550133')).toEqual(['(586) 555-0133'])
    expect(await foundPlans('3135550122')).toEqual([])
    expect(await foundPlans('0000000000')).toEqual([])
  })
})

afterAll(async () => {
  await app?.cleanup()
})
