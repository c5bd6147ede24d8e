import 'server-only'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { cachedRead } from '@/platform/cache/cachedReads'
import { getGlobal, getSiteSettings } from '@/cachedGlobals'
import { getPayloadClient } from '@/payloadClient'

import { type BatchForSale, batchForSale } from './batches'
import { priceListFrom, type PriceList } from './pricing'
import { type LineSettings, lineSettingsFrom } from './waitingLine/rules'
import { batchRules, currentBatch, findFlavorCards, findFlavors, nextBatch, type SellerSettings, windowsOpenNow } from './shop'

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
 * The batches as the pages show them now (`batchForSale`: shown counts only, so the cached read
 * may hold an older exact count). Expired by a batch's change that the pages show, the batch rules,
 * the flavors, and at each moment the clock changes what is for sale (a batch opening or closing:
 * `batchClock.ts`, which also catches up on a moment no server saw). No time limit besides: `/`
 * stays cached until one of these.
 */
export const getBatchForSale = cachedRead(
  async (): Promise<BatchForSale & { keepsBatches: boolean }> => {
    const payload = await getPayloadClient()
    const now = new Date()
    const [current, next, flavors, rules] = await Promise.all([currentBatch(payload, now), nextBatch(payload, now), findFlavors(payload), batchRules(payload)])
    // Whether the seller sells by batches (one open or announced): without, nothing sells out and the waiting line takes no places (`line.ts#joinLine`).
    return { ...batchForSale(current, next, flavors, rules.minDaysLeft, now), keepsBatches: current !== null || next !== null }
  },
  ['batch-for-sale'],
  { tags: [CACHE_TAGS.batches, CACHE_TAGS.flavors, CACHE_TAGS.global('stock')] },
)

/** How old a page showing a countdown may be: its server-rendered "Opens in …" is right without JavaScript. */
export const COUNTDOWN_SECONDS = 30

/**
 * Read by a page while it shows the countdown to an opening, for its time limit alone: a page's
 * cache time is the shortest of its reads' (`revalidate`), so such a page is rendered again every
 * COUNTDOWN_SECONDS, and a page without a countdown stays cached until an edit expires it.
 */
export const countdownTick = cachedRead(async () => null, ['countdown-tick'], { tags: [], revalidate: COUNTDOWN_SECONDS })

export type ShopNow = BatchForSale & { keepsBatches: boolean; prices: PriceList; soldOutMessage: string; line: LineSettings }

/**
 * What is for sale right now: the seller's prices, the batch as the pages show it, and the waiting
 * line's settings (whether /order offers to join it), read from the batch rules' cached global,
 * which their save expires (`revalidateGlobal`).
 */
export async function getShop(): Promise<ShopNow> {
  const [pricing, stock, fulfilment, batch] = await Promise.all([getGlobal('pricing'), getGlobal('stock'), getGlobal('fulfilment'), getBatchForSale()])
  return { prices: priceListFrom(pricing, fulfilment), soldOutMessage: stock.soldOutMessage, line: lineSettingsFrom(stock), ...batch }
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
