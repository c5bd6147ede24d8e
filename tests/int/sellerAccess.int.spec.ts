import crypto from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { submitOrder } from '@/features/ordering/service'

import { finishedExport, savedExportFile } from '../helpers/exports'
import { adminAuthHeader, rest, restResponse, startPayload, type TestPayload } from '../helpers/payload'
import { validOrderForm } from '../helpers/orders'

const ADMIN = { email: 'owner@example.com', password: 'correct-horse-battery' }

/** Everything the seller runs in the admin is closed to anyone who is not logged in as an admin. */
describe('seller operations: who may read and change them', () => {
  let app: TestPayload
  let admin: Record<string, string>
  const ids: Record<string, number | string> = {}

  beforeAll(async () => {
    app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
    const { payload } = app
    const placed = await submitOrder(payload, { ...validOrderForm, discountCode: '' })
    if (placed.status !== 'success') throw new Error('the test order was not placed')
    ids.orders = placed.order.id
    ids['email-captures'] = (await payload.create({ collection: 'email-captures', data: { name: 'Ann', email: 'ann@example.com', discount_code: 'HC25123456' } })).id
    ids['contact-messages'] = (await payload.create({ collection: 'contact-messages', data: { name: 'Bo', email: 'bo@example.com', message: 'Hello' } })).id
    ids.reviews = (await payload.create({ collection: 'reviews', data: { name: 'Pat', rating: 5, comment: 'Lovely', status: 'pending' }, context: { disableRevalidate: true } })).id
    ids.faqs = (await payload.find({ collection: 'faqs', limit: 1 })).docs[0].id
    ids.users = (await payload.find({ collection: 'users', limit: 1 })).docs[0].id
    admin = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  const snapshot = async (slug: keyof typeof ids) => JSON.stringify(await app.payload.findByID({ collection: slug as 'orders', id: ids[slug], depth: 0 }))

  it.each([
    ['orders', { status: 'cancelled', totalPrice: 1 }],
    ['email-captures', { discount_used: true }],
    ['contact-messages', { handled: true }],
    ['reviews', { status: 'published' }],
    ['faqs', { answer: 'Changed' }],
    ['users', { email: 'thief@example.com' }],
  ] as const)('an anonymous visitor can neither change nor delete %s', async (slug, change) => {
    const before = await snapshot(slug)
    expect((await rest(app.config, 'PATCH', `/${slug}/${ids[slug]}`, { body: change })).status).toBe(403)
    expect((await rest(app.config, 'DELETE', `/${slug}/${ids[slug]}`)).status).toBe(403)
    // Bulk edits by query, as the admin's list view sends them, are refused too.
    const bulk = await rest(app.config, 'PATCH', `/${slug}?where[id][equals]=${ids[slug]}`, { body: change })
    expect(bulk.status).toBeGreaterThanOrEqual(400)
    expect(await snapshot(slug)).toBe(before)
  })

  it.each(['orders', 'email-captures', 'contact-messages', 'users'] as const)('an anonymous visitor cannot read one of %s by its id', async (slug) => {
    const { status, json } = await rest(app.config, 'GET', `/${slug}/${ids[slug]}`)
    expect(status).toBe(403)
    expect(JSON.stringify(json)).not.toContain('@example.com')
  })

  it('treats a forged session token as no session', async () => {
    const user = await app.payload.findByID({ collection: 'users', id: ids.users })
    const forged = signJwt({ id: user.id, collection: 'users', email: user.email, exp: Math.floor(Date.now() / 1000) + 3600 }, 'not-the-secret')
    const { status } = await rest(app.config, 'GET', '/orders', { headers: { Authorization: `JWT ${forged}` } })
    expect(status).toBe(403)
  })

  it('gives no export to an anonymous visitor, and the admin a CSV of the orders', async () => {
    const data = { collectionSlug: 'orders', format: 'csv', fields: ['fullName', 'totalPrice'] }
    const anonymous = await rest(app.config, 'POST', '/exports', { body: { name: 'anonymous', ...data } })
    expect(anonymous.status).toBe(403)
    expect(JSON.stringify(anonymous.json)).not.toContain('Dana Tester')
    expect((await rest(app.config, 'GET', '/exports')).status).toBe(403)

    const { file } = await savedExportFile(app, admin, data)
    expect(String(file)).toContain('Dana Tester,55')
  })

  it('keeps a saved export file private', async () => {
    const user = await app.payload.findByID({ collection: 'users', id: ids.users })
    const created = await app.payload.create({
      collection: 'exports',
      data: { collectionSlug: 'orders', format: 'csv', name: `private-${Date.now()}` },
      user: { ...user, collection: 'users' },
      overrideAccess: false,
    })
    const saved = await finishedExport(app.payload, created.id)
    try {
      expect(saved.filename).toMatch(/\.csv$/)
      const anonymous = await rest(app.config, 'GET', `/exports/file/${saved.filename}`)
      expect(anonymous.status).toBe(403)
      expect(String(anonymous.json)).not.toContain('Dana Tester')
      const own = await rest(app.config, 'GET', `/exports/file/${saved.filename}`, { headers: admin })
      expect(own.status).toBe(200)
      expect(String(own.json)).toContain('Dana Tester')
    } finally {
      await app.payload.delete({ collection: 'exports', id: saved.id })
    }
  })

  it('keeps a stored order’s prices, discount and jars, while the admin moves its status on', async () => {
    const { status } = await rest(app.config, 'PATCH', `/orders/${ids.orders}`, {
      headers: admin,
      body: { status: 'confirmed', originalPrice: 1, deliveryFee: 0, discountAmount: 50, totalPrice: 1, discountCode: 'FREE', quantity: 6, consent: false },
    })
    expect(status).toBe(200)
    const order = await app.payload.findByID({ collection: 'orders', id: ids.orders })
    expect(order).toMatchObject({ status: 'confirmed', originalPrice: 50, deliveryFee: 5, discountAmount: 0, totalPrice: 55, quantity: 3, consent: true })
    expect(order.discountCode ?? null).toBeNull()
  })

  it('lets the admin add the other founder, who can then log in and change their password', async () => {
    const founder = { email: 'cofounder@example.com', password: 'first-password-123', name: 'Co Founder' }
    expect((await rest(app.config, 'POST', '/users', { body: founder })).status).toBe(403)
    const created = await rest(app.config, 'POST', '/users', { headers: admin, body: founder })
    expect(created.status).toBe(201)

    const theirSession = await adminAuthHeader(app.config, founder.email, founder.password)
    const id = (created.json.doc as { id: number | string }).id
    expect((await rest(app.config, 'PATCH', `/users/${id}`, { headers: theirSession, body: { password: 'second-password-456' } })).status).toBe(200)
    expect((await rest(app.config, 'POST', '/users/login', { body: founder })).status).toBe(401)
    await expect(adminAuthHeader(app.config, founder.email, 'second-password-456')).resolves.toHaveProperty('Authorization')
  })

  it('has the browser drop what the daily screen kept of customers when the seller signs out', async () => {
    // A session of its own: signing out ends it, and the other tests keep theirs.
    const session = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    const signedOut = await restResponse(app.config, 'POST', '/users/logout', { headers: session })
    expect(signedOut.status).toBe(200)
    // Cache Storage (the kept Today and Run pages), the service worker and its push subscription.
    expect(signedOut.headers.get('Clear-Site-Data')).toBe('"storage"')
    expect((await rest(app.config, 'GET', '/orders', { headers: session })).status).toBe(403)
  })
})

/** An HS256 token, as Payload issues them, signed with a secret that is not the server's. */
function signJwt(claims: Record<string, unknown>, secret: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`
  return `${unsigned}.${crypto.createHmac('sha256', secret).update(unsigned).digest('base64url')}`
}
