import type { CollectionConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { createdAtField } from '@/fields/createdAt'

export const EmailCaptures: CollectionConfig = {
  slug: 'email-captures',
  labels: { singular: 'Email subscriber', plural: 'Email subscribers' },
  defaultSort: '-createdAt',
  admin: {
    group: 'Mailing list & messages',
    useAsTitle: 'email',
    defaultColumns: ['name', 'email', 'discount_code', 'discount_used', 'createdAt'],
    listSearchableFields: ['name', 'email', 'discount_code'],
    components: { beforeListTable: ['/features/admin/components/QuickFilters#SubscriberQuickFilters'] },
  },
  access: {
    read: adminOnly,
    // Visitors join through the popup's action; the seller may add a subscriber by hand.
    create: adminOnly,
    update: adminOnly,
    delete: adminOnly,
  },
  fields: [
    { name: 'name', type: 'text', required: true },
    // Stored lower-cased, so one address joins the list once.
    { name: 'email', label: 'E-mail', type: 'email', required: true, unique: true, index: true },
    {
      name: 'discount_code',
      label: 'Discount code',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      access: { update: () => false },
      admin: { readOnly: true },
    },
    {
      name: 'discount_used',
      label: 'Discount used',
      type: 'checkbox',
      defaultValue: false,
      index: true,
      admin: { components: { Cell: '/features/admin/components/YesNoCell#YesNoCell' } },
    },
    createdAtField('Joined'),
  ],
  timestamps: true,
}
