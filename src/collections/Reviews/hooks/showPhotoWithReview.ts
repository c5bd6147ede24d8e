import type { CollectionAfterChangeHook, Payload, PayloadRequest } from 'payload'

import type { Review } from '@/payload-types'
import { forgetResizedPhotos } from '@/hooks/revalidateContent'

import { photoId } from './deleteOrphanedPhoto'

const PUBLISHED = 'published'

/**
 * A visitor's photo is shown to visitors while its review is published: the review's save marks
 * the photo (`shownWithReview`), so the photos' access rule (`access/publishedReviewPhotoOrAdmin.ts`)
 * is one condition rather than a read of every published review on each photo request. A photo
 * removed from its review, or of a deleted review, is deleted itself (`deleteOrphanedPhoto.ts`).
 */
export const showPhotoWhilePublished: CollectionAfterChangeHook<Review> = async ({ doc, previousDoc, req }) => {
  const photo = photoId(doc)
  const shown = doc.status === PUBLISHED
  if (photo !== undefined && (photo !== photoId(previousDoc) || shown !== (previousDoc?.status === PUBLISHED))) {
    await markShown(req.payload, photo, shown, req)
    if (!shown) forgetResizedPhotos(req)
  }
  return doc
}

/** The adapter's own update: the mark is the site's, not an edit of the photo (no upload, no hooks). */
function markShown(payload: Payload, id: number, shown: boolean, req?: PayloadRequest): Promise<unknown> {
  return payload.db.updateOne({ collection: 'media', id, data: { shownWithReview: shown }, req, returning: false })
}

/**
 * MongoDB has no SQL migrations: the review photos stored before the mark get it at start, from
 * their reviews (SQLite: migration 20261126_092822_review_photo_shown).
 */
export async function backfillShownReviewPhotosOnMongo(payload: Payload): Promise<number> {
  if (payload.db.name !== 'mongoose') return 0
  const unmarked = await payload.find({ collection: 'media', where: { and: [{ fromReview: { equals: true } }, { shownWithReview: { exists: false } }] }, select: { fromReview: true }, pagination: false, depth: 0 })
  if (unmarked.docs.length === 0) return 0
  const ids = unmarked.docs.map((media) => media.id)
  const published = await payload.find({ collection: 'reviews', where: { and: [{ status: { equals: PUBLISHED } }, { image: { in: ids } }] }, select: { image: true }, pagination: false, depth: 0 })
  const shown = new Set(published.docs.map((review) => photoId(review)))
  for (const id of ids) await markShown(payload, id, shown.has(id))
  return ids.length
}
