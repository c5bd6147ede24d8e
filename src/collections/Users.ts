import type { CollectionConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'

export const Users: CollectionConfig = {
  slug: 'users',
  labels: { singular: 'Admin', plural: 'Admins' },
  admin: {
    group: 'Admin',
    useAsTitle: 'email',
    defaultColumns: ['name', 'email', 'updatedAt'],
  },
  auth: {
    // Payload's built-in lockout: five wrong passwords lock the account for ten minutes.
    maxLoginAttempts: 5,
    lockTime: 10 * 60 * 1000,
    tokenExpiration: 7 * 24 * 60 * 60,
  },
  access: {
    admin: ({ req: { user } }) => Boolean(user),
    read: adminOnly,
    create: adminOnly,
    update: adminOnly,
    delete: adminOnly,
  },
  fields: [{ name: 'name', type: 'text', label: 'Name' }],
}
