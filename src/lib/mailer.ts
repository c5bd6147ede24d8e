import type { Payload } from 'payload'

import { EMAIL_QUEUE, SEND_EMAIL_TASK } from '@/jobs/sendEmail'

export type OutgoingEmail = { to: string; subject: string; text: string; html?: string; replyTo?: string }

/**
 * Sends now; if that fails, queues the message for retries instead. Never throws: what the
 * visitor asked for is already stored, and an e-mail problem must not undo it.
 */
export async function deliverEmail(payload: Payload, email: OutgoingEmail): Promise<'sent' | 'queued' | 'failed'> {
  try {
    await payload.sendEmail(email)
    return 'sent'
  } catch (sendError) {
    payload.logger.error({ err: sendError, msg: `[email] sending "${email.subject}" to ${email.to} failed; queued for retry` })
    try {
      await payload.jobs.queue({ task: SEND_EMAIL_TASK, queue: EMAIL_QUEUE, input: email })
      return 'queued'
    } catch (queueError) {
      payload.logger.error({ err: queueError, msg: `[email] could not queue "${email.subject}" to ${email.to}` })
      return 'failed'
    }
  }
}
