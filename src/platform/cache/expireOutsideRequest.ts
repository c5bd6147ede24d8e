import 'server-only'

import { EXPIRE_OUTSIDE_A_REQUEST } from '@/platform/http/pageCacheKeys.mjs'

type Expire = (tags: string[]) => Promise<void>

/**
 * Expires the pages and cached reads under these tags from work that answers no request (a timer,
 * a round), where Next's `revalidateTag` cannot run. With Redis the store is shared, so every
 * instance's pages go; before Next has created its page cache in this process nothing is cached.
 */
export async function expireOutsideRequest(tags: string[]): Promise<void> {
  const expire = (globalThis as { [EXPIRE_OUTSIDE_A_REQUEST]?: Expire })[EXPIRE_OUTSIDE_A_REQUEST]
  await expire?.(tags)
}
