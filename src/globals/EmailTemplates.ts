import type { Field, GlobalConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { DEFAULT_TEMPLATES, MESSAGE_KINDS, MESSAGE_LABELS, PLACEHOLDERS, type MessageKind } from '@/features/messages/templates'

const placeholderHelp = `Placeholders: ${Object.keys(PLACEHOLDERS)
  .map((key) => `{${key}}`)
  .join(' ')}`

function templateFields(kind: MessageKind): Field[] {
  const fallback = DEFAULT_TEMPLATES[kind]
  return [
    // A recall notice is the law's notice: it cannot be switched off.
    ...(kind === 'recall' ? [] : [{ name: 'enabled', label: 'Send this e-mail', type: 'checkbox', defaultValue: true } satisfies Field]),
    { name: 'subject', label: 'Subject', type: 'text', required: true, maxLength: 200, defaultValue: fallback.subject },
    { name: 'body', label: 'Message', type: 'textarea', required: true, maxLength: 5000, defaultValue: fallback.body, admin: { rows: 10, description: placeholderHelp } },
    ...(kind === 'refill'
      ? [
          {
            name: 'refillAfterDays',
            label: 'Days after the order is completed',
            type: 'number',
            min: 1,
            max: 90,
            defaultValue: fallback.refillAfterDays,
            admin: { step: 1, description: 'The gel keeps about two weeks: 12 days reaches them before it runs out.' },
          } satisfies Field,
        ]
      : []),
    {
      name: 'preview',
      type: 'ui',
      admin: { components: { Field: { path: '/features/messages/admin/TemplatePreview#TemplatePreview', clientProps: { kind } } } },
    },
  ]
}

/** The words of every e-mail a customer gets; private to the admin (the site reads it on the server). */
export const EmailTemplates: GlobalConfig = {
  slug: 'email-templates',
  label: 'E-mail templates',
  admin: {
    group: 'Content',
    description: 'What customers receive at each step. Switch a message off, or change its words; the order details, payment links and unsubscribe link are added for you.',
  },
  access: { read: adminOnly, update: adminOnly },
  fields: [
    {
      type: 'tabs',
      tabs: MESSAGE_KINDS.map((kind) => ({ name: kind, label: MESSAGE_LABELS[kind].label, description: MESSAGE_LABELS[kind].when, fields: templateFields(kind) })),
    },
  ],
}
