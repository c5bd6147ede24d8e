import type { CollectionConfig } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'
import { createdAtField } from '@/fields/createdAt'
import { PAYMENT_METHODS } from '@/features/ordering/options'
import { STATEMENT_FORMATS, FORMAT_LABELS } from '@/features/payments/statements/formats'
import { MATCH_KINDS, PAYMENT_STATES } from '@/features/payments/statements/rules'

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }))

/**
 * The payments of the statements the seller uploaded: of each file only the payments in are kept,
 * each as its id, date, amount, name and note (never the file), with the order it was matched to.
 * The app's payment id is unique, so a file uploaded again, or one overlapping an earlier one, adds
 * nothing. Written by `features/payments/statements/service.ts` only; read in Orders → Payments received.
 */
export const StatementPayments: CollectionConfig = {
  slug: 'statement-payments',
  labels: { singular: 'Payment received', plural: 'Payments received' },
  defaultSort: 'paidAt',
  admin: { group: 'Orders', useAsTitle: 'name', defaultColumns: ['paidAt', 'amount', 'name', 'note', 'state', 'order'], hidden: true },
  access: { read: adminOnly, create: nobody, update: nobody, delete: adminOnly },
  fields: [
    { name: 'paymentId', label: 'Payment id', type: 'text', required: true, unique: true, maxLength: 120 },
    { name: 'source', label: 'From', type: 'select', required: true, options: STATEMENT_FORMATS.map((value) => ({ value, label: FORMAT_LABELS[value] })) },
    // What the order is marked paid with when the seller confirms it.
    { name: 'method', label: 'Paid with', type: 'select', required: true, options: [...PAYMENT_METHODS] },
    { name: 'paidAt', label: 'Paid on', type: 'date', required: true, index: true },
    { name: 'amount', label: 'Amount ($)', type: 'number', required: true },
    { name: 'name', label: 'Name', type: 'text', maxLength: 200 },
    { name: 'note', label: 'Note', type: 'text', maxLength: 500 },
    { name: 'state', label: 'State', type: 'select', required: true, defaultValue: 'review', index: true, options: options(PAYMENT_STATES) },
    { name: 'match', label: 'Matched by', type: 'select', required: true, defaultValue: 'none', index: true, options: options(MATCH_KINDS) },
    // The order it was matched to (or, once confirmed, paid); the orders it could be when ambiguous.
    { name: 'order', label: 'Order', type: 'relationship', relationTo: 'orders', index: true },
    { name: 'candidates', label: 'Could be', type: 'relationship', relationTo: 'orders', hasMany: true },
    // Why no order was matched, or why the match needs a look ('SM-1042 is already paid').
    { name: 'why', label: 'Why', type: 'text', maxLength: 300 },
    { name: 'decidedAt', label: 'Confirmed or left on', type: 'date' },
    createdAtField('Imported'),
  ],
  timestamps: true,
}
