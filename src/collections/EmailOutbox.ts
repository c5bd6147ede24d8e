import type { CollectionConfig } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'
import { createdAtField } from '@/fields/createdAt'
import { OUTBOX_STATUSES } from '@/platform/email/outboxRules'

/**
 * Every e-mail the site sends, written in the same transaction as the order, message or sign-up it
 * belongs to and delivered in the background (`platform/email/outbox.ts`). The seller sees what was sent, when,
 * and why a message is still waiting. Nothing here is edited by hand.
 */
export const EmailOutbox: CollectionConfig = {
  slug: 'email-outbox',
  labels: { singular: 'E-mail', plural: 'E-mails sent' },
  defaultSort: '-createdAt',
  admin: {
    group: 'Admin',
    useAsTitle: 'subject',
    defaultColumns: ['createdAt', 'to', 'subject', 'status', 'sentAt', 'attempts'],
    listSearchableFields: ['to', 'subject', 'about'],
    description: 'Every e-mail the site sends. A message waits here while the mail server cannot be reached and is retried with growing pauses.',
  },
  access: {
    read: adminOnly,
    create: nobody,
    update: nobody,
    delete: adminOnly,
  },
  fields: [
    {
      type: 'row',
      fields: [
        { name: 'status', type: 'select', required: true, defaultValue: 'pending', options: [...OUTBOX_STATUSES] },
        { name: 'about', label: 'About', type: 'text', index: true, admin: { description: 'The record it belongs to, e.g. order:42.' } },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'to', label: 'To', type: 'text', required: true },
        { name: 'replyTo', label: 'Reply to', type: 'text' },
      ],
    },
    { name: 'subject', type: 'text', required: true },
    // Emptied ('') once the e-mail is older than the seller's retention (`platform/email/retention.ts`).
    // Shown all the same: a field with an admin condition loses its NOT NULL column, and that change
    // would rebuild the whole table (the log's gigabytes) in a migration.
    { name: 'text', label: 'Text', type: 'textarea', required: true },
    { name: 'html', label: 'HTML', type: 'textarea', admin: { hidden: true } },
    {
      type: 'row',
      admin: { condition: (data) => Boolean(data?.bodyRemovedAt) },
      fields: [
        {
          name: 'bodyRemovedAt',
          label: 'Text removed on',
          type: 'date',
          admin: {
            readOnly: true,
            date: { pickerAppearance: 'dayAndTime' },
            description: 'Sent e-mails keep who they went to, the subject and when; their text goes after the days set in Admin → Operations settings.',
          },
        },
        { name: 'bodyKeptDays', label: 'Text removed after (days)', type: 'number', admin: { readOnly: true } },
      ],
    },
    {
      // List e-mails (welcome, refill reminder): the one-click unsubscribe address, sent as the
      // List-Unsubscribe and List-Unsubscribe-Post headers.
      name: 'listUnsubscribe',
      type: 'text',
      admin: { hidden: true },
    },
    {
      // Set when a message must go at most once (e.g. one status e-mail per order); unique.
      name: 'dedupeKey',
      type: 'text',
      unique: true,
      index: true,
      admin: { hidden: true },
    },
    {
      type: 'row',
      fields: [
        { name: 'attempts', type: 'number', defaultValue: 0, min: 0 },
        { name: 'nextAttemptAt', label: 'Next attempt', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'sentAt', label: 'Sent', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
    { name: 'claimedAt', type: 'date', admin: { hidden: true } },
    { name: 'lastError', label: 'Last error, or why not sent', type: 'text', admin: { readOnly: true } },
    createdAtField('Queued'),
  ],
  // The retention's round reads the sent e-mails whose text is still there, oldest first: a short
  // range of this index however many were emptied before.
  // Status then text removed: Operations counts the sent e-mails still holding their text from the
  // index alone (three years of e-mails: 25 ms, not 450 reading every row), and every query by
  // status uses its first half.
  indexes: [{ fields: ['bodyRemovedAt', 'sentAt'] }, { fields: ['status', 'bodyRemovedAt'] }],
  timestamps: true,
}
