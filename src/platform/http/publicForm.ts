import 'server-only'

import type { Payload } from 'payload'

import { logFailureThrough } from '@/platform/db/logFailure'
import { earlierSubmission, submissionKeyOf } from '@/platform/db/submissions'
import { HONEYPOT_FIELD } from '@/shared/forms/limits'
import { formText, submittedForm } from '@/shared/forms/formState'
import { SUBMISSION_KEY_FIELD, type SubmittedForm } from '@/shared/forms/submissionKey'

import { allowAttempt, clientKey, type LimitedAction } from './rateLimit'

/** What a form's own work receives: the Payload client, the posted values, and the post's identity. */
export type PublicFormPost<Values> = {
  payload: Payload
  form: FormData
  values: Values
  /** The submission key (`platform/db/submissions.ts`): one post sent twice is one record. */
  key: string
  /** The post was sent before and stored something: the service answers with that, at no charge. */
  repeated: boolean
  /** Spends one attempt of the visitor's allowance (none for a repeated post). */
  allowed: () => Promise<boolean>
}

export type PublicFormSteps<Values extends Record<string, unknown>, Answer> = {
  /** Names the submission key and the allowance it is counted against. */
  kind: SubmittedForm
  limit: LimitedAction
  /** The fields the form posts, read from the post. */
  values: (form: FormData) => Values
  /** What identifies a post sent without a submission key (a form posted without JavaScript): the values by default. */
  fingerprint?: (values: Values, form: FormData) => Record<string, unknown>
  /** The answer to a bot (the honeypot filled in): as if it worked, with nothing stored. */
  botAnswer: () => Answer | Promise<Answer>
  /** A mistake in the post, answered before the visitor's allowance is spent; null when there is none. */
  mistake?: (values: Values) => Answer | null
  /** The answer once the allowance is spent. */
  limited: (values: Values) => Answer
  /**
   * `true` when the work spends the allowance itself (`allowed`), once it has found the post valid;
   * otherwise the allowance is spent before the work starts.
   */
  workSpendsAllowance?: boolean
  work: (post: PublicFormPost<Values>) => Promise<Answer>
  /** The log line and the answer when the work fails unexpectedly (a database or mail failure). */
  failure: { log: string; answer: (values: Values) => Answer }
}

/**
 * The pipeline every public form's action runs (contact, e-mail sign-up, order, review): the
 * honeypot, the post's mistakes, the visitor's allowance and the submission key, then the form's
 * own work through its service, and one answer when anything fails unexpectedly.
 */
export async function handlePublicForm<Values extends Record<string, unknown>, Answer>(
  /** The app's Payload client (src/payloadClient.ts), handed in: the platform does not import the config. */
  payloadClient: () => Promise<Payload>,
  posted: unknown,
  steps: PublicFormSteps<Values, Answer>,
): Promise<Answer> {
  const form = submittedForm(posted)
  const values = steps.values(form)
  try {
    if (formText(form, HONEYPOT_FIELD)) return await steps.botAnswer()
    const mistake = steps.mistake?.(values)
    if (mistake) return mistake

    const client = await clientKey()
    const key = submissionKeyOf(steps.kind, formText(form, SUBMISSION_KEY_FIELD), { client, values: steps.fingerprint?.(values, form) ?? values })
    const payload = await payloadClient()
    // Only a key that stored something makes a post a repeat (the service replays its answer).
    // A key whose posts were all refused is charged every time: one key resent with a new
    // discount code, a new photo or a new address would otherwise be unlimited attempts.
    const repeated = (await earlierSubmission(payload, key)) !== undefined
    const allowed = async () => repeated || allowAttempt(steps.limit, client)
    if (!steps.workSpendsAllowance && !(await allowed())) return steps.limited(values)

    return await steps.work({ payload, form, values, key, repeated, allowed })
  } catch (error) {
    await logFailureThrough(payloadClient, steps.failure.log, error)
    return steps.failure.answer(values)
  }
}
