import 'server-only'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { cachedRead, getGlobal, getSiteSettings } from '@/platform/cache/cachedReads'
import { getPayloadClient } from '@/platform/db/payloadClient'

import { type JarsLeft, jarsLeftFrom, jarsShown } from './catalog'
import { priceListFrom, type PriceList } from './pricing'
import { findFlavorCards, findFlavors, type SellerSettings, windowsOpenNow } from './shop'

/** What is for sale, as the public pages and the order form's action read it, through Next's cache (`platform/cache/cachedReads.ts`). */

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

/**
 * What is for sale right now: the seller's prices and this batch's jars as the pages show them
 * (`jarsShown`; null: no limit). Only the shown count is expired by an order, so the cached stock
 * may hold an older exact count: it never leaves this function.
 */
export async function getShop(): Promise<{ prices: PriceList; jarsLeft: JarsLeft; soldOutMessage: string }> {
  const [pricing, stock, fulfilment] = await Promise.all([getGlobal('pricing'), getGlobal('stock'), getGlobal('fulfilment')])
  return { prices: priceListFrom(pricing, fulfilment), jarsLeft: jarsShown(jarsLeftFrom(stock.jarsAvailable)), soldOutMessage: stock.soldOutMessage }
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
