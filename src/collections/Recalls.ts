import type { CollectionConfig, Field } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'
import { createdAtField } from '@/fields/createdAt'
import { RECALL_KINDS } from '@/features/recalls/recordRules'

/** Written once by the recall service (`features/recalls/recallRecords.ts`); the admin reads it, never edits it. */
const recorded = <F extends Field>(field: F): F => ({ ...field, access: { ...('access' in field ? field.access : {}), create: () => false, update: () => false }, admin: { ...field.admin, readOnly: true } }) as F

/**
 * Every recall the seller ran, real or a drill: what was recalled, by whom and why, the list's
 * totals, and for a real one the e-mail as sent and the orders held. Each customer told has a
 * record of their own (`recall-notices`). Kept for the food-safety records: nobody deletes one, and
 * only the notes can be changed. The record's page is Admin → Recall → the recall (`RecallRecordView`).
 */
export const Recalls: CollectionConfig = {
  slug: 'recalls',
  labels: { singular: 'Recall', plural: 'Recalls' },
  defaultSort: '-createdAt',
  admin: {
    group: 'Orders',
    useAsTitle: 'label',
    defaultColumns: ['createdAt', 'label', 'kind', 'customers', 'orders', 'heldOrders'],
    description: 'Every recall and practice recall (drill) you ran, for your food-safety records. Start one from Admin → Recall.',
  },
  access: { read: adminOnly, create: nobody, update: adminOnly, delete: nobody },
  fields: [
    {
      name: 'record',
      type: 'ui',
      // The link to the record's own page: who was told, whose e-mail failed, who confirmed.
      admin: { components: { Field: '/features/recalls/components/RecallRecordLink#RecallRecordLink' }, disableListColumn: true },
    },
    recorded({ name: 'label', label: 'Recalled', type: 'text', required: true }),
    {
      type: 'row',
      fields: [
        recorded({ name: 'kind', label: 'Real or drill', type: 'select', required: true, index: true, options: [...RECALL_KINDS] }),
        recorded({ name: 'startedBy', label: 'Started by', type: 'relationship', relationTo: 'users' }),
      ],
    },
    // The scope as the recall screen reads it from its address (features/recalls/rules.ts#recallQuery):
    // a second real recall of the same scope is noticed by it.
    recorded({ name: 'scope', type: 'text', required: true, index: true, admin: { hidden: true } }),
    recorded({ name: 'reason', label: 'Reason', type: 'textarea' }),
    {
      type: 'row',
      fields: [
        recorded({ name: 'customers', label: 'Customers', type: 'number' }),
        recorded({ name: 'orders', label: 'Orders', type: 'number' }),
        recorded({ name: 'jars', label: 'Jars', type: 'number' }),
        recorded({ name: 'noEmail', label: 'Without an e-mail', type: 'number' }),
      ],
    },
    {
      type: 'row',
      fields: [
        recorded({ name: 'findMs', label: 'Finding the list took (ms)', type: 'number' }),
        recorded({ name: 'emailed', label: 'E-mails queued', type: 'number' }),
        recorded({ name: 'heldOrders', label: 'Orders held', type: 'number' }),
      ],
    },
    recorded({ name: 'stopped', label: 'Stopped selling', type: 'text' }),
    recorded({ name: 'subject', label: 'E-mail subject as sent', type: 'text' }),
    recorded({ name: 'text', label: 'E-mail text as sent', type: 'textarea' }),
    // One recall per press of the button: the confirmation form's one-time key (a double click or
    // a resent post finds the recall it made).
    recorded({ name: 'requestKey', type: 'text', unique: true, admin: { hidden: true } }),
    { name: 'notes', label: 'Notes', type: 'textarea', admin: { description: 'Anything to keep with this recall: calls made, what the supplier said, what was thrown away.' } },
    createdAtField('Started'),
  ],
  timestamps: true,
}

/**
 * Each customer a recall found: who they are, their orders, the e-mail queued for them (its state
 * is the outbox's: one place for the truth) and when they confirmed having read it. Thousands per
 * recall at most: read a page at a time by the recall (indexed). Written by the recall service and
 * the confirmation link only.
 */
export const RecallNotices: CollectionConfig = {
  slug: 'recall-notices',
  labels: { singular: 'Customer told', plural: 'Customers told' },
  admin: { group: 'Orders', hidden: true, useAsTitle: 'name' },
  access: { read: adminOnly, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'recall', type: 'relationship', relationTo: 'recalls', required: true, index: true },
    { name: 'name', type: 'text', required: true },
    { name: 'email', type: 'text' },
    { name: 'phone', type: 'text' },
    { name: 'references', label: 'Orders', type: 'text' },
    // The outbox e-mail's id, as text (either database's ids), not a relationship: the outbox's
    // retention writes a sent e-mail's row again under the same id to free its text's room
    // (platform/email/retention.ts), and a foreign key would be emptied by that delete.
    { name: 'outboxEmail', type: 'text', index: true },
    { name: 'confirmedAt', type: 'date' },
  ],
  timestamps: true,
}
