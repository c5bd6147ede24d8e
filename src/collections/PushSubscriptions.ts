import type { CollectionConfig } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'
import { publicKeyEndpoint, subscribeEndpoint, unsubscribeEndpoint } from '@/features/seller/push/subscriptions'

/**
 * The devices that get a notification for each new order (`features/seller/push/`). Made by the
 * daily screen's opt-in, not by hand; the seller can delete a lost phone's.
 */
export const PushSubscriptions: CollectionConfig = {
  slug: 'push-subscriptions',
  labels: { singular: 'Notified device', plural: 'Notified devices' },
  defaultSort: '-updatedAt',
  admin: {
    group: 'Admin',
    useAsTitle: 'device',
    defaultColumns: ['device', 'user', 'lastSentAt', 'updatedAt'],
    description: 'Phones and computers that get a notification for each new order. Turn it on from the daily screen on each device; delete a lost phone here.',
  },
  access: { read: adminOnly, create: nobody, update: nobody, delete: adminOnly },
  endpoints: [subscribeEndpoint, unsubscribeEndpoint, publicKeyEndpoint],
  fields: [
    { name: 'device', type: 'text', required: true, admin: { readOnly: true } },
    { name: 'user', label: 'Admin', type: 'relationship', relationTo: 'users', required: true, index: true, admin: { readOnly: true } },
    // The browser's push service address and its keys: what a push is sent to and encrypted for.
    { name: 'endpoint', type: 'text', required: true, unique: true, admin: { hidden: true } },
    { name: 'p256dh', type: 'text', required: true, admin: { hidden: true } },
    { name: 'auth', type: 'text', required: true, admin: { hidden: true } },
    { name: 'lastSentAt', label: 'Last notified', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
