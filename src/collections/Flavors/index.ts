import type { CollectionConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { anyone } from '@/access/anyone'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { FLAVOR_LIMITS, FLAVOR_VALUE_PATTERN } from '@/features/ordering/catalog'
import { revalidateCollection, revalidateCollectionAfterDelete } from '@/hooks/revalidateContent'
import { serveBatchOpenNow } from '@/features/ordering/waitingLine/line'

import { labelTab } from './labelTab'

/**
 * What can be ordered, one record per flavor. The seller drags them into the order the order form
 * lists them, and switches one off when it runs out: it stays on the page as "Sold out".
 */
export const Flavors: CollectionConfig = {
  slug: 'flavors',
  labels: { singular: 'Flavor', plural: 'Flavors' },
  orderable: true,
  admin: {
    group: 'Shop',
    useAsTitle: 'name',
    defaultColumns: ['name', 'available', 'description'],
    description: 'The flavors customers choose for each jar. Drag to change their order; untick "Available" when one runs out.',
  },
  access: { read: anyone, create: adminOnly, update: adminOnly, delete: adminOnly },
  hooks: {
    afterChange: [
      // Switched back on: the waiting line is offered the open batch's jars of it first.
      async ({ doc, previousDoc, operation, req }) => {
        if (operation === 'update' && previousDoc?.available === false && doc.available !== false) await serveBatchOpenNow(req.payload, req)
        return doc
      },
      revalidateCollection(CACHE_TAGS.flavors),
    ],
    afterDelete: [revalidateCollectionAfterDelete(CACHE_TAGS.flavors)],
  },
  fields: [
    {
      type: 'tabs',
      tabs: [
        {
          label: 'Flavor',
          fields: [
            { name: 'name', label: 'Name', type: 'text', required: true, maxLength: FLAVOR_LIMITS.name },
            {
              name: 'value',
              label: 'Key',
              type: 'text',
              required: true,
              unique: true,
              index: true,
              maxLength: FLAVOR_LIMITS.value,
              // Orders store the key, so it never changes once the flavor exists.
              access: { update: () => false },
              admin: { description: 'A short fixed name for this flavor, in lower case with dashes (e.g. "mango-lime"). It cannot be changed later.' },
              validate: (value: unknown) =>
                typeof value === 'string' && FLAVOR_VALUE_PATTERN.test(value) ? true : 'Use lower-case letters, digits and dashes, e.g. "mango-lime".',
            },
            { name: 'description', label: 'Description', type: 'textarea', maxLength: FLAVOR_LIMITS.description },
            { name: 'photo', label: 'Photo', type: 'upload', relationTo: 'media' },
            {
              name: 'available',
              label: 'Available',
              type: 'checkbox',
              defaultValue: true,
              admin: {
                description: 'Untick when this flavor is sold out: the order form shows it as "Sold out" and refuses it.',
                components: { Cell: '/features/ordering/admin/AvailableCell#AvailableCell' },
              },
            },
          ],
        },
        labelTab,
      ],
    },
  ],
}
