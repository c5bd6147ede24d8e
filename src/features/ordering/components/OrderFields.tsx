import { createContext, useContext } from 'react'

import type { FlavorOption } from '@/features/ordering/catalog'
import type { DeliveryMethod } from '@/features/ordering/pricing'
import { flavorField, MAX_JARS } from '@/features/ordering/formFields'
import { dollars, wordList } from '@/features/ordering/wording'
import { LIMITS } from '@/shared/forms/limits'
import type { Message } from '@/shared/notices'

import { ChoiceGroup, CitySelect, deliveryChoices, FlavorSelect } from './SharedFields'

/** Marks the field a message is about and points it at that message. */
export type InvalidProps = (name: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string }

/** The field the form's last message is about, and that message (none while all is well). */
export const FieldErrorContext = createContext<{ field?: string; message?: Message }>({})
export const FIELD_ERROR_ID = 'order-field-error'

/**
 * The message's words under the field it is about. The form's message stays by its button; on a
 * phone that is screens below the field the form focuses, where the visitor would see only an
 * empty field.
 */
export function FieldError({ name }: { name: string }) {
  const { field, message } = useContext(FieldErrorContext)
  if (field !== name || !message) return null
  return (
    <p id={FIELD_ERROR_ID} className="mt-1.5 text-sm font-medium text-red-800">
      {message.description}
    </p>
  )
}

/**
 * Which flavor fields show follows the checked package radio through CSS `:has`, so it also works
 * without JavaScript (the server reads only as many flavors as jars). The class names are written
 * out in full for Tailwind; they mirror the packages 1, 3 and 6.
 */
const JAR_VISIBILITY: Record<number, string> = {
  1: '',
  2: 'hidden [form:has(#order-qty-3:checked)_&]:block [form:has(#order-qty-6:checked)_&]:block',
  3: 'hidden [form:has(#order-qty-3:checked)_&]:block [form:has(#order-qty-6:checked)_&]:block',
  4: 'hidden [form:has(#order-qty-6:checked)_&]:block',
  5: 'hidden [form:has(#order-qty-6:checked)_&]:block',
  6: 'hidden [form:has(#order-qty-6:checked)_&]:block',
}

