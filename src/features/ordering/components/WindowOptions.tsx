import { DELIVERY_METHODS } from '@/features/ordering/options'
import type { DeliveryMethod } from '@/features/ordering/pricing'
import { REFILL_INTERVALS_WEEKS } from '@/features/ordering/refillTerms'
import type { WindowChoice } from '@/features/ordering/windows'

import { FieldError, type InvalidProps } from './OrderFields'
import { placesLeftText } from './SharedFields'

/**
 * The pickup and delivery times a customer can book, for each method the seller offers times for.
 * Which list shows follows the checked method radio through CSS `:has`, so it also works without
 * JavaScript; the server checks the chosen time against the method again.
 */
const SHOWN_FOR: Record<DeliveryMethod, string> = {
  pickup: 'hidden [form:has(#order-method-pickup:checked)_&]:block',
  delivery: 'hidden [form:has(#order-method-delivery:checked)_&]:block',
}

/** Places left are mentioned when few are: it helps to choose, and says why a time may vanish. */
const FEW_PLACES = 3

export function WindowOptions({
  methods,
  windows,
  value,
  onChange,
  invalid,
}: {
  /** The methods the seller offers times for. */
  methods: readonly DeliveryMethod[]
  /** The open times of the next two weeks, both methods. */
  windows: readonly WindowChoice[]
  value: string
  onChange: (key: string) => void
  invalid: InvalidProps
}) {
  const fieldsets = DELIVERY_METHODS.filter((method) => methods.includes(method.value)).map(({ value: method, label }) => {
    const choices = windows.filter((window) => window.method === method)
    return (
      <fieldset key={method} className={SHOWN_FOR[method]} data-testid={`windows-${method}`}>
        <legend className="mb-1 text-xl font-semibold">{`${label} time *`}</legend>
        {choices.length === 0 ? (
          <p className="rounded-2xl bg-amber-50 px-5 py-4 text-amber-900">
            {`All ${method} times of the next two weeks are taken. Please text or call us and we will find a time${method === 'delivery' ? ', or choose pickup' : ''}.`}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-plum-900/75">Choose when you {method === 'pickup' ? 'pick up your jars' : 'want your jars delivered'}.</p>
            <div className="grid gap-2 sm:grid-cols-2">
              {choices.map((window, index) => {
                const id = `order-window-${window.key}`
                const few = window.placesLeft != null && window.placesLeft <= FEW_PLACES
                return (
                  <label
                    key={window.key}
                    htmlFor={id}
                    className="card flex cursor-pointer items-start gap-3 p-3 has-checked:border-plum-600 has-checked:bg-plum-50 has-checked:ring-2 has-checked:ring-plum-600"
                  >
                    <input
                      id={id}
                      type="radio"
                      name="window"
                      value={window.key}
                      checked={value === window.key}
                      onChange={() => onChange(window.key)}
                      className="mt-0.5 size-5 shrink-0 accent-plum-700"
                      {...(index === 0 ? invalid('window') : {})}
                    />
                    <span>
                      <span className="block font-semibold">{window.label}</span>
                      {few && <span className="block text-sm text-amber-800">{placesLeftText(window.placesLeft!)}</span>}
                    </span>
                  </label>
                )
              })}
            </div>
          </>
        )}
      </fieldset>
    )
  })
  // One note for both methods' times: only the chosen method's times show, and the note follows them.
  return (
    <>
      {fieldsets}
      <FieldError name="window" />
    </>
  )
}

/**
 * "Make this a refill plan": the same jars at the same weekly time every 2, 3 or 4 weeks
 * (`features/refills/`). Shown, as the times are, once a method with times is checked: a plan books
 * its time again for each refill.
 */
export function RefillPlanChoice({ methods, defaultValue, invalid }: { methods: readonly DeliveryMethod[]; defaultValue: string; invalid: InvalidProps }) {
  if (methods.length === 0) return null
  return (
    <div className={methods.map((method) => SHOWN_FOR[method]).join(' ')} data-testid="refill-plan-choice">
      <label htmlFor="order-refill-every" className="field-label">
        Make this a refill plan
      </label>
      <select id="order-refill-every" name="refillEvery" defaultValue={defaultValue} className="field-input" {...invalid('refillEvery')}>
        <option value="">No, just this order</option>
        {REFILL_INTERVALS_WEEKS.map((weeks) => (
          <option key={weeks} value={weeks}>{`Every ${weeks} weeks`}</option>
        ))}
      </select>
      <FieldError name="refillEvery" />
      <p className="mt-1 text-sm text-plum-900/75">
        The same jars at the same weekly time until you stop it. We e-mail you a few days before each refill; you pay each one as you pay an order, and can skip one, pause or stop from your plan&apos;s private page.
      </p>
    </div>
  )
}
