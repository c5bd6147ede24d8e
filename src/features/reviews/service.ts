import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import { orderFromReviewKey } from '@/features/messages/signedLinks'

import type { Media, Review } from '@/payload-types'

import { reviewNotices } from '@/features/reviews/notices'
import { type Message } from '@/shared/notices'
import { prepareReviewPhoto } from './photo'
import { REVIEWS_PER_PAGE } from './rules'
import { parseReviewFields } from './schema'
import { earlierSubmission, recordSubmission } from '@/platform/db/submissions'
import { inTransaction, isUniqueViolation } from '@/platform/db/transactions'

/**
 * Reading and posting reviews through the Local API. Plain functions of `payload`, so the page,
 * the server action and the integration tests share them.
 */

/** What a review's card on the page shows, and nothing more. */
export type ReviewCard = Pick<Review, 'id' | 'name' | 'rating' | 'comment' | 'createdAt' | 'verifiedBuyer'> & { photo: ReviewPhoto | null }

export type ReviewPhoto = { url: string; alt: string; width: number; height: number }

/** One page of the list: its reviews, newest first, and whether an older page follows. */
export type ReviewsPage = { reviews: ReviewCard[]; hasNextPage: boolean }

/**
 * The published reviews of one page of the list (page 1: the newest), with only what their cards
 * show. A page past the last has no reviews.
 */
export async function findPublishedReviews(payload: Payload, page = 1): Promise<ReviewsPage> {
  const { docs, hasNextPage } = await payload.find({
    collection: 'reviews',
    where: { status: { equals: 'published' } },
    // The id breaks ties between reviews posted in the same millisecond, so no review is on two pages.
    sort: ['-createdAt', '-id'],
    limit: REVIEWS_PER_PAGE,
    page,
    depth: 0,
    select: { name: true, rating: true, comment: true, createdAt: true, verifiedBuyer: true, image: true },
    // As a visitor: the collection's rules hide every other status.
    overrideAccess: false,
  })
  const photos = await photosOf(payload, docs)
  return {
    hasNextPage,
    reviews: docs.map(({ id, name, rating, comment, createdAt, verifiedBuyer, image }) => ({
      id,
      name,
      rating,
      comment,
      createdAt,
      verifiedBuyer,
      photo: (image != null && photos.get(typeof image === 'object' ? image.id : image)) || null,
    })),
  }
}

/** The photos of the listed reviews, by id, with what the card's <img> needs. */
async function photosOf(payload: Payload, reviews: Pick<Review, 'name' | 'image'>[]): Promise<Map<number, ReviewPhoto>> {
  const owners = new Map(reviews.flatMap((review) => (review.image == null ? [] : [[typeof review.image === 'object' ? review.image.id : review.image, review.name] as const])))
  if (owners.size === 0) return new Map()
  const { docs } = await payload.find({
    collection: 'media',
    where: { id: { in: [...owners.keys()] } },
    pagination: false,
    depth: 0,
    select: { url: true, filename: true, alt: true, width: true, height: true },
    // The photo of a published review is public (access/publishedReviewPhotoOrAdmin.ts), and these
    // reviews were read as a visitor; the media rule would read every published review to say so.
    overrideAccess: true,
  })
  return new Map(
    docs.flatMap((photo) =>
      photo.url ? [[photo.id, { url: photo.url, alt: photo.alt || `Photo from ${owners.get(photo.id)}`, width: photo.width ?? PHOTO_FALLBACK_SIDE, height: photo.height ?? PHOTO_FALLBACK_SIDE }] as const] : [],
    ),
  )
}

/** The size an <img> is given for a photo whose size was not recorded (it keeps the layout steady). */
const PHOTO_FALLBACK_SIDE = 480

export type ReviewSubmission = {
  name?: unknown
  rating?: unknown
  comment?: unknown
  /** The photo's bytes as received; absent or empty when the visitor chose none. */
  photo?: Buffer | null
  /** The key of an order's review link (in the completed order's e-mail): a verified buyer's review. */
  orderKey?: unknown
}

export type SubmitReviewResult = { ok: true; review: Review } | { ok: false; message: Message }

/**
 * Validates a visitor's review, stores its photo in `media` and the review in `reviews`. The review
 * is published at once unless the seller holds new reviews for approval.
 *
 * Writes run with access control off: `reviews` and `media` accept no public creates, and every
 * value stored here has been checked (or, for the photo, rebuilt) first.
 */
