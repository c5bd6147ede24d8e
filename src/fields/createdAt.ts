import type { Field } from 'payload'

/**
 * Payload's own `createdAt` timestamp (same column, index and automatic value), labelled in the
 * seller's words for list columns, filters and exports: 'Received', 'Joined', 'Posted'.
 * Not `hidden`, which would leave it out of the list's Filters; `Field: false` keeps it off the
 * edit form instead, where the page header already shows when the document was created.
 */
export const createdAtField = (label: string): Field => ({
  name: 'createdAt',
  type: 'date',
  label,
  index: true,
  admin: { readOnly: true, disableBulkEdit: true, components: { Field: false }, date: { pickerAppearance: 'dayAndTime' } },
})
