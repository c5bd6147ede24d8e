import 'server-only'

import type { DataFromGlobalSlug, GlobalSlug } from 'payload'
import { cache } from 'react'

import { cachedRead } from '@/platform/cache/cachedReads'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'

import { getPayloadClient } from './payloadClient'

/** A global as the public site reads it: through the cache, under the tag its afterChange hook expires. */
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
