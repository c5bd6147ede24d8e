import type { InputHTMLAttributes, ReactNode } from 'react'

import { ChoiceGroup, CitySelect, type Choice } from '@/features/ordering/components/SharedFields'
import { LIMITS } from '@/shared/forms/limits'

/**
 * The parts of the Add order form that are the same with and without a script: the customer's
 * fields, in the admin (`AddOrderForm.client.tsx`) and on the daily screen
 * (`features/seller/components/AddOrderScreen.client.tsx`, whose fields need no script).
 */

/** Marks the field the message is about and points it at the message. */
export type Invalid = (name: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string }

export function TextField({
  name,
  label,
  hint,
  invalid,
  ...input
}: { name: string; label: string; hint?: string; invalid: Invalid } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const id = `add-order-${name}`
  const marked = invalid(name)
  const describedBy = [marked['aria-describedby'], hint && `${id}-hint`].filter(Boolean).join(' ') || undefined
  return (
    <div className="add-order__field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="text" {...input} aria-invalid={marked['aria-invalid']} aria-describedby={describedBy} />
      {hint && (
        <p className="add-order__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  )
}

/**
 * A group of radio choices (how the order came in, the package, pickup or delivery) with what
 * follows them (`children`). In the admin's form `value` and `onChange` hold the choice; on the daily
 * screen, rendered once, `attributes` gives each radio what a refused post held.
 */
export function ChoiceFieldset<Value extends string | number>({
  legend,
  name,
  choices,
  value,
  onChange,
  attributes,
  children,
}: {
  legend: string
  name: string
  choices: readonly Choice<Value>[]
  value?: Value | ''
  onChange?: (value: Value) => void
  attributes?: (value: Value) => InputHTMLAttributes<HTMLInputElement>
  children?: ReactNode
}) {
  return (
    <fieldset className="admin-fieldset add-order__group">
      <legend>{legend}</legend>
      <div className="add-order__choices">
        <ChoiceGroup name={name} choices={choices} value={value} onChange={onChange}>
          {(choice, radio) => (
            <label className="add-order__choice">
              {radio(attributes?.(choice.value))} {choice.label}
            </label>
          )}
        </ChoiceGroup>
      </div>
      {children}
    </fieldset>
  )
}

/** Who the order is for. `typed`: what a refused post held, shown again (a form rendered on the server); none in the admin's, which keeps its inputs. */
export function CustomerFields({ invalid, typed }: { invalid: Invalid; typed?: Record<string, string> }) {
  const value = (name: string) => (typed ? { defaultValue: typed[name] ?? '' } : {})
  return (
    <fieldset className="admin-fieldset add-order__group">
      <legend>Customer</legend>
      <div className="add-order__grid">
        <TextField name="fullName" label="Full name" maxLength={LIMITS.name} autoComplete="off" invalid={invalid} {...value('fullName')} />
        <TextField name="phone" label="Phone" type="tel" maxLength={LIMITS.phone} invalid={invalid} {...value('phone')} />
        <TextField name="email" label="E-mail (optional)" type="email" maxLength={LIMITS.email} invalid={invalid} hint="Without one, only you get the order e-mail." {...value('email')} />
        <TextField name="instagram" label="Instagram (optional)" maxLength={LIMITS.instagram} invalid={invalid} {...value('instagram')} />
        <TextField name="address" label="Address" maxLength={LIMITS.address} invalid={invalid} {...value('address')} />
        <div className="add-order__field">
          <label htmlFor="add-order-city">City</label>
          <CitySelect id="add-order-city" name="city" defaultValue={typed?.city ?? ''} {...invalid('city')} />
        </div>
        <TextField name="zip" label="ZIP code" maxLength={LIMITS.zip} inputMode="numeric" invalid={invalid} {...value('zip')} />
        <TextField name="discountCode" label="Discount code (optional)" maxLength={LIMITS.discountCode} invalid={invalid} {...value('discountCode')} />
      </div>
      <div className="add-order__field">
        <label htmlFor="add-order-notes">Notes (optional)</label>
        <textarea id="add-order-notes" name="notes" rows={3} maxLength={LIMITS.notes} {...invalid('notes')} {...value('notes')} />
      </div>
      <label className="add-order__choice add-order__consent">
        <input type="checkbox" name="consent" defaultChecked={typed?.consent === 'on'} /> The customer agreed to be contacted by text or e-mail about this order
      </label>
    </fieldset>
  )
}
