import type { CollectionConfig } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'
import { publishedOrAdmin } from '@/access/publishedOrAdmin'
import { revalidateCollection, revalidateCollectionAfterDelete } from '@/hooks/revalidateContent'
import { CACHE_TAGS, REVIEW_STATUSES } from '@/lib/constants'

export const Reviews: CollectionConfig = {
  slug: 'reviews',
  labels: { singular: 'Review', plural: 'Reviews' },
  defaultSort: '-createdAt',
  admin: {
    group: 'Reviews',
    useAsTitle: 'name',
    defaultColumns: ['createdAt', 'name', 'rating', 'comment', 'status'],
    listSearchableFields: ['name', 'comment'],
  },
  access: {
    read: publishedOrAdmin,
    create: nobody,
    update: adminOnly,
    delete: adminOnly,
  },
  hooks: {
    afterChange: [revalidateCollection(CACHE_TAGS.reviews)],
    afterDelete: [revalidateCollectionAfterDelete(CACHE_TAGS.reviews)],
  },
  fields: [
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'published',
      options: [...REVIEW_STATUSES],
      index: true,
      admin: { position: 'sidebar' },
    },
    { name: 'name', type: 'text', required: true, maxLength: 80 },
    {
      name: 'rating',
      type: 'number',
      required: true,
      min: 1,
      max: 5,
      defaultValue: 5,
      validate: (value: number | null | undefined) =>
        Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 5 ? true : 'Rating must be a whole number from 1 to 5.',
    },
    { name: 'comment', type: 'textarea', required: true, maxLength: 2000 },
    { name: 'image', label: 'Photo', type: 'upload', relationTo: 'media' },
  ],
  timestamps: true,
}
