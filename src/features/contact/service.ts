import 'server-only'

import type { Payload } from 'payload'

import { contactNotices } from '@/features/contact/notices'
import { type Message } from '@/shared/notices'
import { deliverSoon, queueEmail } from '@/platform/email/outbox'
import { contactSchema, type ContactInput } from '@/features/contact/schema'
import { firstMessage } from '@/shared/forms/schemas'
import { earlierSubmission, recordSubmission } from '@/platform/db/submissions'
import { inTransaction, isUniqueViolation } from '@/platform/db/transactions'

export type ContactResult = { ok: true } | { ok: false; message: Message }

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

/**
 * Stores a visitor's message and, in the same transaction, queues its e-mail to the seller (reply
 * goes to the visitor); the e-mail is delivered in the background after the commit.
 */
export async function sendContactMessage(payload: Payload, values: Record<string, unknown>, submissionKey?: string): Promise<ContactResult> {
  const parsed = contactSchema.safeParse(values)
  if (!parsed.success) return { ok: false, message: firstMessage(parsed.error) }
  const message = parsed.data
  try {
    await inTransaction(payload, async (req) => {
      if (await earlierSubmission(payload, submissionKey, req)) return { commit: false, value: undefined }
      const stored = await payload.create({ collection: 'contact-messages', data: message, depth: 0, overrideAccess: true, req })
      await recordSubmission(payload, 'contact', submissionKey, stored.id, req)
      const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
      await queueEmail(
        payload,
        {
          to: settings.email,
          replyTo: message.email,
          subject: `New message from ${message.name}${message.subject ? `: ${message.subject}` : ''}`,
          text: sellerEmailText(message),
          about: `contact-message:${stored.id}`,
        },
        req,
      )
      return { commit: true, value: undefined }
    })
  } catch (error) {
    // The same key posted twice at once: one of the two stored it.
    if (isUniqueViolation(error) && (await earlierSubmission(payload, submissionKey))) return { ok: true }
    payload.logger.error({ err: error, msg: '[contact] could not store a message' })
    return { ok: false, message: contactNotices.failed }
  }
  deliverSoon(payload)
  return { ok: true }
}
