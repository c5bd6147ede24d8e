import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import type { Review } from '@/payload-types'

export const photoId = (review: Pick<Review, 'image'> | undefined) =>
  review?.image == null ? undefined : typeof review.image === 'object' ? review.image.id : review.image

/** Deletes a photo (its record and files) once no review uses it any more. */
async function deletePhotoIfUnused(id: number, req: PayloadRequest): Promise<void> {
  const { totalDocs } = await req.payload.count({ collection: 'reviews', where: { image: { equals: id } }, req })
  if (totalDocs === 0) await req.payload.delete({ collection: 'media', id, req })
}

/** When the seller deletes a review, its photo goes too: nothing of it stays online. */
export const deletePhotoOfDeletedReview: CollectionAfterDeleteHook<Review> = async ({ doc, req }) => {
  const id = photoId(doc)
  if (id !== undefined) await deletePhotoIfUnused(id, req)
  return doc
}

/** When the seller removes or replaces a review's photo, the old one is deleted. */
export const deleteReplacedPhoto: CollectionAfterChangeHook<Review> = async ({ doc, previousDoc, operation, req }) => {
  const previous = photoId(previousDoc)
  if (operation === 'update' && previous !== undefined && previous !== photoId(doc)) await deletePhotoIfUnused(previous, req)
  return doc
}
