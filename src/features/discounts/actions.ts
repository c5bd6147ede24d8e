'use server'

import { joinEmailList } from './signUp'
import { signUpNotices } from '@/features/discounts/notices'
import { type Message, formNotices } from '@/shared/notices'
import { getPayloadClient, logFailure } from '@/platform/db/payloadClient'
import { allowAttempt, clientKey } from '@/platform/http/rateLimit'
import { HONEYPOT_FIELD } from '@/shared/forms/limits'
import { formText, submittedForm } from '@/shared/forms/formState'
import { SUBMISSION_KEY_FIELD } from '@/shared/forms/submissionKey'
import { submissionKeyOf } from '@/platform/db/submissions'

/** `code` only for a new subscriber: an address already on the list gets its code by e-mail. */
export type JoinAnswer = { ok: true; code?: string; email?: string; message: Message } | { ok: false; message: Message }

/** The popup's sign-up: stores the subscriber, e-mails the code, answers the toast. */
export async function joinEmailListAction(posted: FormData): Promise<JoinAnswer> {
  const formData = submittedForm(posted)
  try {
    const payload = await getPayloadClient()
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
    const welcome = signUpNotices.welcome(settings.businessName)
    // A filled honeypot is a bot: answer as if it worked, store nothing.
    if (formText(formData, HONEYPOT_FIELD)) return { ok: true, message: welcome }
    const client = await clientKey()
    const input = { name: formText(formData, 'name'), email: formText(formData, 'email') }
    const key = submissionKeyOf('signup', formText(formData, SUBMISSION_KEY_FIELD), { client, values: input })
    if (!(await allowAttempt('capture', client, key))) return { ok: false, message: formNotices.rateLimited }
    const result = await joinEmailList(payload, input, key)
    switch (result.status) {
      case 'joined':
        return { ok: true, code: result.code, email: result.email, message: welcome }
      case 'resent':
        return { ok: true, message: signUpNotices.codeResent(result.email) }
      case 'already-used':
        return { ok: false, message: signUpNotices.alreadyUsed }
      case 'invalid':
        return { ok: false, message: { title: 'Error', description: result.message } }
    }
  } catch (error) {
    await logFailure('[email capture] sign-up failed', error)
    return { ok: false, message: signUpNotices.failed }
  }
}
