'use server'

import { sendContactMessage } from './service'
import { type FormState, formText, formValues, submittedForm } from '@/shared/forms/formState'
import { contactNotices } from '@/features/contact/notices'
import { formNotices } from '@/shared/notices'
import { getPayloadClient, logFailure } from '@/platform/db/payloadClient'
import { allowAttempt, clientKey } from '@/platform/http/rateLimit'
import { contactSchema } from '@/features/contact/schema'
import { HONEYPOT_FIELD } from '@/shared/forms/limits'
import { firstMessage } from '@/shared/forms/schemas'
import { SUBMISSION_KEY_FIELD } from '@/shared/forms/submissionKey'
import { submissionKeyOf } from '@/platform/db/submissions'

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const

/** The contact form's action: the honeypot, the limit and the submission key; the service does the rest. */
export async function submitContactForm(_previous: FormState, posted: FormData): Promise<FormState> {
  const formData = submittedForm(posted)
  const values = formValues(formData, FIELDS)
  // A filled honeypot is a bot: answer as if it worked, store nothing.
  if (formText(formData, HONEYPOT_FIELD)) return { status: 'success', message: contactNotices.sent }

  // Mistakes are answered without spending the visitor's allowance; the service checks again.
  const parsed = contactSchema.safeParse(values)
  if (!parsed.success) return { status: 'error', message: firstMessage(parsed.error), values }
  const client = await clientKey()
  const key = submissionKeyOf('contact', formText(formData, SUBMISSION_KEY_FIELD), { client, values })
  if (!(await allowAttempt('contact', client, key))) return { status: 'error', message: formNotices.rateLimited, values }

  try {
    const result = await sendContactMessage(await getPayloadClient(), values, key)
    return result.ok ? { status: 'success', message: contactNotices.sent } : { status: 'error', message: result.message, values }
  } catch (error) {
    await logFailure('[contact] could not store a message', error)
    return { status: 'error', message: contactNotices.failed, values }
  }
}
