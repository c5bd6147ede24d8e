import type { CollectionConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { publishedReviewPhotoOrAdmin } from '@/access/publishedReviewPhotoOrAdmin'
import { revalidatePhotosAfterChange, revalidatePhotosAfterDelete } from '@/hooks/revalidateContent'
import { mediaFolder } from '@/platform/config/mediaStorage'

/**
 * The site's images: the seller's product photos (home hero, packages, flavors), public, and
 * visitors' review photos (the original product's `review-images` bucket), visible only with their
 * published review. Visitors' photos arrive through the review action, which rebuilds them first
 * (`features/reviews/photo.ts`); only admins upload here.
 */
export const Media: CollectionConfig = {
  slug: 'media',
  labels: { singular: 'Image', plural: 'Media library' },
  admin: {
    group: 'Content',
    defaultColumns: ['filename', 'alt', 'createdAt'],
  },
  hooks: { afterChange: [revalidatePhotosAfterChange], afterDelete: [revalidatePhotosAfterDelete] },
  access: {
    read: publishedReviewPhotoOrAdmin,
    create: adminOnly,
    update: adminOnly,
    delete: adminOnly,
  },
  upload: {
    // Local disk by default; `MEDIA_DIR` moves it (tests), `S3_BUCKET` replaces it (see payload.config.ts).
    staticDir: mediaFolder(),
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
    imageSizes: [{ name: 'thumbnail', width: 480, height: 480, fit: 'inside', withoutEnlargement: true }],
    adminThumbnail: 'thumbnail',
  },
  fields: [
    { name: 'alt', label: 'Description (for screen readers)', type: 'text', maxLength: 200 },
    {
      name: 'fromReview',
      type: 'checkbox',
      defaultValue: false,
      // Set by the review service only: a visitor's photo stays private until its review is published.
      access: { create: () => false, update: () => false },
      admin: { hidden: true },
    },
    {
      name: 'shownWithReview',
      type: 'checkbox',
      defaultValue: false,
      // Kept by the reviews' hooks (collections/Reviews/hooks/showPhotoWithReview.ts): true while the
      // review the photo came with is published. Visitors see a review photo only then.
      access: { create: () => false, update: () => false },
      admin: { hidden: true },
    },
  ],
}
