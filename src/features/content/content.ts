import 'server-only'

import { unstable_cache } from 'next/cache'
import type { DataFromGlobalSlug, GlobalSlug } from 'payload'
import { cache } from 'react'

import { CACHE_TAGS } from '@/features/content/cacheTags'
import { insideNextServer } from '@/platform/config/runtime'
import { getPayloadClient } from '@/platform/db/payloadClient'
import { type JarsLeft, jarsLeftFrom } from '@/features/ordering/catalog'
import { priceListFrom, type PriceList } from '@/features/ordering/pricing'
import { findFlavorCards, findFlavors, type SellerSettings, windowsOpenNow } from '@/features/ordering/shop'
import { publishedRatingSummary } from '@/features/reviews/ratingSummary'
import { findPublishedReviews } from '@/features/reviews/service'

/**
 * The only place the public site reads Payload. Every read is cached under a tag that the
 * collection or global's afterChange hook expires, so pages are served from Next's cache and a
 * seller's edit shows on the next request.
 */

/**
 * `unstable_cache`, except outside a Next.js server (tests, scripts), where there is no cache:
 * there it reads directly, as `expireTag` skips expiring.
 */
function cachedRead<A extends unknown[], T>(
  read: (...args: A) => Promise<T>,
  keyParts: string[],
  options: { tags: string[]; revalidate?: number },
): (...args: A) => Promise<T> {
  // The arguments are part of each entry's key (one entry per page of the reviews, for instance).
  const throughCache = unstable_cache(read, keyParts, options)
  return (...args) => (insideNextServer() ? throughCache(...args) : read(...args))
}

export const getGlobal = cache(<S extends GlobalSlug>(slug: S): Promise<DataFromGlobalSlug<S>> =>
  cachedRead(
    async () => {
      const payload = await getPayloadClient()
      return payload.findGlobal({ slug, depth: 1, overrideAccess: false })
    },
    ['global', slug],
    { tags: [CACHE_TAGS.global(slug)] },
  )(),
)

export const getSiteSettings = () => getGlobal('site-settings')

export const getFaqs = cachedRead(
  async () => {
    const payload = await getPayloadClient()
    const { docs } = await payload.find({
      collection: 'faqs',
      sort: '_order',
      limit: 100,
      depth: 0,
      overrideAccess: false,
      select: { question: true, answer: true },
    })
    return docs
  },
  ['faqs'],
  { tags: [CACHE_TAGS.faqs] },
)

/** One page of the published reviews, newest first (see `features/reviews/service.ts`). */
export const getPublishedReviews = cachedRead(
  async (page: number) => findPublishedReviews(await getPayloadClient(), page),
  ['published-reviews'],
  { tags: [CACHE_TAGS.reviews] },
)

/** The average rating and count of all published reviews, computed by the database. */
export const getReviewSummary = cachedRead(
  async () => publishedRatingSummary(await getPayloadClient()),
  ['review-summary'],
  { tags: [CACHE_TAGS.reviews] },
)

/** Every flavor in the seller's order, sold-out ones included; expired when the seller edits one. */
export const getFlavors = cachedRead(async () => findFlavors(await getPayloadClient()), ['flavors'], { tags: [CACHE_TAGS.flavors] })

/**
 * The flavors with their photos. Also expired when a media item changes (`collections/Media.ts`),
 * so a replaced photo shows at once.
 */
export const getFlavorCards = cachedRead(async () => findFlavorCards(await getPayloadClient()), ['flavor-cards'], { tags: [CACHE_TAGS.flavors] })

/** How long the open times may be shown before they are read again: they move with the clock. */
export const OPEN_WINDOWS_SECONDS = 60

/**
 * The pickup and delivery times a customer can book now. They depend on the clock (notice needed,
 * times passing: read again after OPEN_WINDOWS_SECONDS) and on the orders holding a time (expired
 * by each such order, `collections/Orders/hooks/expireOpenWindows.ts`) and the seller's times.
 */
export const getOpenWindows = cachedRead(async () => windowsOpenNow(await getPayloadClient()), ['open-windows'], {
  tags: [CACHE_TAGS.openWindows, CACHE_TAGS.global('fulfilment')],
  revalidate: OPEN_WINDOWS_SECONDS,
})

/** What is for sale right now: the seller's prices and this batch's jars (null: no limit). */
export async function getShop(): Promise<{ prices: PriceList; jarsLeft: JarsLeft; soldOutMessage: string }> {
  const [pricing, stock, fulfilment] = await Promise.all([getGlobal('pricing'), getGlobal('stock'), getGlobal('fulfilment')])
  return { prices: priceListFrom(pricing, fulfilment), jarsLeft: jarsLeftFrom(stock.jarsAvailable), soldOutMessage: stock.soldOutMessage }
}

/**
 * The seller's settings as the order form's action reads them: from this cache, as the page the
 * visitor ordered from did. An edit expires them at once, so the next order reads it.
 */
export const cachedSellerSettings: SellerSettings = {
  flavors: getFlavors,
  pricing: () => getGlobal('pricing'),
  fulfilment: () => getGlobal('fulfilment'),
  site: getSiteSettings,
}
