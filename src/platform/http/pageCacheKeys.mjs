// The page cache's process-wide keys, read by the app's code and set by the handler Next loaded
// (`pageCache.mjs`, which says why): one definition for both sides. Plain JavaScript, as that file.

/** Where work outside a request expires tags (`platform/cache/expireOutsideRequest.ts`). */
export const EXPIRE_OUTSIDE_A_REQUEST = Symbol.for('seamoss.pageCache.expireOutsideRequest')

/** Where a photo that stops being public forgets the resized copies (`platform/cache/forgetResizedImages.ts`). */
export const FORGET_RESIZED_IMAGES = Symbol.for('seamoss.pageCache.forgetResizedImages')
