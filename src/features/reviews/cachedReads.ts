import 'server-only'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { cachedRead } from '@/platform/cache/cachedReads'
import { getPayloadClient } from '@/payloadClient'

import { publishedRatingSummary } from './ratingSummary'
import { findPublishedReviews } from './service'

/** The reviews as the public pages read them, through Next's cache (`platform/cache/cachedReads.ts`). */

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

