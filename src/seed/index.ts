import type { GlobalSlug, Payload } from 'payload'

import type { Media } from '@/payload-types'

import { faqsSeed } from './faqs'
import { fulfilmentSeed } from './fulfilment'
import { flavorPictures, heroPicture, packagePictures, type SeedPicture } from './images/pictures'
import { renderPicture } from './images/render'
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
import { flavorsSeed, stockSeed, supplierLotSeed } from './shop'
import { siteSettingsSeed } from './siteSettings'
import { ensureFirstAdmin } from './firstAdmin'
import { counted } from '@/shared/counted'

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
  ['fulfilment', fulfilmentSeed],
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

/** The example supplier lot, during the first seeding only: a lot the seller deleted stays deleted. */
async function seedSupplierLot(payload: Payload): Promise<number> {
  const { totalDocs } = await payload.count({ collection: 'supplier-lots' })
  if (totalDocs > 0) return 0
  await payload.create({ collection: 'supplier-lots', data: supplierLotSeed, context })
  return 1
}

/**
 * A seeded picture in the media library (one of the seller's images: public), drawn on the spot.
 * Found by its file name instead when a first seeding that was cut short already stored it.
 */
async function seedPicture(payload: Payload, picture: SeedPicture): Promise<Media['id']> {
  const { docs } = await payload.find({ collection: 'media', where: { filename: { equals: picture.filename } }, limit: 1, pagination: false, depth: 0 })
  if (docs[0]) return docs[0].id
  const file = await renderPicture(picture)
  const media = await payload.create({ collection: 'media', data: { alt: picture.alt, fromReview: false }, file, depth: 0, context })
  return media.id
}

/**
 * The pictures of a fresh install, set in the globals that show them as those are first written.
 * A database seeded before pictures existed keeps its pages as the seller left them.
 */
const GLOBAL_PICTURES: Partial<Record<GlobalSlug, (payload: Payload) => Promise<Record<string, unknown>>>> = {
  'home-page': async (payload) => ({ ...homePageSeed, hero: { ...homePageSeed.hero, photo: await seedPicture(payload, heroPicture) } }),
  pricing: async (payload) => {
    const packages = []
    for (const [index, text] of (pricingSeed.packages ?? []).entries()) {
      packages.push({ ...text, photo: packagePictures[index] ? await seedPicture(payload, packagePictures[index]) : undefined })
    }
    return { ...pricingSeed, packages }
  },
}

/**
 * The shop's flavors, once: on a new database (with their pictures), and on one from before
 * flavors were editable. The `stock` global, written right after, marks it done, so a flavor the
 * seller deleted stays deleted.
 */
async function seedShop(payload: Payload, withPictures: boolean): Promise<boolean> {
  if (await isGlobalSaved(payload, 'stock')) return false
  const existing = await payload.find({ collection: 'flavors', limit: 0, pagination: false, depth: 0 })
  const values = new Set(existing.docs.map((flavor) => flavor.value))
  for (const flavor of flavorsSeed) {
    if (values.has(flavor.value)) continue
    const picture = withPictures ? flavorPictures[flavor.value] : undefined
    const data = picture ? { ...flavor, photo: await seedPicture(payload, picture) } : flavor
    await payload.create({ collection: 'flavors', data, context })
  }
  await payload.updateGlobal({ slug: 'stock', data: stockSeed, context })
  return true
}

/**
 * Fills an empty database with the default content. Idempotent: a global is written only while it
 * has never been saved, and the FAQs and pictures only during the first seeding, so nothing the
 * seller edited or deleted comes back. On a seeded database it only reads the globals' timestamps.
 */
export async function seedContent(payload: Payload): Promise<void> {
  const firstSeeding = !(await isGlobalSaved(payload, 'site-settings'))
  const faqsCreated = firstSeeding ? await seedFaqs(payload) : 0
  const lotsCreated = firstSeeding ? await seedSupplierLot(payload) : 0
  const shopSeeded = await seedShop(payload, firstSeeding)
  const globalsSeeded: string[] = []
  for (const [slug, seed] of GLOBAL_SEEDS) {
    if (await isGlobalSaved(payload, slug)) continue
    const withPictures = firstSeeding ? GLOBAL_PICTURES[slug] : undefined
    const data = withPictures ? await withPictures(payload) : seed
    await payload.updateGlobal({ slug, data, context })
    globalsSeeded.push(slug)
  }
  if (shopSeeded) globalsSeeded.push('flavors', 'stock')
  if (faqsCreated || lotsCreated || globalsSeeded.length) {
    payload.logger.info(`Seeded ${faqsCreated} FAQs, ${counted(lotsCreated, 'example supplier lot')} and ${globalsSeeded.length} content blocks (${globalsSeeded.join(', ')}).`)
  }
}

/** What a server start seeds (`platform/db/prepareDatabase.ts`): the first admin from the environment, and the default content of an empty database. */
export async function seedEmptyDatabase(payload: Payload): Promise<void> {
  await ensureFirstAdmin(payload)
  await seedContent(payload)
}
