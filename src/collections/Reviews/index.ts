import type { CollectionConfig } from 'payload'

import { adminOnly, adminOnlyField, nobody } from '@/access/adminOnly'
import { publishedOrAdmin } from '@/access/publishedOrAdmin'
import { createdAtField } from '@/fields/createdAt'
import { revalidateCollection, revalidateCollectionAfterDelete } from '@/hooks/revalidateContent'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { REVIEW_STATUSES } from '@/features/reviews/rules'
import { RATING, REVIEW_LIMITS } from '@/features/reviews/rules'

import { deletePhotoOfDeletedReview, deleteReplacedPhoto } from './hooks/deleteOrphanedPhoto'
import { showPhotoWhilePublished } from './hooks/showPhotoWithReview'

export const Reviews: CollectionConfig = {
  slug: 'reviews',
  labels: { singular: 'Review', plural: 'Reviews' },
  defaultSort: '-createdAt',
  admin: {
    group: 'Reviews',
    useAsTitle: 'name',
    // Who, how many stars and where it stands first: a phone shows only the first columns.
    defaultColumns: ['name', 'rating', 'status', 'comment', 'createdAt'],
    listSearchableFields: ['name', 'comment'],
    components: {
      beforeListTable: ['/features/admin/components/QuickFilters#ReviewQuickFilters', '/features/reviews/admin/ReviewBulkActions#ReviewBulkActions'],
    },
  },
  access: {
    read: publishedOrAdmin,
    create: nobody,
    update: adminOnly,
    delete: adminOnly,
  },
  hooks: {
    afterChange: [deleteReplacedPhoto, showPhotoWhilePublished, revalidateCollection(CACHE_TAGS.reviews)],
    afterDelete: [deletePhotoOfDeletedReview, revalidateCollectionAfterDelete(CACHE_TAGS.reviews)],
  },
  fields: [
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'published',
      options: [...REVIEW_STATUSES],
      index: true,
      admin: {
        position: 'sidebar',
        description: 'Only published reviews (and their photos) appear on the site and count in the average.',
      },
    },
    { name: 'name', type: 'text', required: true, maxLength: REVIEW_LIMITS.name },
    {
      name: 'rating',
      type: 'number',
      required: true,
      min: RATING.min,
      max: RATING.max,
      defaultValue: RATING.default,
      admin: { components: { Cell: '/features/reviews/admin/RatingCell#RatingCell' } },
      validate: (value: number | null | undefined) =>
        Number.isInteger(value) && Number(value) >= RATING.min && Number(value) <= RATING.max ? true : 'Rating must be a whole number from 1 to 5.',
    },
    { name: 'comment', type: 'textarea', required: true, maxLength: REVIEW_LIMITS.comment },
    { name: 'image', label: 'Photo', type: 'upload', relationTo: 'media' },
    {
      name: 'verifiedBuyer',
      label: 'Verified buyer',
      type: 'checkbox',
      defaultValue: false,
      // Set by the review service when the review came through an order's review link.
      access: { create: () => false, update: () => false },
      admin: { readOnly: true, position: 'sidebar', description: 'Posted through the review link of a completed order.' },
    },
    {
      name: 'order',
      type: 'relationship',
      relationTo: 'orders',
      // One review per order through its link.
      unique: true,
      index: true,
      // Not for visitors: order ids count up, so they would tell how many orders the shop takes.
      access: { read: adminOnlyField, create: () => false, update: () => false },
      admin: { readOnly: true, position: 'sidebar' },
    },
    createdAtField('Posted'),
  ],
  timestamps: true,
}
