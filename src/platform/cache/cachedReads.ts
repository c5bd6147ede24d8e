import 'server-only'

import { unstable_cache } from 'next/cache'

import { insideNextServer } from '@/platform/config/runtime'

/**
 * How the public site reads Payload: every read is cached under a tag that the collection or
 * global's afterChange hook expires (`hooks/revalidateContent.ts`), so pages are served from Next's
 * cache and a seller's edit shows on the next request. Each feature keeps its own cached reads
 * (`ordering/cachedReads.ts`, `reviews/cachedReads.ts`, `content/content.ts`) on these, and the
 * globals' reads (`getGlobal` in src/cachedGlobals.ts).
 */

/**
 * `unstable_cache`, except outside a Next.js server (tests, scripts), where there is no cache:
 * there it reads directly, as `expireTag` skips expiring.
 */
export function cachedRead<A extends unknown[], T>(
  read: (...args: A) => Promise<T>,
  keyParts: string[],
  options: { tags: string[]; revalidate?: number },
): (...args: A) => Promise<T> {
  // The arguments are part of each entry's key (one entry per page of the reviews, for instance).
  const throughCache = unstable_cache(read, keyParts, options)
  return (...args) => (insideNextServer() ? throughCache(...args) : read(...args))
}
