import { revalidateTag } from 'next/cache'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  GlobalAfterChangeHook,
  PayloadRequest,
} from 'payload'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { insideNextServer } from '@/platform/config/runtime'
import { onCommit } from '@/platform/db/afterCommit'

/**
 * Expires the site's cached reads and pages of a tag, so the next visitor sees the change.
 * Once more after the change's commit: a read between this hook and the commit still finds the old
 * data, and without the second expiry it would be kept as fresh (`platform/db/afterCommit.ts`).
 * Skipped for the seed (`context.disableRevalidate`) and outside a Next.js server (CLI, tests),
 * where there is no cache to expire.
 */
export function expireTag(tag: string, req: PayloadRequest): void {
  if (req.context?.disableRevalidate || !insideNextServer()) return
  expire(tag)
  onCommit(req, () => expire(tag))
}

/**
 * Next's recommended profile. The page cache (`platform/http/pageCache.mjs`) drops the tagged
 * entries at once whatever the profile (tests/unit/pageCache.test.ts), so the next visitor gets a
 * fresh page. The profile tells Next something else: with `{ expire: 0 }` a server action that
 * expires a tag (every order takes jars or a time's place) answers with the whole page rendered
 * again, which the order form never shows; at a batch opening that was a page render per order.
 */
const expire = (tag: string) => revalidateTag(tag, 'max')

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

/** The cached reads that show the seller's photos: the home hero, the package cards, the flavors, the admin logo. */
const PHOTO_TAGS = [CACHE_TAGS.global('home-page'), CACHE_TAGS.global('pricing'), CACHE_TAGS.flavors, CACHE_TAGS.global('site-settings')]

/**
 * A seller's image replaced, re-described or deleted: the pages showing it are expired, since they
 * cached its URL, size and alt text. A visitor's review photo shows only with its review, whose own
 * hooks expire the reviews.
 */
const expirePhotoPages = ({ doc, req }: { doc: { fromReview?: boolean | null }; req: PayloadRequest }) => {
  if (doc.fromReview) return
  for (const tag of PHOTO_TAGS) expireTag(tag, req)
}

export const revalidatePhotosAfterChange: CollectionAfterChangeHook = (args) => {
  expirePhotoPages(args)
  return args.doc
}

export const revalidatePhotosAfterDelete: CollectionAfterDeleteHook = (args) => {
  expirePhotoPages(args)
  return args.doc
}
