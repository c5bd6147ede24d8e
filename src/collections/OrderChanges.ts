import type { CollectionBeforeDeleteHook, CollectionConfig } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'
import { createdAtField } from '@/fields/createdAt'
import { CHANGE_BY, HISTORY_KINDS } from '@/features/ordering/changes/types'
import { queueOrderChangePush } from '@/features/seller/push/orderPush'

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))

/**
 * Each change of an order made after it was placed, by whom and when: the order's history in the
 * admin. The customer's changes are written by the change service (`features/ordering/changes/service.ts`),
 * the seller's edits by the order's hook (`recordSellerEdits`), each in the change's own
 * transaction; gone with its order.
 */
export const OrderChanges: CollectionConfig = {
  slug: 'order-changes',
  labels: { singular: 'Order change', plural: 'Order changes' },
  defaultSort: '-createdAt',
  admin: { group: 'Orders', hidden: true, defaultColumns: ['createdAt', 'order', 'by', 'headline'] },
  access: { read: adminOnly, create: nobody, update: nobody, delete: nobody },
  // The seller's phone hears of each change as of each new order.
  hooks: { afterChange: [queueOrderChangePush] },
  fields: [
    // Not required: the database keeps the column nullable so deleting an order is never refused by it
    // (its changes are deleted with it: `deleteChangesOfOrder`).
    { name: 'order', label: 'Order', type: 'relationship', relationTo: 'orders', index: true },
    { name: 'kind', label: 'Change', type: 'select', required: true, options: options(HISTORY_KINDS) },
    { name: 'by', label: 'By', type: 'select', required: true, options: options(CHANGE_BY) },
    // The seller's account that made it (its e-mail, kept as text: it outlives the account).
    { name: 'byName', label: 'Seller', type: 'text', maxLength: 200 },
    // The seller's notification and e-mail subject: "SM-1042 moved to Sun 10:00".
    { name: 'headline', label: 'In short', type: 'text', required: true, maxLength: 200 },
    // One line per thing changed: "Time: Sat, Dec 5 · 10:00 AM–2:00 PM → Sun, Dec 6 · 10:00 AM–12:00 PM".
    { name: 'lines', label: 'What changed', type: 'textarea', required: true, maxLength: 2000 },
    { name: 'totalBefore', label: 'Total before ($)', type: 'number', required: true },
    { name: 'totalAfter', label: 'Total after ($)', type: 'number', required: true },
    createdAtField('When'),
  ],
  timestamps: true,
}

/**
 * An order deleted takes its history with it (it names the customer's address and choices). Before
 * the order's row goes: after, the database has already emptied the changes' `order`.
 */
export const deleteChangesOfOrder: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({ collection: 'order-changes', where: { order: { equals: id } }, overrideAccess: true, req })
}
