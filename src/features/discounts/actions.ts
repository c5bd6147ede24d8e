'use server'

import { joinEmailList } from './signUp'
import { signUpNotices } from '@/features/discounts/notices'
import { type Message, formNotices } from '@/shared/notices'
import { getPayloadClient } from '@/payloadClient'
import { handlePublicForm } from '@/platform/http/publicForm'
import { formText } from '@/shared/forms/formState'

/** `code` only for a new subscriber: an address already on the list gets its code by e-mail. */
export type JoinAnswer = { ok: true; code?: string; email?: string; message: Message } | { ok: false; message: Message }

async function welcome(): Promise<Message> {
  const settings = await (await getPayloadClient()).findGlobal({ slug: 'site-settings', depth: 0 })
  return signUpNotices.welcome(settings.businessName)
}

/** The popup's sign-up: stores the subscriber, e-mails the code, answers the toast. */
export async function joinEmailListAction(posted: FormData): Promise<JoinAnswer> {
  return handlePublicForm<{ name: string; email: string }, JoinAnswer>(getPayloadClient, posted, {
    kind: 'signup',
    limit: 'capture',
    values: (form) => ({ name: formText(form, 'name'), email: formText(form, 'email') }),
    botAnswer: async () => ({ ok: true, message: await welcome() }),
    limited: () => ({ ok: false, message: formNotices.rateLimited }),
    work: async ({ payload, values, key }) => {
      const result = await joinEmailList(payload, values, key)
      switch (result.status) {
        case 'joined':
          return { ok: true, code: result.code, email: result.email, message: await welcome() }
        case 'resent':
          return { ok: true, message: signUpNotices.codeResent(result.email) }
        case 'already-used':
          return { ok: false, message: signUpNotices.alreadyUsed }
        case 'invalid':
          return { ok: false, message: result.message }
      }
    },
    failure: { log: '[email capture] sign-up failed', answer: () => ({ ok: false, message: signUpNotices.failed }) },
  })
}
