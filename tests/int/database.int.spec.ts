import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startPayload, type TestPayload } from '../helpers/payload'

describe('concurrent writes', () => {
  let app: TestPayload

  beforeAll(async () => {
    app = await startPayload()
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it('stores every one of many writes started at once', async () => {
    const writes = Array.from({ length: 12 }, (_, index) =>
      app.payload.create({ collection: 'contact-messages', data: { name: `Writer ${index}`, email: `w${index}@example.com`, message: 'At once' } }),
    )
    const created = await Promise.all(writes)
    expect(new Set(created.map((doc) => doc.id)).size).toBe(12)
    const stored = await app.payload.find({ collection: 'contact-messages', where: { message: { equals: 'At once' } }, limit: 100 })
    expect(stored.totalDocs).toBe(12)
  })

  it('keeps working after a failed write rolls back', async () => {
    await expect(app.payload.create({ collection: 'contact-messages', data: { name: 'No e-mail' } as never })).rejects.toThrow()
    const results = await Promise.all([
      app.payload.create({ collection: 'faqs', data: { question: 'Concurrent 1?', answer: 'Yes' }, context: { disableRevalidate: true } }),
      app.payload.create({ collection: 'faqs', data: { question: 'Concurrent 2?', answer: 'Yes' }, context: { disableRevalidate: true } }),
    ])
    expect(results).toHaveLength(2)
    expect((await app.payload.count({ collection: 'faqs', where: { question: { like: 'Concurrent' } } })).totalDocs).toBe(2)
  })
})
