import type { CollectionConfig } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'
import { createdAtField } from '@/fields/createdAt'

export const ContactMessages: CollectionConfig = {
  slug: 'contact-messages',
  labels: { singular: 'Contact message', plural: 'Contact messages' },
  defaultSort: '-createdAt',
  admin: {
    group: 'Mailing list & messages',
    useAsTitle: 'name',
    defaultColumns: ['name', 'subject', 'handled', 'createdAt', 'email'],
    listSearchableFields: ['name', 'email', 'subject', 'message'],
    components: { beforeListTable: ['/features/admin/components/QuickFilters#ContactMessageQuickFilters'] },
  },
  access: {
    read: adminOnly,
    create: nobody,
    update: adminOnly,
    delete: adminOnly,
  },
  fields: [
    {
      name: 'handled',
      label: 'Handled',
      type: 'checkbox',
      defaultValue: false,
      index: true,
      admin: { description: 'Tick once you have replied or dealt with it.', components: { Cell: '/features/admin/components/YesNoCell#YesNoCell' } },
    },
    {
      name: 'reply',
      type: 'ui',
      admin: { components: { Field: '/features/contact/admin/ContactActions#ContactMessageActions' }, disableListColumn: true },
    },
    {
      type: 'row',
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'email', label: 'E-mail', type: 'email', required: true },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'phone', type: 'text' },
        { name: 'subject', type: 'text' },
      ],
    },
    { name: 'message', type: 'textarea', required: true },
    createdAtField('Received'),
  ],
  timestamps: true,
}
