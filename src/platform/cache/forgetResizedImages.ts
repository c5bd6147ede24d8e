import 'server-only'

import { FORGET_RESIZED_IMAGES } from '@/platform/http/pageCacheKeys.mjs'

/**
 * Drops next/image's resized copies of the photos, on every instance: a photo that is no longer
 * public must not stay served resized. Before Next has created its page cache in this process
 * (and outside a Next server) nothing is kept.
 */
export async function forgetResizedImages(): Promise<void> {
  const forget = (globalThis as { [FORGET_RESIZED_IMAGES]?: () => Promise<void> })[FORGET_RESIZED_IMAGES]
  await forget?.()
}