/** The flavor choices: the seller's flavors in their order; a sold-out one is shown but cannot be chosen. */
export function FlavorFields({
  offered,
  flavors,
  onChange,
  invalid,
}: {
  offered: readonly FlavorOption[]
  flavors: string[]
  onChange: (jar: number, flavor: string) => void
  invalid: InvalidProps
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-xl font-semibold">Choose your flavors</legend>
      <p className="mb-3 text-sm text-plum-900/75">One flavor for each jar; mix and match as you like.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {Array.from({ length: MAX_JARS }, (_, index) => {
          const jar = index + 1
          const name = flavorField(jar)
          return (
            <div key={jar} className={JAR_VISIBILITY[jar]}>
              <label htmlFor={`order-${name}`} className="field-label">
                Jar {jar} flavor *
              </label>
              <FlavorSelect
                id={`order-${name}`}
                name={name}
                offered={offered}
                value={flavors[index] ?? ''}
                onChange={(event) => onChange(jar, event.target.value)}
                className="field-input"
                {...invalid(name)}
              />
              <FieldError name={name} />
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}

/** Under each method: pickup is free; delivery costs the fee, in the areas set in Site settings. */
function methodHint(method: DeliveryMethod, deliveryAreas: readonly string[], fee: number, freeFrom: number | null, withTimes: boolean): string {
  if (method === 'pickup') return withTimes ? 'Free. Choose a time and place below.' : 'Free. We send you the pickup address when we confirm.'
  const where = deliveryAreas.length ? `${dollars(fee)} in ${wordList(deliveryAreas, 'and')}.` : `${dollars(fee)}.`
  return freeFrom === null ? where : `${where} Free for packages of ${dollars(freeFrom)} or more.`
}

export function DeliveryOptions({
  value,
  deliveryAreas,
  deliveryFee,
  freeDeliveryFrom,
  windowMethods,
  onChange,
  invalid,
}: {
  value: DeliveryMethod | ''
  /** The methods the seller offers times for (chosen below the methods). */
  windowMethods: readonly DeliveryMethod[]
  /** The names of the delivery areas, from Site settings. */
  deliveryAreas: readonly string[]
  /** The seller's delivery fee, in dollars, and the package price from which it is free. */
  deliveryFee: number
  freeDeliveryFrom: number | null
  onChange: (method: DeliveryMethod) => void
  invalid: InvalidProps
}) {
  return (
    <fieldset>
      <legend className="mb-3 text-xl font-semibold">Pickup or delivery *</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <ChoiceGroup name="deliveryMethod" choices={deliveryChoices} value={value} onChange={onChange}>
          {(method, radio) => {
            const id = `order-method-${method.value}`
            return (
              <label
                htmlFor={id}
                className="card flex cursor-pointer items-start gap-3 p-4 has-checked:border-plum-600 has-checked:bg-plum-50 has-checked:ring-2 has-checked:ring-plum-600"
              >
                {radio({
                  id,
                  className: 'mt-0.5 size-5 shrink-0 accent-plum-700',
                  ...invalid('deliveryMethod'),
                  'aria-describedby': [`${id}-hint`, invalid('deliveryMethod')['aria-describedby']].filter(Boolean).join(' '),
                })}
                <span>
                  <span className="block font-semibold">{method.label}</span>
                  <span id={`${id}-hint`} className="block text-sm text-plum-900/75">
                    {methodHint(method.value, deliveryAreas, deliveryFee, freeDeliveryFrom, windowMethods.includes(method.value))}
                  </span>
                </span>
              </label>
            )
          }}
        </ChoiceGroup>
      </div>
      <FieldError name="deliveryMethod" />
    </fieldset>
  )
}

type TextField = {
  name: string
  label: string
  max: number
  type?: 'text' | 'email' | 'tel'
  autoComplete?: string
  inputMode?: 'numeric'
  required?: boolean
  wide?: boolean
}

const CONTACT_FIELDS: TextField[] = [
  { name: 'fullName', label: 'Full name', max: LIMITS.name, autoComplete: 'name', required: true, wide: true },
  { name: 'email', label: 'Email', max: LIMITS.email, type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'Phone', max: LIMITS.phone, type: 'tel', autoComplete: 'tel', required: true },
  { name: 'instagram', label: 'Instagram (optional)', max: LIMITS.instagram, autoComplete: 'off' },
]

/** The visitor's details: uncontrolled inputs, refilled from the server's answer after a post. */
export function CustomerFields({ value, invalid }: { value: (name: string) => string; invalid: InvalidProps }) {
  const input = (field: TextField) => (
    <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={`order-${field.name}`} className="field-label">
        {field.label}
        {field.required && ' *'}
      </label>
      <input
        id={`order-${field.name}`}
        name={field.name}
        type={field.type ?? 'text'}
        autoComplete={field.autoComplete}
        inputMode={field.inputMode}
        maxLength={field.max}
        required={field.required}
        defaultValue={value(field.name)}
        className="field-input"
        {...invalid(field.name)}
      />
      <FieldError name={field.name} />
    </div>
  )
  return (
    <fieldset>
      <legend className="mb-3 text-xl font-semibold">Your details</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {CONTACT_FIELDS.map(input)}
        {input({ name: 'address', label: 'Address', max: LIMITS.address, autoComplete: 'street-address', required: true, wide: true })}
        <div>
          <label htmlFor="order-city" className="field-label">
            City *
          </label>
          <CitySelect id="order-city" name="city" required defaultValue={value('city')} className="field-input" {...invalid('city')} />
          <FieldError name="city" />
        </div>
        {input({ name: 'zip', label: 'ZIP code', max: LIMITS.zip, autoComplete: 'postal-code', inputMode: 'numeric', required: true })}
        <div className="sm:col-span-2">
          <label htmlFor="order-notes" className="field-label">
            Notes (optional)
          </label>
          <textarea id="order-notes" name="notes" rows={3} maxLength={LIMITS.notes} defaultValue={value('notes')} className="field-input" />
        </div>
      </div>
    </fieldset>
  )
}
