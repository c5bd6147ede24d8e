import type { GlobalSlug, Payload } from 'payload'

import { faqsSeed } from './faqs'
import {
  aboutPageSeed,
  benefitsPageSeed,
  contactPageSeed,
  faqPageSeed,
  homePageSeed,
  orderPageSeed,
  pricingSeed,
  reviewsPageSeed,
} from './pages'
import { flavorsSeed, stockSeed } from './shop'
import { siteSettingsSeed } from './siteSettings'

const context = { disableRevalidate: true }

/** Site settings are written last: once they exist, the first seeding is complete. */
const GLOBAL_SEEDS: [GlobalSlug, Record<string, unknown>][] = [
  ['home-page', homePageSeed],
  ['pricing', pricingSeed],
  ['benefits-page', benefitsPageSeed],
  ['about-page', aboutPageSeed],
  ['faq-page', faqPageSeed],
  ['contact-page', contactPageSeed],
  ['order-page', orderPageSeed],
  ['reviews-page', reviewsPageSeed],
  ['site-settings', siteSettingsSeed],
]

/** A global has been saved once (by the seed or the seller) when it carries a timestamp. */
async function isGlobalSaved(payload: Payload, slug: GlobalSlug): Promise<boolean> {
  const doc = await payload.findGlobal({ slug, depth: 0 })
  return Boolean(doc.updatedAt)
}

async function seedFaqs(payload: Payload): Promise<number> {
  const existing = await payload.find({ collection: 'faqs', limit: 0, pagination: false, depth: 0 })
  const questions = new Set(existing.docs.map((faq) => faq.question))
  let created = 0
  for (const faq of faqsSeed) {
    if (questions.has(faq.question)) continue
    await payload.create({ collection: 'faqs', data: faq, context })
    created++
  }
  return created
}

/**
 * The shop's flavors, once: on a new database, and on one from before flavors were editable. The
 * `stock` global, written right after, marks it done, so a flavor the seller deleted stays deleted.
 */
async function seedShop(payload: Payload): Promise<boolean> {
  if (await isGlobalSaved(payload, 'stock')) return false
  const existing = await payload.find({ collection: 'flavors', limit: 0, pagination: false, depth: 0 })
  const values = new Set(existing.docs.map((flavor) => flavor.value))
  for (const flavor of flavorsSeed) {
    if (!values.has(flavor.value)) await payload.create({ collection: 'flavors', data: flavor, context })
  }
  await payload.updateGlobal({ slug: 'stock', data: stockSeed, context })
  return true
}

/**
 * Fills an empty database with the default content. Idempotent: a global is written only while it
 * has never been saved, and the FAQs only during the first seeding, so nothing the seller edited
 * or deleted comes back.
 */
export async function seedContent(payload: Payload): Promise<void> {
  const firstSeeding = !(await isGlobalSaved(payload, 'site-settings'))
  const faqsCreated = firstSeeding ? await seedFaqs(payload) : 0
  const shopSeeded = await seedShop(payload)
  const globalsSeeded: string[] = []
  for (const [slug, data] of GLOBAL_SEEDS) {
    if (await isGlobalSaved(payload, slug)) continue
    await payload.updateGlobal({ slug, data, context })
    globalsSeeded.push(slug)
  }
  if (shopSeeded) globalsSeeded.push('flavors', 'stock')
  if (faqsCreated || globalsSeeded.length) {
    payload.logger.info(`Seeded ${faqsCreated} FAQs and ${globalsSeeded.length} content blocks (${globalsSeeded.join(', ')}).`)
  }
}
