import type { Access } from 'payload'

/**
 * Visitors may see a photo only once it belongs to a published review: a photo waiting for
 * approval, or of a hidden review, stays private (also its file URL and the media list).
 */
export const publishedReviewPhotoOrAdmin: Access = async ({ req }) => {
  if (req.user) return true
  const { docs } = await req.payload.find({
    collection: 'reviews',
    where: { and: [{ status: { equals: 'published' } }, { image: { exists: true } }] },
    select: { image: true },
    pagination: false,
    depth: 0,
    req,
  })
  const photoIds = docs.flatMap((review) => (review.image == null ? [] : [typeof review.image === 'object' ? review.image.id : review.image]))
  return { id: { in: photoIds } }
}
