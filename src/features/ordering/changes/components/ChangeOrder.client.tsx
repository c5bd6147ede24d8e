'use client'

import { useEffect, useRef, type FormEvent, type ReactNode } from 'react'

import { useSafeAction } from '@/shared/forms/useSafeAction'

import { DELIVERY_METHODS } from '../../options'
import { flavorField, MAX_JARS } from '../../formFields'
import { PACKAGE_QUANTITIES } from '../../pricing'
import { dollars, jarsText } from '../../wording'
import { CitySelect, FlavorSelect, packageChoices, WindowSelect } from '../../components/SharedFields'
import type { ChangeChoices, ChangeKind } from '../types'
import { changeNotices, settlementText } from '../notices'
import { CHANGE_ANSWER_ID, CHANGE_STEP_FIELD, changeWording, initialChangeState, TIME_FIELDS, type ChangeFormState, type OfferedChoices } from './changeFormState'

type OpenChoices = Extract<ChangeChoices, { open: true }>
type ChangeAction = (previous: ChangeFormState, posted: FormData) => Promise<ChangeFormState>

/**
 * "Change your order" on the order's page: another time (or pickup ↔ delivery, with the address),
 * other flavors or another package, or cancel. Each is a plain form posting to the server action
 * (`../actions.ts#changeOrder`), so it works the same without a script: both methods' times and
 * every jar's flavor are in the markup, and CSS `:has()` shows those of the method and package
 * chosen. A post is answered with what would change and a confirmation (nothing stored yet); the
 * confirmation posts the same values again with `step=confirm`. Once the order cannot be changed
 * online (its time too close, Ready, cancelled), the part says so and gives the seller's number;
 * it stays the same component, so what was just changed is still said after the page is rendered
 * again from the order as it is now.
 */
export function ChangeOrder({
  action,
  choices,
  page,
  until,
  address,
  reference,
}: {
  /** `changeOrder` bound to this order's token. */
  action: ChangeAction
  choices: OfferedChoices
  /** The order's page, where a post without JavaScript comes back with its answer. */
  page: `/${string}`
  /** Until when the order can be changed, in words (null: until the seller confirms it). */
  until: string | null
  /** The order's address, the delivery form's start. */
  address: { address: string; city: string; zip: string }
  /** The order's reference, which a payment's note names. */
  reference: string
}) {
  const { state, formAction, submit, onSubmit, pending } = useSafeAction(action, initialChangeState, failed, `${page}#${CHANGE_ANSWER_ID}`)
  const answer = useRef<HTMLDivElement>(null)
  const confirmHeading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    // The forms were replaced (by the confirmation, or by the order as it is now): focus goes to
    // what the answer says, not the top of the page.
    if (state !== initialChangeState) (state.status === 'review' ? confirmHeading : answer).current?.focus()
  }, [state])

  /** The confirmation's two buttons post different steps: the one pressed is part of the post. */
  function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    submit(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter))
  }

  const typed = (kind: ChangeKind) => (state.status !== 'review' && state.status !== 'success' && state.kind === kind ? state.values : undefined)
  // Cancelled, completed or held by a recall: nothing to change and nothing to text about, unless
  // this very page just did it (its answer stays: "Your order was cancelled").
  if (!choices.open && choices.reason === 'closed' && state.status === 'idle') return null
  /** The field a refusal is about, marked invalid in its form ("window": the time of the method chosen). */
  const invalid = (kind: ChangeKind) => (name: string) => (state.status === 'error' && state.kind === kind && state.field === name ? { 'aria-invalid': true as const } : {})

  return (
    <section id={CHANGE_ANSWER_ID} className="card space-y-5" aria-labelledby="change-order-heading" data-testid="change-order">
      <div>
        <h2 id="change-order-heading" className="text-2xl font-semibold">
          {changeWording.heading}
        </h2>
        {choices.open ? (
          <p className="mt-1 text-plum-900/80">{changeWording.until(until)}</p>
        ) : choices.reason === 'closed' ? null : (
          <p className="mt-1 text-plum-900/80" data-testid="change-too-late">
            Too late to change online: text us at{' '}
            <a href={`tel:${choices.phone}`} className="font-semibold underline">
              {choices.phone}
            </a>
            .
          </p>
        )}
      </div>

      <div ref={answer} tabIndex={-1} className="outline-none empty:hidden">
        <ChangeAnswer state={state} reference={reference} />
      </div>

      {!choices.open ? null : state.status === 'review' ? (
        <form action={formAction} onSubmit={onConfirm} className="space-y-4" data-testid="change-confirm">
          <h3 ref={confirmHeading} tabIndex={-1} className="text-xl font-semibold outline-none">
            {changeWording.confirmHeading[state.kind]}
          </h3>
          <ChangeSummary lines={state.lines} total={changeWording.total(state.total.before, state.total.after)} money={settlementText(state.money, reference)} />
          {Object.entries(state.values).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
          <div className="flex flex-wrap gap-3">
            <button type="submit" name={CHANGE_STEP_FIELD} value="confirm" className="btn-primary" aria-disabled={pending || undefined}>
              {changeWording.confirmButton[state.kind]}
            </button>
            <button type="submit" name={CHANGE_STEP_FIELD} value="back" className="btn-secondary" aria-disabled={pending || undefined}>
              Back
            </button>
          </div>
        </form>
      ) : (
        // A new version is a changed order: its forms start again from it.
        <div key={choices.version} className="space-y-5">
          <TimeForm choices={choices} typed={typed('time')} invalid={invalid('time')} address={address} formAction={formAction} onSubmit={onSubmit} pending={pending} />
          <JarsForm choices={choices} typed={typed('jars')} invalid={invalid('jars')} formAction={formAction} onSubmit={onSubmit} pending={pending} />
          <form action={formAction} onSubmit={onSubmit} className="space-y-3 border-t border-plum-100 pt-5" data-testid="change-cancel">
            <h3 className="text-xl font-semibold">Cancel</h3>
            <HiddenFields kind="cancel" version={choices.version} prices={choices.prices} />
            <button type="submit" className="btn-secondary" aria-disabled={pending || undefined}>
              Cancel my order
            </button>
          </form>
        </div>
      )}
    </section>
  )
}

