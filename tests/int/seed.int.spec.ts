import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seedContent } from '@/seed'
import { faqsSeed } from '@/seed/faqs'

import { freshDatabaseUri, restartPayload, startPayload, type TestPayload } from '../helpers/payload'

describe('seeded content and restarts', () => {
  let app: TestPayload

  beforeAll(async () => {
    // An empty database of its own (not the suite's seeded copy): the seed is what is tested.
    app = await startPayload({ ADMIN_EMAIL: 'first@example.com', ADMIN_PASSWORD: 'first-admin-password', DATABASE_URI: freshDatabaseUri() })
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it('fills an empty database with the default content', async () => {
    const { payload } = app
    const faqs = await payload.find({ collection: 'faqs', sort: '_order', limit: 100 })
    expect(faqs.totalDocs).toBe(14)
    expect(faqs.docs.map((faq) => faq.question)).toEqual(faqsSeed.map((faq) => faq.question))
    const settings = await payload.findGlobal({ slug: 'site-settings' })
    expect(settings.deliveryAreas?.map((area) => area.name)).toEqual(['Metro Detroit', 'Metro Ann Arbor'])
    expect(settings.paymentMethods?.map((method) => method.method)).toEqual(['Cash', 'Venmo', 'CashApp', 'Zelle'])
    const home = await payload.findGlobal({ slug: 'home-page' })
    expect(home.testimonials).toHaveLength(3)
    const benefits = await payload.findGlobal({ slug: 'benefits-page' })
    expect(benefits.benefits).toHaveLength(6)
    // One example supplier lot, on no batch: a fresh site's recalls find nothing.
    const lots = await payload.find({ collection: 'supplier-lots', depth: 0 })
    expect(lots.docs.map((lot) => lot.title)).toEqual(['Sea moss — Example supplier (replace with yours) lot 0001'])
    const batches = await payload.find({ collection: 'batches', pagination: false, depth: 0 })
    expect(batches.docs.flatMap((batch) => batch.supplierLots ?? [])).toEqual([])
  })

  it('creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const users = await app.payload.find({ collection: 'users' })
    expect(users.docs.map((user) => user.email)).toEqual(['first@example.com'])
  })

  it('seeding again creates nothing and overwrites nothing', async () => {
    const { payload } = app
    await payload.updateGlobal({ slug: 'site-settings', data: { phone: '(734) 555-0199' }, context: { disableRevalidate: true } })
    await seedContent(payload)
    await seedContent(payload)
    expect((await payload.count({ collection: 'faqs' })).totalDocs).toBe(14)
    expect((await payload.findGlobal({ slug: 'site-settings' })).phone).toBe('(734) 555-0199')
  })

  it('does not bring back a FAQ the seller deleted', async () => {
    const { payload } = app
    const last = (await payload.find({ collection: 'faqs', sort: '-_order', limit: 1 })).docs[0]
    await payload.delete({ collection: 'faqs', id: last.id, context: { disableRevalidate: true } })
    await seedContent(payload)
    expect((await payload.count({ collection: 'faqs' })).totalDocs).toBe(13)
  })

  it('keeps every record, and the seller’s edits, across a restart', async () => {
    const faq = (await app.payload.find({ collection: 'faqs', sort: '_order', limit: 1 })).docs[0]
    await app.payload.update({ collection: 'faqs', id: faq.id, data: { answer: 'Edited by the seller.' }, context: { disableRevalidate: true } })
    await app.payload.create({ collection: 'contact-messages', data: { name: 'Kept', email: 'kept@example.com', message: 'Still here?' } })

    app.payload = await restartPayload(app.payload, app.config)

    const { payload } = app
    expect((await payload.findByID({ collection: 'faqs', id: faq.id })).answer).toBe('Edited by the seller.')
    expect((await payload.count({ collection: 'faqs' })).totalDocs).toBe(13)
    expect((await payload.count({ collection: 'users' })).totalDocs).toBe(1)
    expect((await payload.find({ collection: 'contact-messages' })).docs.map((doc) => doc.name)).toEqual(['Kept'])
    expect((await payload.findGlobal({ slug: 'site-settings' })).phone).toBe('(734) 555-0199')
  })
})
