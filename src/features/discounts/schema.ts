import { z } from 'zod'

import { LIMITS } from '@/shared/forms/limits'
import { visibleText } from '@/shared/forms/schemas'
import { formNotices } from '@/shared/notices'

/** Name and e-mail required, the e-mail well-formed, both bounded; the message is the toast's text. */
export const captureSchema = z.object({
  name: visibleText()
    .min(1, 'Please fill in your name.')
    .max(LIMITS.name, formNotices.tooLong('name', LIMITS.name).description),
  email: visibleText()
    .min(1, 'Please fill in your email.')
    .max(LIMITS.email, formNotices.tooLong('email', LIMITS.email).description)
    .pipe(z.email(formNotices.invalidEmail.description))
    .transform((email) => email.toLowerCase()),
})
