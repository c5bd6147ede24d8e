import type { Message } from '@/shared/notices'

/** What a visitor reads about their review: the spec's wording, verbatim where it has one. */
export const reviewNotices = {
  submitted: { title: 'Review submitted!', description: 'Thank you for your feedback.' },
  failed: { title: 'Error', description: 'Failed to submit review. Please try again.' },
  /** Ours: the spec neither words the review's required-field checks nor limits the photo. */
  missingField: (field: string): Message => ({ title: 'Missing Information', description: `Please fill in your ${field}.` }),
  ratingRequired: { title: 'Rating Required', description: 'Please choose a rating from 1 to 5 stars.' },
  photoTooLarge: { title: 'Photo Too Large', description: 'Please choose a photo of 10MB or less.' },
  photoUnsupported: { title: 'Unsupported Photo', description: 'Please choose a PNG or JPG photo (WebP, GIF and AVIF work too).' },
  /** Ours: the review link of an order was used for a review already (one per order). */
  alreadyReviewed: { title: 'Already Reviewed', description: 'You have already reviewed this order. Thank you!' },
  /** When the seller holds new reviews for approval, the visitor is told why it is not listed yet. */
  heldForApproval: { title: 'Review submitted!', description: 'Thank you for your feedback. It will appear here once approved.' },
} as const