export async function submitReview(payload: Payload, submission: ReviewSubmission, submissionKey?: string): Promise<SubmitReviewResult> {
  const fields = parseReviewFields(submission)
  if (!fields.ok) return fields

  const earlier = await replay(payload, submissionKey)
  if (earlier) return earlier

  const buyer = await verifiedBuyer(payload, submission.orderKey)
  if (buyer === 'already-reviewed') return { ok: false, message: reviewNotices.alreadyReviewed }

  const photo = submission.photo?.length ? await prepareReviewPhoto(submission.photo) : null
  if (photo && !photo.ok) return photo

  const { name, rating, comment } = fields.fields
  // The photo is stored first, on its own: a rolled-back transaction would drop its record but not
  // its file, so when the review is not stored (a parallel post with the same key won, or a
  // failure) the photo is deleted through Payload, which removes its files wherever they are kept.
  let media: Media | undefined
  let stored = false
  try {
    if (photo) {
      media = await inTransaction(payload, async (req) => ({
        commit: true,
        value: await payload.create({ collection: 'media', data: { alt: `Photo from ${name}`, fromReview: true }, file: photo.photo, overrideAccess: true, req }),
      }))
    }
    const { review, isNew } = await inTransaction(payload, async (req) => {
      const again = await replay(payload, submissionKey, req)
      if (again) return { commit: false, value: { review: again.review, isNew: false } }
      const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
      const created = await payload.create({
        collection: 'reviews',
        data: {
          name,
          rating,
          comment,
          image: media?.id,
          status: settings.holdReviewsForApproval ? 'pending' : 'published',
          ...(buyer ? { verifiedBuyer: true, order: buyer.orderId } : {}),
        },
        overrideAccess: true,
        req,
      })
      await recordSubmission(payload, 'review', submissionKey, created.id, req)
      return { commit: true, value: { review: created, isNew: true } }
    })
    stored = isNew
    return { ok: true, review }
  } catch (error) {
    const again = isUniqueViolation(error) ? await replay(payload, submissionKey) : undefined
    if (again) return again
    payload.logger.error({ err: error, msg: '[reviews] could not store a review' })
    return { ok: false, message: reviewNotices.failed }
  } finally {
    if (media && !stored) await deleteUnusedPhoto(payload, media)
  }
}

/**
 * The order a review link names, when the link is genuine and the order was not cancelled; a second
 * review through the same link is refused (one per order). Anything else is a plain review.
 */
async function verifiedBuyer(payload: Payload, orderKey: unknown): Promise<{ orderId: number } | 'already-reviewed' | null> {
  const id = orderFromReviewKey(payload, orderKey)
  if (!id) return null
  const order = await payload.findByID({ collection: 'orders', id, depth: 0, overrideAccess: true, disableErrors: true, select: { status: true } })
  if (!order || order.status === 'cancelled') return null
  const { totalDocs } = await payload.count({ collection: 'reviews', where: { order: { equals: order.id } }, overrideAccess: true })
  return totalDocs > 0 ? 'already-reviewed' : { orderId: order.id }
}

async function deleteUnusedPhoto(payload: Payload, media: Media): Promise<void> {
  try {
    await inTransaction(payload, async (req) => {
      await payload.delete({ collection: 'media', id: media.id, overrideAccess: true, req })
      return { commit: true, value: undefined }
    })
  } catch (error) {
    payload.logger.error({ err: error, msg: `[reviews] could not delete the unused photo ${media.filename}` })
  }
}

/** The review an earlier post with this submission key stored, answered the same way again. */
async function replay(payload: Payload, submissionKey: string | undefined, req?: Partial<PayloadRequest>): Promise<{ ok: true; review: Review } | undefined> {
  const reviewId = await earlierSubmission(payload, submissionKey, req)
  if (!reviewId) return undefined
  const review = await payload.findByID({ collection: 'reviews', id: reviewId, depth: 1, overrideAccess: true, req })
  return { ok: true, review }
}

/** The visitor's confirmation: the spec's, or ours when the review waits for the seller. */
export const submittedMessage = (review: Review): Message =>
  review.status === 'published' ? reviewNotices.submitted : reviewNotices.heldForApproval
