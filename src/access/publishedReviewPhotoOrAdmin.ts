import type { Access, Where } from 'payload'

/**
 * Visitors see the seller's own images, and a visitor's review photo only while its review is
 * published (`shownWithReview`, kept by the reviews' hooks): a photo waiting for approval, or of a
 * hidden review, stays private (also its file URL and the media list).
 */
const shownToVisitors: Where = { or: [{ fromReview: { equals: false } }, { fromReview: { exists: false } }, { shownWithReview: { equals: true } }] }

export const publishedReviewPhotoOrAdmin: Access = ({ req }) => (req.user ? true : shownToVisitors)
