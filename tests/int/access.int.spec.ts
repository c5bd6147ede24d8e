import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { adminAuthHeader, rest, restResponse, startPayload, type TestPayload } from '../helpers/payload'

const ADMIN = { email: 'owner@example.com', password: 'correct-horse-battery' }

describe('anonymous REST access', () => {
  let app: TestPayload

  beforeAll(async () => {
    app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
    const { payload } = app
    await payload.create({ collection: 'orders', data: orderData() })
    await payload.create({ collection: 'email-captures', data: { name: 'Ann', email: 'ann@example.com', discount_code: 'HC25123456' } })
    await payload.create({ collection: 'contact-messages', data: { name: 'Bo', email: 'bo@example.com', message: 'Hello' } })
    for (const status of ['published', 'pending', 'hidden'] as const) {
      await payload.create({ collection: 'reviews', data: { name: `${status} reviewer`, rating: 4, comment: `A ${status} review`, status } })
    }
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it.each(['email-captures', 'orders', 'users', 'contact-messages', 'refill-plans'])('refuses GET /api/%s', async (slug) => {
    const { status, json } = await rest(app.config, 'GET', `/${slug}`)
    expect(status).toBe(403)
    expect(json.docs).toBeUndefined()
  })

  it('returns only published reviews from GET /api/reviews', async () => {
    const { status, json } = await rest(app.config, 'GET', '/reviews')
    expect(status).toBe(200)
    const docs = json.docs as { name: string; status: string }[]
    expect(docs.map((doc) => doc.name)).toEqual(['published reviewer'])
  })

  it('does not show a visitor which order a verified buyer’s review came from', async () => {
    const { payload } = app
    const order = await payload.create({ collection: 'orders', data: orderData() })
    const review = await payload.create({ collection: 'reviews', data: { name: 'Verified reviewer', rating: 5, comment: 'Bought and loved', status: 'published', verifiedBuyer: true, order: order.id }, context: { disableRevalidate: true } })
    try {
      const { json } = await rest(app.config, 'GET', `/reviews/${review.id}?depth=2`)
      expect(json).toMatchObject({ name: 'Verified reviewer', verifiedBuyer: true })
      expect(json.order).toBeUndefined()
      // Nor by asking for it: an order id (they count up) would tell how many orders the shop takes.
      expect((await rest(app.config, 'GET', `/reviews?where[order][equals]=${order.id}`)).status).toBe(400)
    } finally {
      await payload.delete({ collection: 'reviews', id: review.id, context: { disableRevalidate: true } })
      await payload.delete({ collection: 'orders', id: order.id })
    }
  })

  it('refuses a query that asks for hidden reviews', async () => {
    const { json } = await rest(app.config, 'GET', '/reviews?where[status][equals]=hidden')
    expect(json.docs).toEqual([])
  })

  it('serves the public content: FAQs, media list and globals', async () => {
    expect((await rest(app.config, 'GET', '/faqs?limit=100')).json.totalDocs).toBe(14)
    expect((await rest(app.config, 'GET', '/media')).status).toBe(200)
    const settings = await rest(app.config, 'GET', '/globals/site-settings')
    expect(settings.status).toBe(200)
    expect(settings.json.businessName).toBeTruthy()
  })

  it.each([
    ['orders', orderData()],
    ['email-captures', { name: 'Eve', email: 'eve@example.com', discount_code: 'HC25999999' }],
    ['reviews', { name: 'Eve', rating: 5, comment: 'Spam', status: 'published' }],
    ['faqs', { question: 'Spam?', answer: 'Spam.' }],
    ['contact-messages', { name: 'Eve', email: 'eve@example.com', message: 'Spam' }],
    ['users', { email: 'eve@example.com', password: 'password123' }],
    ['media', { alt: 'Spam' }],
    ['refill-plans', { status: 'active', everyWeeks: 2, nextDay: '2026-12-19', fullName: 'Eve', email: 'eve@example.com', phone: '3135550100', quantity: 1, flavors: 'Jar 1: mixed-berry', deliveryMethod: 'pickup', city: 'detroit', address: '1 Main St', zip: '48201', windowRule: 'x', token: 'A'.repeat(24) }],
  ] as const)('an anonymous POST to /api/%s creates nothing', async (slug, body) => {
    const before = await app.payload.count({ collection: slug })
    const { status } = await rest(app.config, 'POST', `/${slug}`, { body })
    expect(status).toBeGreaterThanOrEqual(400)
    expect((await app.payload.count({ collection: slug })).totalDocs).toBe(before.totalDocs)
  })

  it('refuses anonymous changes to site settings and FAQs', async () => {
    const update = await rest(app.config, 'POST', '/globals/site-settings', { body: { phone: '000' } })
    expect(update.status).toBe(403)
    const faq = (await app.payload.find({ collection: 'faqs', limit: 1 })).docs[0]
    expect((await rest(app.config, 'PATCH', `/faqs/${faq.id}`, { body: { answer: 'Hacked' } })).status).toBe(403)
    expect((await rest(app.config, 'DELETE', `/faqs/${faq.id}`)).status).toBe(403)
    expect((await app.payload.findGlobal({ slug: 'site-settings' })).phone).not.toBe('000')
    expect((await app.payload.findByID({ collection: 'faqs', id: faq.id })).answer).not.toBe('Hacked')
  })

  it('refuses an anonymous write with 403 before any hook runs (the export plugin would answer 500)', async () => {
    const { status, json } = await rest(app.config, 'POST', '/exports', { body: { collectionSlug: 'orders', format: 'csv', name: 'orders' } })
    expect(status).toBe(403)
    expect(JSON.stringify(json)).toContain('You are not allowed to perform this action.')
  })

  it('answers a value the database cannot hold as the request’s fault: 404 for an id, 400 in a query', async () => {
    expect(await rest(app.config, 'GET', '/reviews/abc')).toEqual({ status: 404, json: { errors: [{ message: 'Not Found' }] } })
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    const query = await rest(app.config, 'GET', '/orders?where[createdAt][greater_than]=abc', { headers })
    expect(query).toEqual({ status: 400, json: { errors: [{ message: 'A value in the query does not fit its field.' }] } })
  })

  it('answers a multipart body Payload cannot read with 400, where Payload would answer 500, and still reads a real one', async () => {
    const { handleEndpoints } = await import('payload')
    const post = (method: string, pathname: string, contentType: string, body: string, headers: Record<string, string> = {}) =>
      handleEndpoints({ config: app.config, request: new Request(`http://localhost:3000/api${pathname}`, { method, headers: { 'Content-Type': contentType, ...headers }, body }) })
    const refused = { errors: [{ message: 'The multipart body cannot be read.' }] }
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    const unreadable: [string, string, string, string][] = [
      ['POST', '/faqs', 'multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="question"\r\n\r\nCut off'],
      ['PATCH', '/faqs/1', 'multipart/form-data', 'no boundary'],
      ['POST', '/faqs', 'multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{"question":\r\n--XX--\r\n'],
      ['POST', '/globals/site-settings', 'multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="_payload"\r\n\r\nnot json\r\n--XX--\r\n'],
    ]
    for (const [method, pathname, contentType, body] of unreadable) {
      for (const signedIn of [{}, headers]) {
        const answer = await post(method, pathname, contentType, body, signedIn)
        expect({ status: answer.status, json: await answer.json() }, `${method} ${pathname} ${body}`).toEqual({ status: 400, json: refused })
      }
    }
    const faq = '--XX\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{"question":"Read?","answer":"Yes."}\r\n--XX--\r\n'
    const created = await post('POST', '/faqs', 'multipart/form-data; boundary=XX', faq, headers)
    expect(created.status).toBe(201)
    await app.payload.delete({ collection: 'faqs', id: ((await created.json()) as { doc: { id: number } }).doc.id })
    expect((await post('POST', '/faqs', 'multipart/form-data; boundary=XX', faq)).status).toBe(403)
  })

  it('answers a limit or page no list can have with 400, where the database would fail', async () => {
    const refused = { status: 400, json: { errors: [{ message: 'The limit or page in the query is not one a list can have.' }] } }
    for (const query of ['limit=1.5', 'limit=-1&page=2', 'limit=9223372036854775807', 'page=99999999999999999999', `limit=${Number.MAX_SAFE_INTEGER}&page=3`]) {
      expect(await rest(app.config, 'GET', `/faqs?${query}`), query).toEqual(refused)
    }
    for (const query of ['page=0', 'page=-1', 'limit=5&page=3', 'page=1000000']) {
      expect((await rest(app.config, 'GET', `/faqs?${query}`)).status, query).toBe(200)
    }
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    expect((await rest(app.config, 'GET', '/faqs?limit=0&page=2', { headers })).status).toBe(200)
    expect((await rest(app.config, 'GET', '/faqs?limit=5&page=3')).json.docs).toHaveLength(4)
  })

  it('gives a visitor a list a page of at most 100 at a time; the signed-in admin as much as asked', async () => {
    const { payload } = app
    for (let index = 0; index < 101; index++) await payload.create({ collection: 'reviews', data: { name: `Paged reviewer ${index}`, rating: 5, comment: 'Paged', status: 'published' }, context: { disableRevalidate: true } })
    try {
      const refused = { status: 400, json: { errors: [{ message: 'A visitor gets a list at most 100 at a time: ask for the next page.' }] } }
      // Every published review in one answer is a lot of work for one request from anyone.
      for (const query of ['limit=0', 'limit=101', 'pagination=false', 'limit=1000000&depth=2']) expect(await rest(app.config, 'GET', `/reviews?${query}`), query).toEqual(refused)
      expect((await rest(app.config, 'GET', '/reviews?limit=100')).json.docs).toHaveLength(100)
      expect((await rest(app.config, 'GET', '/reviews?limit=100&page=2')).json.docs).toHaveLength(2)
      const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
      expect((await rest(app.config, 'GET', '/reviews?limit=0', { headers })).json.docs).toHaveLength(104)
    } finally {
      await payload.delete({ collection: 'reviews', where: { comment: { equals: 'Paged' } }, context: { disableRevalidate: true } })
    }
  })

  it('answers a where no list can be searched with 400, where the query would fail', async () => {
    const refused = { status: 400, json: { errors: [{ message: 'The where of the query is not one a list can be searched with.' }] } }
    for (const where of ['where[question][equals][]=a', 'where[id][equals][x]=1', 'where[question][in][0][a]=b', 'where[question][near]=1,2', 'where[createdAt][within]=x', 'where[question][all]=a']) {
      expect(await rest(app.config, 'GET', `/faqs?${where}`), where).toEqual(refused)
    }
    expect(await rest(app.config, 'GET', '/faqs?where=x')).toEqual({ status: 400, json: { errors: [{ message: 'The where of the query is not JSON.' }] } })
    // What the admin and the site ask still answers.
    for (const where of ['where[question][like]=sea', 'where[id][in]=1,2', 'where[id][not_in][0]=1', 'where[or][0][question][contains]=gel&where[or][1][answer][exists]=true', `where=${encodeURIComponent('{"question":{"equals":"x"}}')}`]) {
      expect((await rest(app.config, 'GET', `/faqs?${where}`)).status, where).toBe(200)
    }
  })

  it('answers a photo file no image has with 404, for the admin too', async () => {
    expect((await rest(app.config, 'GET', '/media/file/no-such-photo.webp')).status).toBe(403)
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    expect(await rest(app.config, 'GET', '/media/file/no-such-photo.webp', { headers })).toEqual({ status: 404, json: { errors: [{ message: 'Not Found' }] } })
    const seeded = (await app.payload.find({ collection: 'media', limit: 1, depth: 0 })).docs[0]
    expect((await restResponse(app.config, 'GET', `/media/file/${seeded.filename}`, { headers })).status).toBe(200)
  })

  it('lets the logged-in admin read orders and subscribers', async () => {
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    const orders = await rest(app.config, 'GET', '/orders', { headers })
    expect(orders.status).toBe(200)
    expect(orders.json.totalDocs).toBe(1)
    const captures = await rest(app.config, 'GET', '/email-captures', { headers })
    expect(captures.json.totalDocs).toBe(1)
  })

  it('locks an admin out after five wrong passwords', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      await rest(app.config, 'POST', '/users/login', { body: { email: ADMIN.email, password: 'wrong-password' } })
    }
    const locked = await rest(app.config, 'POST', '/users/login', { body: ADMIN })
    expect(locked.status).toBe(429)
    expect(locked.json).toMatchObject({ message: 'Too many attempts: try again in a minute, or reset your password' })
  })
})

function orderData() {
  return {
    fullName: 'Test Customer',
    email: 'customer@example.com',
    phone: '3135550100',
    address: '1 Main St',
    city: 'detroit' as const,
    zip: '48201',
    deliveryMethod: 'delivery' as const,
    quantity: 3,
    flavors: 'Jar 1: mixed-berry, Jar 2: peach-ginger, Jar 3: pineapple-mango',
    originalPrice: 50,
    deliveryFee: 5,
    discountAmount: 0,
    totalPrice: 55,
    consent: true,
    status: 'new' as const,
  }
}
