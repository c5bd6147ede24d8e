import type { Field, GlobalConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { anyone } from '@/access/anyone'
import { revalidateGlobal } from '@/hooks/revalidateContent'

/** Every editable block of site copy: readable by anyone, edited by admins, revalidated on save. */
export function contentGlobal(slug: string, label: string, fields: Field[], description?: string): GlobalConfig {
  return {
    slug,
    label,
    admin: { group: 'Content', description },
    access: { read: anyone, update: adminOnly },
    hooks: { afterChange: [revalidateGlobal] },
    fields,
  }
}

export const heading = (name = 'heading', label = 'Heading'): Field => ({ name, label, type: 'text', required: true })
export const paragraph = (name: string, label: string): Field => ({ name, label, type: 'textarea', required: true })

/** A list of titled paragraphs: benefits, values, steps. */
export const cards = (name: string, label: string, min?: number, max?: number): Field => ({
  name,
  label,
  type: 'array',
  minRows: min,
  maxRows: max,
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'description', type: 'textarea', required: true },
  ],
})

/** Title and introduction shown at the top of a page, also its search-engine description. */
export const pageIntro: Field = {
  type: 'group',
  name: 'intro',
  label: 'Page heading',
  fields: [heading('title', 'Title'), paragraph('description', 'Introduction')],
}
