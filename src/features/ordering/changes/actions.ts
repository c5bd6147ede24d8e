'use server'

import { refresh } from 'next/cache'
import { notFound } from 'next/navigation'
import type { Payload } from 'payload'

import { getPayloadClient, logFailure } from '@/payloadClient'
import { allowAttempt } from '@/platform/http/rateLimit'
import { formText, formValues, submittedForm } from '@/shared/forms/formState'
import { formNotices } from '@/shared/notices'

import { DELIVERY_METHODS } from '../options'
import { findOrderByStatusToken } from '../orderStatus'
import { applyOrderChange, reviewOrderChange } from './service'
import { CHANGE_FORM_FIELDS, CHANGE_KINDS, type ChangeKind, type ChangeRefusal } from './types'
import { CHANGE_STEP_FIELD, TIME_FIELDS, type ChangeFormState } from './components/changeFormState'
import { changeNotices } from './notices'

/** The fields as the service reads them: the chosen method's time select posted as `window` (the confirmation posts `window` itself). */
function changeValues(form: FormData): Record<string, string> {
  const values = formValues(form, CHANGE_FORM_FIELDS)
  const method = DELIVERY_METHODS.find((option) => option.value === values.method)?.value
  if (!values.window && method) values.window = formText(form, TIME_FIELDS[method])
  return values
}

const kindOf = (values: Record<string, string>): ChangeKind | undefined => CHANGE_KINDS.find((kind) => kind === values.kind)

/**
 * The order page's change forms (`components/ChangeOrder.client.tsx`), posted with or without
 * JavaScript; Next refuses a post from another site by its Origin. The status link's token is the
 * key, as for the page: a token of no order is not found, and nothing changes. A first post is
 * checked by the service and answered with what would change (nothing stored); its confirmation
 * (`step=confirm`, the same values) is applied, in one transaction, by the service; `step=back`
 * shows the form again as it was. Both the check and the change count against the order's
 * allowance (`orderChange`, keyed on the token). When the change was made, or refused because the
 * order moved on meanwhile (another tab, the seller) or its time came too close, the page is
 * rendered again from the order as it is now (`refresh`: with JavaScript the page's server part is
 * not rendered again otherwise; without, the post's answer is the whole page).
 */
export async function changeOrder(token: string, _previous: ChangeFormState, posted: FormData): Promise<ChangeFormState> {
  const form = submittedForm(posted)
  const values = changeValues(form)
  const kind = kindOf(values)
  const step = formText(form, CHANGE_STEP_FIELD)
  const payload = await getPayloadClient()
  // Before anything else, and outside the catch below: Next's not-found answer is its own throw.
  if (typeof token !== 'string' || !(await findOrderByStatusToken(payload, token))) notFound()
  if (!kind) return { status: 'idle' }
  if (step === 'back') return { status: 'idle', kind, values }
  if (!(await allowAttempt('orderChange', token))) return { status: 'error', kind, values, message: formNotices.rateLimited }
  let answer: Answer
  try {
    answer = step === 'confirm' ? await apply(payload, token, kind, values) : await review(payload, token, kind, values)
  } catch (error) {
    await logFailure('[order change] changing an order failed', error)
    return { status: 'error', kind, values, message: changeNotices.failed }
  }
  // Outside the catch: the change is stored by then, and must not be answered as failed.
  if (answer.orderMoved) refresh()
  return answer.state
}

type Answer = { state: ChangeFormState; orderMoved: boolean }

async function review(payload: Payload, token: string, kind: ChangeKind, values: Record<string, string>): Promise<Answer> {
  const preview = await reviewOrderChange(payload, token, values)
  if (!preview.ok) return refused(preview, kind, values)
  return { state: { status: 'review', kind, values, lines: preview.lines, total: preview.total, money: preview.money }, orderMoved: false }
}

async function apply(payload: Payload, token: string, kind: ChangeKind, values: Record<string, string>): Promise<Answer> {
  const outcome = await applyOrderChange(payload, token, values)
  if (!outcome.ok) return refused(outcome, kind, values)
  return { state: { status: 'success', kind: outcome.kind, lines: outcome.lines, total: outcome.total, money: outcome.money }, orderMoved: true }
}

/** Why nothing changed. An order that moved on (or whose time came too close) is shown as it is now, its forms with its own values. */
function refused(refusal: ChangeRefusal, kind: ChangeKind, values: Record<string, string>): Answer {
  if (refusal.moved || refusal.tooLate) return { state: { status: 'error', kind, message: refusal.message }, orderMoved: true }
  return { state: { status: 'error', kind, values, message: refusal.message, field: refusal.field }, orderMoved: false }
}
