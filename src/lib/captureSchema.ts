import { z } from 'zod'

import { messages } from './messages'

/** The e-mail popup's fields: name and e-mail required, the e-mail well-formed, both bounded. */
export const captureSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please fill in your name.')
    .max(100, messages.tooLong('name', 100).description),
  email: z
    .string()
    .trim()
    .min(1, 'Please fill in your email.')
    .max(254, messages.tooLong('email', 254).description)
    .pipe(z.email(messages.invalidEmail.description))
    .transform((email) => email.toLowerCase()),
})

export type CaptureInput = z.infer<typeof captureSchema>
