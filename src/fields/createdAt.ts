import type { Field } from 'payload'

/**
 * Payload's own `createdAt` timestamp (same column, index and automatic value), labelled in the
 * seller's words for list columns, filters and exports: 'Received', 'Joined', 'Posted'.
 */
export const createdAtField = (label: string): Field => ({
  name: 'createdAt',
  type: 'date',
  label,
  index: true,
  admin: {
    hidden: true,
    disableBulkEdit: true,
    date: { pickerAppearance: 'dayAndTime' },
  },
})