/** What the page shows when a script-run post fails (the network, the server): the form's own words; nothing changed. */
const failed = (): ChangeFormState => ({ status: 'error', message: changeNotices.failed })

type FormProps = {
  choices: OpenChoices
  typed: Record<string, string> | undefined
  invalid: (name: string) => { 'aria-invalid'?: true }
  formAction: (payload: FormData) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  pending: boolean
}

function HiddenFields({ kind, version, prices }: { kind: ChangeKind; version: string; prices: string }) {
  return (
    <>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="prices" value={prices} />
    </>
  )
}

/** Why nothing changed (an alert), or what changed. */
function ChangeAnswer({ state, reference }: { state: ChangeFormState; reference: string }) {
  if (state.status === 'success') {
    return (
      <div role="status" data-testid="change-done" className="space-y-2 rounded-2xl border border-sea-500 bg-sea-50 px-5 py-4 text-sea-700">
        <p className="font-semibold">{changeWording.done[state.kind]}</p>
        <ChangeSummary lines={state.lines} total={`Total: ${dollars(state.total)}`} money={settlementText(state.money, reference)} />
      </div>
    )
  }
  if (state.status === 'error' && state.message) {
    return (
      <div role="alert" data-testid="change-refused" className="rounded-2xl border border-red-300 bg-red-50 px-5 py-4 text-red-800">
        <p className="font-semibold">{state.message.title}</p>
        <p className="mt-0.5">{state.message.description}</p>
      </div>
    )
  }
  return null
}

function ChangeSummary({ lines, total, money }: { lines: string[]; total: string; money: string }) {
  return (
    <>
      <ul className="list-disc space-y-1 pl-5" data-testid="change-lines">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="font-semibold" data-testid="change-total">
        {total}
      </p>
      <p data-testid="change-money">{money}</p>
    </>
  )
}

const METHOD_ID = (method: string) => `change-method-${method}`

