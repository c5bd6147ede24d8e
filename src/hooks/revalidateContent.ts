import { revalidateTag } from 'next/cache'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  GlobalAfterChangeHook,
  PayloadRequest,
} from 'payload'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { forgetResizedImages } from '@/platform/cache/forgetResizedImages'
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
  const expire = req.context?.[ANSWER_SHOWS_NO_PAGE] ? expireBehindTheAnswer : expireNow
  expire(tag)
  onCommit(req, () => expire(tag))
}

/**
 * `req.context` key of a change whose server action answers without the page it expires: an order
 * (the form shows its confirmation; the order service sets it). See `expireBehindTheAnswer`.
 */
export const ANSWER_SHOWS_NO_PAGE = 'answerShowsNoPage'

/**
 * A server action that expires a tag this way answers with the page rendered again, which the
 * review form, for one, shows at once (the new review in the list).
 */
const expireNow = (tag: string) => revalidateTag(tag, { expire: 0 })

/**
 * Next's 'max' profile: the action's answer carries no page rendered again (at a batch opening,
 * a page render per order that nobody saw). The page cache (`platform/http/pageCache.mjs`) drops
 * the tagged entries at once whatever the profile (tests/unit/pageCache.test.ts), so the next
 * visitor still gets a fresh page.
 */
const expireBehindTheAnswer = (tag: string) => revalidateTag(tag, 'max')

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
  forgetResizedPhotos(args.req)
  return args.doc
}

/**
 * A photo no longer public (its review hidden or deleted, the image deleted): next/image's resized
 * copies go too, or the optimizer would keep serving them to anyone with their address. At once
 * and after the commit, as `expireTag` does: a copy made in between is of the photo still public.
 */
export function forgetResizedPhotos(req: PayloadRequest): void {
  if (!insideNextServer()) return
  const forget = () => void forgetResizedImages().catch((error: unknown) => req.payload.logger.error({ err: error, msg: '[photos] could not forget the resized copies' }))
  forget()
  onCommit(req, forget)
}
