import type { CollectionConfig } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'
import { createdAtField } from '@/fields/createdAt'
import { leaveEveryLine } from '@/features/ordering/waitingLine/line'

/**
 * Addresses that asked for no more refill reminders or list e-mails (the link and the one-click
 * header in those e-mails). Order e-mails still go to them. Deleting an entry subscribes again.
 */
export const Unsubscribes: CollectionConfig = {
  slug: 'unsubscribes',
  labels: { singular: 'Unsubscribed address', plural: 'Unsubscribed' },
  defaultSort: '-createdAt',
  admin: {
    group: 'Mailing list & messages',
    useAsTitle: 'email',
    defaultColumns: ['email', 'createdAt'],
    description: 'These addresses get no refill reminders or list e-mails. Delete one to send to it again.',
  },
  access: { read: adminOnly, create: nobody, update: nobody, delete: adminOnly },
  // The same link leaves every waiting line, in the unsubscribe's transaction (held jars go on to the next).
  hooks: { afterChange: [async ({ doc, operation, req }) => void (operation === 'create' && (await leaveEveryLine(req.payload, doc.email, req)))] },
  fields: [{ name: 'email', label: 'E-mail', type: 'email', required: true, unique: true, index: true }, createdAtField('Unsubscribed')],
  timestamps: true,
}
