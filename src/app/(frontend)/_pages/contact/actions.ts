'use server'

import { type FormState, formValues } from '@/lib/formState'
import { deliverEmail } from '@/lib/mailer'
import { messages } from '@/lib/messages'
import { getPayloadClient } from '@/lib/payload'
import { allowAttempt, clientKey } from '@/lib/rateLimit'
import { contactSchema, firstMessage, HONEYPOT_FIELD, type ContactInput } from '@/lib/schemas'

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const

function sellerEmailText(message: ContactInput): string {
  return [
    `Name: ${message.name}`,
    `E-mail: ${message.email}`,
    `Phone: ${message.phone ?? '-'}`,
    `Subject: ${message.subject ?? '-'}`,
    '',
    message.message,
  ].join('\n')
}

/** Stores a visitor's message and e-mails it to the seller; the e-mail is retried if it fails. */
export async function sendContactMessage(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, FIELDS)
  // A filled honeypot is a bot: answer as if it worked, store nothing.
  if (String(formData.get(HONEYPOT_FIELD) ?? '')) return { status: 'success', message: messages.contact.sent }

  const parsed = contactSchema.safeParse(values)
  if (!parsed.success) return { status: 'error', message: firstMessage(parsed.error), values }
  if (!(await allowAttempt('contact', await clientKey()))) return { status: 'error', message: messages.rateLimited, values }

  try {
    const payload = await getPayloadClient()
    const message = parsed.data
    await payload.create({ collection: 'contact-messages', data: message })
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
    await deliverEmail(payload, {
      to: settings.email,
      replyTo: message.email,
      subject: `New message from ${message.name}${message.subject ? `: ${message.subject}` : ''}`,
      text: sellerEmailText(message),
    })
    return { status: 'success', message: messages.contact.sent }
  } catch (error) {
    console.error('[contact] could not store a message', error)
    return { status: 'error', message: messages.contact.failed, values }
  }
}
