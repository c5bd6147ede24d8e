import type { CollectionConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { anyone } from '@/access/anyone'
import { revalidateCollection, revalidateCollectionAfterDelete } from '@/hooks/revalidateContent'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'

export const Faqs: CollectionConfig = {
  slug: 'faqs',
  labels: { singular: 'FAQ', plural: 'FAQs' },
  // The seller drags questions into the order the FAQ page shows them.
  orderable: true,
  admin: {
    group: 'Content',
    useAsTitle: 'question',
    defaultColumns: ['question', 'updatedAt'],
  },
  access: {
    read: anyone,
    create: adminOnly,
    update: adminOnly,
    delete: adminOnly,
  },
  hooks: {
    afterChange: [revalidateCollection(CACHE_TAGS.faqs)],
    afterDelete: [revalidateCollectionAfterDelete(CACHE_TAGS.faqs)],
  },
  fields: [
    { name: 'question', type: 'text', required: true, maxLength: 200 },
    { name: 'answer', type: 'textarea', required: true, maxLength: 2000 },
  ],
}
