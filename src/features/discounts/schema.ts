import * as z from 'zod/mini'

import { LIMITS } from '@/shared/forms/limits'
import { emailAddress, requiredText } from '@/shared/forms/schemas'

import { signUpNotices } from './notices'

/** Name and e-mail required, the e-mail well-formed, both bounded; each issue is the message the popup shows. */
export const captureSchema = z.object({
  name: requiredText('name', LIMITS.name, signUpNotices.missing),
  email: emailAddress(signUpNotices.missing('email')),
})