/** Another time, or the other method (delivery with the address it goes to). */
function TimeForm({ choices, typed, invalid, address, formAction, onSubmit, pending }: FormProps & { address: { address: string; city: string; zip: string } }) {
  const method = DELIVERY_METHODS.find((option) => option.value === typed?.method)?.value ?? choices.method
  return (
    <form action={formAction} onSubmit={onSubmit} className="group space-y-4" data-testid="change-time" noValidate>
      <h3 className="text-xl font-semibold">Time, pickup or delivery</h3>
      <HiddenFields kind="time" version={choices.version} prices={choices.prices} />
      <fieldset>
        <legend className="field-label">Pickup or delivery</legend>
        <div className="flex flex-wrap gap-3">
          {DELIVERY_METHODS.map((option) => (
            <label key={option.value} className="flex min-h-11 items-center gap-2 rounded-xl border border-plum-200 px-4 py-2 has-[:checked]:border-plum-500 has-[:checked]:bg-plum-50">
              <input type="radio" id={METHOD_ID(option.value)} name="method" value={option.value} defaultChecked={option.value === method} />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {DELIVERY_METHODS.map(({ value, label }) => {
        const offered = choices.times[value]
        const shown = value === 'pickup' ? 'hidden group-has-[#change-method-pickup:checked]:block' : 'hidden group-has-[#change-method-delivery:checked]:block'
        return (
          <div key={value} className={shown} data-method={value}>
            {offered === null ? (
              <p className="text-plum-900/80">{label} times are arranged by text: we will text you to agree on one.</p>
            ) : (
              <>
                <label htmlFor={`change-${TIME_FIELDS[value]}`} className="field-label">
                  {label} time
                </label>
                <WindowSelect
                  id={`change-${TIME_FIELDS[value]}`}
                  name={TIME_FIELDS[value]}
                  offered={offered}
                  noneText="No other open times"
                  defaultValue={typed?.method === value ? (typed.window ?? '') : ''}
                  className="field-input"
                  {...(typed?.method === value ? invalid('window') : {})}
                />
              </>
            )}
          </div>
        )
      })}
      <div className="hidden space-y-3 group-has-[#change-method-delivery:checked]:block">
        <Field label="Delivery address" htmlFor="change-address">
          <input id="change-address" name="address" autoComplete="street-address" defaultValue={typed?.address ?? address.address} className="field-input" {...invalid('address')} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="City" htmlFor="change-city">
            <CitySelect id="change-city" name="city" defaultValue={typed?.city ?? address.city} className="field-input" {...invalid('city')} />
          </Field>
          <Field label="ZIP code" htmlFor="change-zip">
            <input id="change-zip" name="zip" inputMode="numeric" autoComplete="postal-code" defaultValue={typed?.zip ?? address.zip} className="field-input" {...invalid('zip')} />
          </Field>
        </div>
      </div>
      <button type="submit" className="btn-primary" aria-disabled={pending || undefined}>
        Change the time
      </button>
    </form>
  )
}

/** Other flavors for the same jars, or another package (one the batch still has jars for). */
function JarsForm({ choices, typed, invalid, formAction, onSubmit, pending }: FormProps) {
  const quantity = PACKAGE_QUANTITIES.find((offered) => String(offered) === typed?.quantity) ?? choices.quantity
  // In the order form's words ("Peach Ginger (2 left)", "… (Sold out)"); this order's own jars count as left.
  const flavors = choices.flavors.map((flavor) => ({ value: flavor.value, name: flavor.name, available: flavor.left !== 0, left: flavor.left ?? undefined }))
  return (
    <form action={formAction} onSubmit={onSubmit} className="group space-y-4 border-t border-plum-100 pt-5" data-testid="change-jars" noValidate>
      <h3 className="text-xl font-semibold">Jars and flavors</h3>
      <HiddenFields kind="jars" version={choices.version} prices={choices.prices} />
      <fieldset>
        <legend className="field-label">Package</legend>
        <div className="flex flex-wrap gap-3">
          {packageChoices(choices.priceList).map((option) => {
            const offered = choices.packages.includes(option.value)
            return (
              <label key={option.value} className="flex min-h-11 items-center gap-2 rounded-xl border border-plum-200 px-4 py-2 has-[:checked]:border-plum-500 has-[:checked]:bg-plum-50 has-[:disabled]:opacity-60">
                <input type="radio" id={`change-quantity-${option.value}`} name="quantity" value={option.value} defaultChecked={option.value === quantity} disabled={!offered} />
                {offered ? option.label : `${jarsText(option.value)} (not enough left)`}
              </label>
            )
          })}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {Array.from({ length: MAX_JARS }, (_, index) => {
          const name = flavorField(index + 1)
          const chosen = typed?.[name] ?? choices.jars[index] ?? ''
          return (
            <div key={name} className={jarShown(index + 1)}>
              <label htmlFor={`change-${name}`} className="field-label">
                Jar {index + 1}
              </label>
              <FlavorSelect id={`change-${name}`} name={name} offered={flavors} defaultValue={chosen} className="field-input" {...invalid(name)} />
            </div>
          )
        })}
      </div>
      <button type="submit" className="btn-primary" aria-disabled={pending || undefined}>
        Change the jars
      </button>
    </form>
  )
}

/**
 * Jar 1 always; jars 2–3 once 3 or 6 jars are chosen; jars 4–6 once 6 are. Written out whole:
 * Tailwind finds the classes it generates in the source text.
 */
function jarShown(jar: number): string {
  if (jar === 1) return 'block'
  if (jar <= 3) return 'hidden group-has-[#change-quantity-3:checked]:block group-has-[#change-quantity-6:checked]:block'
  return 'hidden group-has-[#change-quantity-6:checked]:block'
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="field-label">
        {label}
      </label>
      {children}
    </div>
  )
}
