import { revalidateTag } from 'next/cache'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  GlobalAfterChangeHook,
  PayloadRequest,
} from 'payload'

import { CACHE_TAGS } from '@/features/content/cacheTags'

/**
 * Expires the site's cached reads of a tag at once, so the next visitor sees the seller's edit.
 * Skipped for the seed (`context.disableRevalidate`) and outside a Next.js server (CLI, tests),
 * where there is no cache to expire.
 */
export function expireTag(tag: string, req: PayloadRequest): void {
  if (req.context?.disableRevalidate) return
  try {
    revalidateTag(tag, { expire: 0 })
  } catch (error) {
    if (!String(error).includes('static generation store missing')) throw error
  }
}

export const revalidateCollection =
  (tag: string): CollectionAfterChangeHook =>
  ({ doc, req }) => {
    expireTag(tag, req)
    return doc
  }

export const revalidateCollectionAfterDelete =
  (tag: string): CollectionAfterDeleteHook =>
  ({ doc, req }) => {
    expireTag(tag, req)
    return doc
  }

export const revalidateGlobal: GlobalAfterChangeHook = ({ doc, global, req }) => {
  expireTag(CACHE_TAGS.global(global.slug), req)
  return doc
}
