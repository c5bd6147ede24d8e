'use server'

import { sendContactMessage } from './service'
import { type FormState, formValues } from '@/shared/forms/formState'
import { contactNotices } from '@/features/contact/notices'
import { formNotices } from '@/shared/notices'
import { getPayloadClient } from '@/payloadClient'
import { handlePublicForm } from '@/platform/http/publicForm'
import { contactSchema } from '@/features/contact/schema'
import { firstMessage } from '@/shared/forms/schemas'

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const

/** The contact form's action: the public form pipeline, then the service stores and e-mails. */
export async function submitContactForm(_previous: FormState, posted: FormData): Promise<FormState> {
  return handlePublicForm<Record<string, string>, FormState>(getPayloadClient, posted, {
    kind: 'contact',
    limit: 'contact',
    values: (form) => formValues(form, FIELDS),
    botAnswer: () => ({ status: 'success', message: contactNotices.sent }),
    // The service checks again; this answers a mistake without spending the visitor's allowance.
    mistake: (values) => {
      const parsed = contactSchema.safeParse(values)
      return parsed.success ? null : { status: 'error', message: firstMessage(parsed.error), values }
    },
    limited: (values) => ({ status: 'error', message: formNotices.rateLimited, values }),
    work: async ({ payload, values, key }) => {
      const result = await sendContactMessage(payload, values, key)
      return result.ok ? { status: 'success', message: contactNotices.sent } : { status: 'error', message: result.message, values }
    },
    failure: { log: '[contact] could not store a message', answer: (values) => ({ status: 'error', message: contactNotices.failed, values }) },
  })
}
