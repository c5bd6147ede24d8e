/**
 * The limits of a review and its photo. Shared by the collection, the server and the browser form,
 * so this module imports nothing (it is part of the page's client bundle).
 */
export const REVIEW_LIMITS = {
  name: 80,
  comment: 2000,
} as const

export const RATING = { min: 1, max: 5, default: 5 } as const

/** The spec's hint says 'up to 10MB'; here it is enforced. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024

/** Stored photos are scaled down to this longest side: plenty for a review, small to serve. */
export const PHOTO_MAX_SIDE = 2000

/**
 * What the file picker offers. The server decides from the bytes, not from this list; iOS turns
 * HEIC photos into JPEG when HEIC is not listed here.
 */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif'

export const REVIEW_STATUSES = [
  { value: 'pending', label: 'Pending approval' },
  { value: 'published', label: 'Published' },
  { value: 'hidden', label: 'Hidden' },
] as const

/** The review form's hidden field carrying an order's review-link key (`?order=` of the link). */
export const ORDER_KEY_FIELD = 'orderKey'

/** Reviews per page of /reviews: enough to read, little to download; "More reviews" leads on. */
export const REVIEWS_PER_PAGE = 20
