import type { CollectionConfig } from 'payload'

import { nobody } from '@/access/adminOnly'
import { SUBMITTED_FORMS } from '@/shared/forms/submissionKey'

/**
 * One row per successful public-form post, keyed by the form's one-time submission key: a retried
 * or double-clicked post finds its key here and gets the first post's answer instead of storing
 * again. Written in the same transaction as the record it points to; kept a week.
 */
export const FormSubmissions: CollectionConfig = {
  slug: 'form-submissions',
  admin: { hidden: true },
  access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'key', type: 'text', required: true, unique: true, index: true },
    { name: 'form', type: 'select', required: true, options: [...SUBMITTED_FORMS] },
    { name: 'recordId', type: 'text', required: true },
  ],
  timestamps: true,
}
