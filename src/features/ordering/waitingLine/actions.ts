'use server'

import { getPayloadClient } from '@/payloadClient'
import { handlePublicForm } from '@/platform/http/publicForm'
import { type FormState, formValues } from '@/shared/forms/formState'
import { firstMessage } from '@/shared/forms/schemas'
import { formNotices } from '@/shared/notices'

import { joinLine } from './line'
import { lineNotices } from './rules'
import { JOIN_LINE_FIELDS, joinLineSchema } from './schema'

/**
 * The waiting line's join form on /order (with JavaScript and without): the public forms' pipeline,
 * then `joinLine`. A post sent twice (its submission key) is charged once against the visitor's
 * allowance; it stores nothing new (the key is stored with the place it took), and is answered
 * with that place.
 */
export async function joinLineAction(_previous: FormState, posted: FormData): Promise<FormState> {
  return handlePublicForm<Record<string, string>, FormState>(getPayloadClient, posted, {
    kind: 'line',
    limit: 'line',
    values: (form) => formValues(form, JOIN_LINE_FIELDS),
    // As if it worked, with nothing stored: a bot learns nothing of the line.
    botAnswer: () => ({ status: 'success', message: lineNotices.joined(1, null) }),
    mistake: (values) => {
      const parsed = joinLineSchema.safeParse(values)
      return parsed.success ? null : { status: 'error', message: firstMessage(parsed.error), values }
    },
    limited: (values) => ({ status: 'error', message: formNotices.rateLimited, values }),
    work: async ({ payload, values, key }) => {
      const parsed = joinLineSchema.safeParse(values)
      if (!parsed.success) return { status: 'error', message: firstMessage(parsed.error), values }
      const { email, phone, flavor, jars } = parsed.data
      const outcome = await joinLine(payload, { email, phone: phone ?? null, flavor, jarsWanted: jars, submissionKey: key })
      if (!outcome.ok) return { status: 'error', message: outcome.message, values }
      const answer = outcome.already ? lineNotices.alreadyInLine : lineNotices.joined
      return { status: 'success', message: answer(outcome.position, outcome.flavorName) }
    },
    failure: { log: '[waiting line] could not join the line', answer: (values) => ({ status: 'error', message: lineNotices.failed, values }) },
  })
}
