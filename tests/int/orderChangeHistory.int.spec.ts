import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CHANGES_PER_PAGE, changeRowText, findOrderChanges } from '@/features/ordering/admin/orderChangeHistory'
import type { User } from '@/payload-types'

import { storedOrder } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

/** An order's changes as its admin page lists them: newest first, ten at a time, admins only. */
describe("an order's change history", () => {
  let app: TestPayload
  let seller: User & { collection: 'users' }
  let orderId: number

  beforeAll(async () => {
    app = await startPayload()
    const { payload } = app
    const order = await payload.create({ collection: 'orders', data: storedOrder({ fullName: 'Hana History', phone: '(313) 555-0190' }) })
    orderId = order.id
    const other = await payload.create({ collection: 'orders', data: storedOrder({ fullName: 'Otto Other', phone: '(313) 555-0191' }) })
    // Eleven changes a minute apart, the eleventh the newest; one of another order, not listed.
    for (let n = 1; n <= CHANGES_PER_PAGE + 1; n++) {
      await payload.create({
        collection: 'order-changes',
        data: { order: order.id, kind: 'jars', by: 'customer', headline: `SM changed its jars ${n}`, lines: `Jars: change ${n}`, totalBefore: 50, totalAfter: 50 + n, createdAt: new Date(Date.UTC(2026, 10, 28, 20, n)).toISOString() },
      })
    }
    await payload.create({ collection: 'order-changes', data: { order: other.id, kind: 'cancel', by: 'seller', headline: 'Other cancelled', lines: 'Status: New → Cancelled', totalBefore: 20, totalAfter: 20 } })
    const user = await payload.create({ collection: 'users', data: { email: 'seller@example.com', password: 'a long seller passphrase', name: 'Seller' } })
    seller = { ...user, collection: 'users' }
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it('reads ten, newest first, then the rest', async () => {
    const first = await findOrderChanges(app.payload, orderId, 1, { user: seller })
    expect(first.rows.map((row) => row.text)).toEqual(Array.from({ length: CHANGES_PER_PAGE }, (_, index) => expect.stringContaining(`Jars: change ${CHANGES_PER_PAGE + 1 - index};`)))
    expect(first.nextPage).toBe(2)
    const second = await findOrderChanges(app.payload, orderId, 2, { user: seller })
    expect(second.rows.map((row) => row.text)).toEqual([expect.stringContaining('Jars: change 1;')])
    expect(second.nextPage).toBeNull()
  })

  it('says when (the seller’s clock), who, what, and the totals', () => {
    expect(changeRowText({ createdAt: '2026-11-28T20:04:00.000Z', by: 'customer', lines: 'Time: Sat, Dec 5 → Sun, Dec 6\nDelivery fee: $0 → $5', totalBefore: 50, totalAfter: 55 })).toBe(
      'Sat, Nov 28, 3:04 PM · Customer · Time: Sat, Dec 5 → Sun, Dec 6; Delivery fee: $0 → $5; Total $50 → $55',
    )
    expect(changeRowText({ createdAt: '2026-11-28T20:04:00.000Z', by: 'seller', byName: 'ana@example.com', lines: 'Status: New → Confirmed', totalBefore: 50, totalAfter: 50 })).toBe(
      'Sat, Nov 28, 3:04 PM · Seller (ana@example.com) · Status: New → Confirmed; Total $50 → $50',
    )
  })

  it('is not read without an admin session', async () => {
    await expect(findOrderChanges(app.payload, orderId, 1, { user: null })).rejects.toThrow()
  })
})
