import type { CollectionBeforeDeleteHook, CollectionConfig } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'
import { createdAtField } from '@/fields/createdAt'
import { refuseStaleSave } from '@/hooks/refuseStaleSave'
import { endPlace } from '@/features/ordering/waitingLine/line'
import { inLine, LINE_STATUSES, WANTED_COUNTS } from '@/features/ordering/waitingLine/rules'

const endDeletedPlace: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const place = await req.payload.findByID({ collection: 'waiting-line', id, depth: 0, overrideAccess: true, disableErrors: true, req })
  if (place && inLine(place)) await endPlace(req.payload, place, 'removed', req)
}

/**
 * The waiting line: one place per address and flavor (or any flavor), taken on /order while it
 * shows that flavor or the batch sold out. Jars that come free are offered to the places in the
 * order they were taken and held for one at a time (`features/ordering/waitingLine/line.ts`). Places are
 * written only by the line's own code; the seller reads them in Shop → Waiting line and can remove
 * one there.
 */
export const WaitingLine: CollectionConfig = {
  slug: 'waiting-line',
  labels: { singular: 'Place in line', plural: 'Waiting line' },
  defaultSort: 'createdAt',
  admin: {
    group: 'Shop',
    useAsTitle: 'email',
    defaultColumns: ['email', 'flavorName', 'jarsWanted', 'status', 'createdAt'],
    description: 'Who asked to be told when a sold-out flavor is back, in the order they asked. Turn the line on and set the hold time under Shop → Batch rules.',
    hidden: true,
  },
  // Deleting a place (the REST API, as the admin) first ends it: what it holds goes to the next in line.
  access: { read: adminOnly, create: nobody, update: nobody, delete: adminOnly },
  hooks: { beforeValidate: [refuseStaleSave], beforeDelete: [endDeletedPlace] },
  fields: [
    { name: 'email', label: 'E-mail', type: 'email', required: true, index: true },
    { name: 'phone', label: 'Phone', type: 'text', maxLength: 40 },
    // A flavor's key (orders keep keys too); empty for "any flavor".
    { name: 'flavor', label: 'Flavor key', type: 'text', maxLength: 60, index: true },
    { name: 'flavorName', label: 'Flavor', type: 'text', maxLength: 120 },
    { name: 'jarsWanted', label: 'Jars wanted', type: 'number', required: true, min: 1, max: Math.max(...WANTED_COUNTS) },
    {
      name: 'status',
      label: 'Status',
      type: 'select',
      required: true,
      defaultValue: 'waiting',
      index: true,
      options: LINE_STATUSES.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) })),
    },
    // While offered: the jars taken from `batch` for this place (their keys, as an order's), until `holdUntil`.
    { name: 'heldJars', label: 'Jars held', type: 'json' },
    { name: 'heldCount', label: 'Jars held (count)', type: 'number', defaultValue: 0 },
    { name: 'batch', label: 'Batch', type: 'relationship', relationTo: 'batches' },
    { name: 'offeredAt', label: 'Offered', type: 'date' },
    { name: 'holdUntil', label: 'Held until', type: 'date', index: true },
    { name: 'order', label: 'Order', type: 'relationship', relationTo: 'orders' },
    { name: 'endedAt', label: 'Left the line', type: 'date' },
    // "<address>|<flavor key or *>" while the place is in line, empty once it ends: one place per address and flavor.
    { name: 'activeKey', type: 'text', unique: true, admin: { hidden: true } },
    createdAtField('Joined'),
  ],
  timestamps: true,
}
