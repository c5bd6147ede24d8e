import { mergeListSearchAndWhere } from 'payload/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { storedOrder } from '../helpers/orders'
import { rest, startPayload, type TestPayload } from '../helpers/payload'

/**
 * The orders list's search box, as Payload's list view turns it into a query
 * (`mergeListSearchAndWhere` over the collection's `listSearchableFields`).
 */
describe('the orders list’s search', () => {
  let app: TestPayload

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

  afterAll(async () => {
    await app?.cleanup()
  })

  const found = async (search: string) => {
    const where = mergeListSearchAndWhere({ collectionConfig: app.payload.collections.orders.config, search })
    const { docs } = await app.payload.find({ collection: 'orders', where, sort: 'createdAt', depth: 0, pagination: false })
    return docs.map((order) => order.phone)
  }

  it('finds every order of a phone typed as digits, with spaces, or as one order stored it', async () => {
    const all = ['(313) 205-7298', '313-205-7298', '3132057298']
    expect(await found('3132057298')).toEqual(all)
    expect(await found('313 205 7298')).toEqual(all)
    expect(await found('2057298')).toEqual(all)
    expect(await found('7345550199')).toEqual(['(734) 555-0199'])
  })

  it('finds every order of a phone typed with dashes, dots, brackets or +1, however each order stored it', async () => {
    const all = ['(313) 205-7298', '313-205-7298', '3132057298']
    for (const typed of ['(313) 205-7298', '313-205-7298', '313.205.7298', '+1 313 205 7298', ' 205-7298 ']) expect(await found(typed), typed).toEqual(all)
  })

  it('reads a search with letters in it as text: a name and an area code find no other customer', async () => {
    expect(await found('campbell 313')).toEqual([])
    expect(await found('omar 313')).toEqual([])
  })

  it("a visitor's search of the orders, however shaped, is refused with a 4xx (403, or 400 for a malformed one), never an error", async () => {
    const long = `${'1'.repeat(8000)}x`
    for (const query of [`where[customerPhone][like]=${long}`, 'where[or][0][customerPhone][like]=(313)%20205', 'where[customerPhone][like][0]=313', 'where[customerPhone]=313']) {
      expect([400, 403], query).toContain((await rest(app.config, 'GET', `/orders?${query}`)).status)
    }
  })

  it('still finds by surname', async () => {
    expect(await found('campbell')).toHaveLength(3)
    expect(await found('other')).toEqual(['(734) 555-0199'])
  })
})
