'use client'

import { FormMessage } from '@/shared/forms/FormMessage'
import { type FormState, idleState } from '@/shared/forms/formState'
import { Honeypot } from '@/shared/forms/Honeypot'
import { LIMITS } from '@/shared/forms/limits'
import { SubmissionKeyField } from '@/shared/forms/SubmissionKeyField'
import { useSafeAction } from '@/shared/forms/useSafeAction'
import { jarsText } from '@/features/ordering/wording'

import { joinLineAction } from '../actions'
import { joinFormText, lineNotices, WANTED_COUNTS } from '../rules'
import { ANY_FLAVOR } from '../schema'

export type LineFlavor = { value: string; name: string }

type Props = {
  /** Names the fields and the answer's anchor: one form per place on the page. */
  id: string
  /** The flavors a place may wait for: the sold-out ones. */
  flavors: readonly LineFlavor[]
  /** Offer "Any flavor" too (the whole batch is sold out). */
  anyFlavor: boolean
  holdHours: number
  /** Folded under this line ("Sold out of Peach Ginger? Get in line for it") while other flavors sell; a heading of its own otherwise. */
  summary?: string
}

const failed = (): FormState => ({ status: 'error', message: lineNotices.failed })

/**
 * The waiting line's join form on /order, shown while the seller has the line on and jars are sold
 * out. Posted by the browser without JavaScript (the page comes back with the answer at its anchor)
 * and by `useSafeAction` with it.
 */
export function JoinLineForm({ id, flavors, anyFlavor, holdHours, summary }: Props) {
  const answerId = `${id}-answer`
  const { state, formAction, onSubmit, pending, generation } = useSafeAction(joinLineAction, idleState, failed, `/order#${answerId}`)
  const value = (name: string) => (state.status === 'error' ? (state.values?.[name] ?? '') : '')
  const jarsChosen = value('jars') || '1'

  const form = (
    <form key={generation} action={formAction} onSubmit={onSubmit} noValidate className="space-y-4" aria-label={joinFormText.title}>
      <SubmissionKeyField />
      <p className="text-plum-900/85">{joinFormText.intro(holdHours)}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-email`} className="field-label">
            Email *
          </label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={value('email')} className="field-input" />
        </div>
        <div>
          <label htmlFor={`${id}-phone`} className="field-label">
            Phone (optional)
          </label>
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={LIMITS.phone}
            defaultValue={value('phone')}
            aria-describedby={`${id}-phone-hint`}
            className="field-input"
          />
          <p id={`${id}-phone-hint`} className="mt-1 text-sm text-plum-900/70">
            {joinFormText.phoneHint}
          </p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-flavor`} className="field-label">
            Flavor
          </label>
          <select id={`${id}-flavor`} name="flavor" defaultValue={value('flavor') || (anyFlavor ? ANY_FLAVOR : flavors[0]?.value)} className="field-input">
            {anyFlavor && <option value={ANY_FLAVOR}>{joinFormText.anyFlavor}</option>}
            {flavors.map((flavor) => (
              <option key={flavor.value} value={flavor.value}>
                {flavor.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="field-label">Jars wanted</legend>
          <div className="flex gap-4 pt-2">
            {WANTED_COUNTS.map((count) => (
              <label key={count} className="flex items-center gap-2">
                <input type="radio" name="jars" value={count} defaultChecked={String(count) === jarsChosen} className="size-5 accent-plum-700" />
                {jarsText(count)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <Honeypot form={id} />
      <p className="text-sm text-plum-900/70">{joinFormText.notEmailList}</p>
      <div id={answerId}>
        <FormMessage state={state} />
      </div>
      <button type="submit" className="btn-primary w-full" aria-disabled={pending || undefined}>
        {pending ? joinFormText.busy : joinFormText.submit}
      </button>
    </form>
  )

  if (summary) {
    return (
      // Open once there is an answer: without JavaScript the page comes back with it inside (Chromium
      // also opens it for the answer's #anchor; not every browser does).
      <details open={state.status !== 'idle' || undefined} className="card mx-auto mt-8 max-w-3xl" data-testid={id}>
        <summary className="cursor-pointer text-lg font-semibold">{summary}</summary>
        <div className="mt-4">{form}</div>
      </details>
    )
  }
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 border-t border-plum-900/10 pt-5" data-testid={id}>
      <h3 id={`${id}-title`} className="text-xl font-semibold">
        {joinFormText.title}
      </h3>
      {form}
    </section>
  )
}
