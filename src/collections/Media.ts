import type { CollectionConfig, PayloadRequest, UploadConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { publishedReviewPhotoOrAdmin } from '@/access/publishedReviewPhotoOrAdmin'
import { revalidatePhotosAfterChange, revalidatePhotosAfterDelete } from '@/hooks/revalidateContent'
import { mediaFolder } from '@/platform/config/mediaStorage'

/**
 * A file name no image has is not found (404). Payload looks the name up only when the reader's
 * access is a filter (a visitor's); for a signed-in admin it goes straight to the disk and answers
 * a missing file with 500.
 */
async function unknownFileNotFound(req: PayloadRequest, { doc, params: { filename } }: FileHandlerArgs): Promise<Response | undefined> {
  if (doc) return
  const { totalDocs } = await req.payload.count({ collection: 'media', where: { or: [{ filename: { equals: filename } }, { 'sizes.thumbnail.filename': { equals: filename } }] }, req })
  if (totalDocs === 0) return Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 })
}

type FileHandler = NonNullable<UploadConfig['handlers']>[number]
type FileHandlerArgs = Parameters<FileHandler>[1]

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
    // Payload's type takes a promise of a Response or one of nothing, not one of either.
    handlers: [unknownFileNotFound as FileHandler],
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
