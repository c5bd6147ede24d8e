import 'server-only'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { cachedRead } from '@/platform/cache/cachedReads'
import { getPayloadClient } from '@/payloadClient'

/** The FAQs in the seller's order, for the FAQ page (`platform/cache/cachedReads.ts`). */
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

