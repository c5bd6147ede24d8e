import * as z from 'zod/mini'

import { LIMITS } from '@/shared/forms/limits'
import { emailField, visibleText } from '@/shared/forms/schemas'
import { formNotices } from '@/shared/notices'

/** Name and e-mail required, the e-mail well-formed, both bounded; the message is the toast's text. */
export const captureSchema = z.object({
  name: visibleText().check(z.minLength(1, 'Please fill in your name.'), z.maxLength(LIMITS.name, formNotices.tooLong('name', LIMITS.name).description)),
  email: emailField({
    missing: 'Please fill in your email.',
    tooLong: formNotices.tooLong('email', LIMITS.email).description,
    invalid: formNotices.invalidEmail.description,
  }),
})
