import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { expireTag } from '@/hooks/revalidateContent'
import type { Order } from '@/payload-types'

/**
 * An order holding a pickup or delivery time (placed, cancelled, restored or deleted) changes the
 * places left, so the order page's open times are read again. Next expires the tag when the
 * request ends, after the order's transaction has committed.
 */
export const expireOpenWindows: CollectionAfterChangeHook<Order> = ({ doc, previousDoc, req }) => {
  if (doc.windowKey || previousDoc?.windowKey) expireTag(CACHE_TAGS.openWindows, req)
  return doc
}

export const expireOpenWindowsAfterDelete: CollectionAfterDeleteHook<Order> = ({ doc, req }) => {
  if (doc.windowKey) expireTag(CACHE_TAGS.openWindows, req)
  return doc
}
