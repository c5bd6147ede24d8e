import type { Access, Where } from 'payload'

/**
 * Visitors see the seller's own images, and a visitor's review photo only once its review is
 * published: a photo waiting for approval, or of a hidden review, stays private (also its file URL
 * and the media list).
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
  const visible: Where = { or: [{ fromReview: { equals: false } }, { fromReview: { exists: false } }, { id: { in: photoIds } }] }
  return visible
}
