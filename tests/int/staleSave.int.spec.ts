import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Order } from '@/payload-types'

import { storedOrder } from '../helpers/orders'
import { adminAuthHeader, rest, startPayload, type TestPayload } from '../helpers/payload'

/**
 * A save from an admin page opened before the record last changed (`hooks/refuseStaleSave.ts`):
 * the admin's form sends the whole record as loaded, `updatedAt` included. Refused with why, and
 * the change made meanwhile kept; a save from a page that is up to date, or one without
 * `updatedAt` (the site's own writes, a bulk edit), goes through.
 */

const ADMIN = { email: 'stale@example.com', password: 'correct-horse-battery' }

let app: TestPayload
let auth: Record<string, string>

beforeAll(async () => {
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  auth = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
})

afterAll(async () => {
  await app?.cleanup()
})

const pause = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('a save from a page opened before the last change', () => {
  it('is refused for an order, and what changed meanwhile stays', async () => {
    const loaded = (await app.payload.create({ collection: 'orders', data: storedOrder({ fullName: 'Stale Sam', phone: '3135550101', reference: 'SM-4001' }) })) as Order
    await pause()
    // Meanwhile: the customer's change (the site's write, no updatedAt sent).
    await app.payload.update({ collection: 'orders', id: loaded.id, data: { notes: 'changed by the customer' } })
    // The seller's Mark paid on the page loaded before it: the whole form, as loaded.
    const { status, json } = await rest(app.config, 'PATCH', `/orders/${loaded.id}`, { headers: auth, body: { ...loaded, paymentStatus: 'paid', paymentMethod: 'cash' } })
    expect(status).toBe(409)
    expect(JSON.stringify(json)).toContain('This order changed after this page was opened')
    const kept = (await app.payload.findByID({ collection: 'orders', id: loaded.id, depth: 0 })) as Order
    expect(kept).toMatchObject({ notes: 'changed by the customer', paymentStatus: 'unpaid' })

    // Reloaded, the same save goes through.
    const { status: again } = await rest(app.config, 'PATCH', `/orders/${loaded.id}`, { headers: auth, body: { ...kept, paymentStatus: 'paid', paymentMethod: 'cash' } })
    expect(again).toBe(200)
    expect(await app.payload.findByID({ collection: 'orders', id: loaded.id, depth: 0 })).toMatchObject({ notes: 'changed by the customer', paymentStatus: 'paid' })
    // Without updatedAt (a bulk edit, the site's own writes): as before.
    const { status: bulk } = await rest(app.config, 'PATCH', `/orders/${loaded.id}`, { headers: auth, body: { notes: 'bulk' } })
    expect(bulk).toBe(200)
  })

  it("is refused for a batch whose jars orders took meanwhile, which keeps its count", async () => {
    const loaded = await app.payload.create({ collection: 'batches', data: { madeOn: '2026-12-01T12:00:00.000Z', jarsLeft: 20 } as never })
    await pause()
    await app.payload.update({ collection: 'batches', id: loaded.id, data: { jarsLeft: 17 }, overrideAccess: true })
    const { status } = await rest(app.config, 'PATCH', `/batches/${loaded.id}`, { headers: auth, body: { ...loaded, code: 'B-STALE' } })
    expect(status).toBe(409)
    expect(await app.payload.findByID({ collection: 'batches', id: loaded.id, depth: 0 })).toMatchObject({ jarsLeft: 17 })
  })
})
