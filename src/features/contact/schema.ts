import * as z from 'zod/mini'

import { emailAddress, optionalText, orNothing, phoneNumber, requiredText } from '@/shared/forms/schemas'
import { LIMITS } from '@/shared/forms/limits'

import { contactNotices } from './notices'

/** The contact form: name, e-mail and message required; phone and subject optional. */
export const contactSchema = z.object({
  name: requiredText('name', LIMITS.name, contactNotices.missingField),
  email: emailAddress(contactNotices.missingField('email')),
  phone: orNothing(phoneNumber),
  subject: optionalText('subject', LIMITS.subject),
  message: requiredText('message', LIMITS.message, contactNotices.missingField, 'multi-line'),
})

export type ContactInput = z.infer<typeof contactSchema>
