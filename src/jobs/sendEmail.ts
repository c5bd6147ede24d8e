import type { TaskConfig } from 'payload'

export const SEND_EMAIL_TASK = 'sendEmail'
export const EMAIL_QUEUE = 'email'

/** A message that could not be sent at once, retried with growing pauses (about 1.5 hours in all). */
export const sendEmailTask: TaskConfig<'sendEmail'> = {
  slug: SEND_EMAIL_TASK,
  label: 'Send e-mail',
  retries: { attempts: 8, backoff: { type: 'exponential', delay: 20_000 } },
  inputSchema: [
    { name: 'to', type: 'text', required: true },
    { name: 'subject', type: 'text', required: true },
    { name: 'text', type: 'textarea', required: true },
    { name: 'html', type: 'textarea' },
    { name: 'replyTo', type: 'text' },
  ],
  handler: async ({ input, req }) => {
    await req.payload.sendEmail({
      to: input.to,
      subject: input.subject,
      text: input.text,
      html: input.html || undefined,
      replyTo: input.replyTo || undefined,
    })
    req.payload.logger.info(`[email] sent queued "${input.subject}" to ${input.to}`)
    return { output: {} }
  },
}
