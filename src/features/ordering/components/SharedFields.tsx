import { Fragment, type InputHTMLAttributes, type ReactElement, type ReactNode, type SelectHTMLAttributes } from 'react'

import { FEW_JARS_LEFT, fitsInBatch, type FlavorOption, type JarsLeft } from '@/features/ordering/catalog'
import { CITIES, DELIVERY_METHODS } from '@/features/ordering/options'
import { PACKAGE_QUANTITIES, packagePrice, type DeliveryMethod, type PackageQuantity, type PriceList } from '@/features/ordering/pricing'
import type { WindowChoice } from '@/features/ordering/windows'
import { dollars, jarsText } from '@/features/ordering/wording'

/**
 * The order's fields as both order forms show them: the public order form (`OrderFields.tsx`)
 * and the seller's Add order (`features/admin/components/AddOrderForm.client.tsx`). Each form
 * brings its own look (`className`, its own layout around the field); the choices, their words
 * and which of them can be chosen are here, once.
 */

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>

/** How a flavor reads in a choice; a sold-out one is shown but cannot be chosen. */
export const flavorChoiceText = (flavor: FlavorOption) =>
  !flavor.available ? `${flavor.name} (Sold out)` : flavor.left !== undefined && flavor.left <= FEW_JARS_LEFT ? `${flavor.name} (${flavor.left} left)` : flavor.name

/** One jar's flavor, from the seller's flavors in their order. */
export function FlavorSelect({ offered, ...select }: { offered: readonly FlavorOption[] } & SelectProps) {
  return (
    <select {...select}>
      <option value="">Choose a flavor</option>
      {offered.map((flavor) => (
        <option key={flavor.value} value={flavor.value} disabled={!flavor.available}>
          {flavorChoiceText(flavor)}
        </option>
      ))}
    </select>
  )
}

/** The customer's city, from the cities the seller serves. */
export function CitySelect(select: SelectProps) {
  return (
    <select {...select}>
      <option value="">Choose your city</option>
      {CITIES.map((city) => (
        <option key={city.value} value={city.value}>
          {city.label}
        </option>
      ))}
    </select>
  )
}

/** The places a time still has, when it has a capacity: "Last place", "3 places left". */
export const placesLeftText = (placesLeft: number) => (placesLeft === 1 ? 'Last place' : `${placesLeft} places left`)

/** The open times of one method, as one select (the seller's form; visitors choose among cards). */
export function WindowSelect({ offered, noneText = 'No open times', ...select }: { offered: readonly WindowChoice[]; /** Said when none is open. */ noneText?: string } & SelectProps) {
  return (
    <select {...select}>
      <option value="">{offered.length > 0 ? 'Choose a time' : noneText}</option>
      {offered.map((choice) => (
        <option key={choice.key} value={choice.key}>
          {choice.placesLeft != null ? `${choice.label} (${placesLeftText(choice.placesLeft)})` : choice.label}
        </option>
      ))}
    </select>
  )
}

/** One choice of a radio group: its value, its words, and whether it can be taken. */
export type Choice<Value extends string | number> = { value: Value; label: string; disabled?: boolean }

/** The packages, in the same words on both forms ("3 jars · $55"); with `jarsLeft`, one larger than the batch's jars cannot be taken. */
export function packageChoices(prices: PriceList, jarsLeft: JarsLeft = null): Choice<PackageQuantity>[] {
  return PACKAGE_QUANTITIES.map((quantity) => ({ value: quantity, label: `${jarsText(quantity)} · ${dollars(packagePrice(quantity, prices))}`, disabled: !fitsInBatch(quantity, jarsLeft) }))
}

/** Pickup or delivery. */
export const deliveryChoices: readonly Choice<DeliveryMethod>[] = DELIVERY_METHODS.map((method) => ({ value: method.value, label: method.label }))

/**
 * A radio group: one radio per choice, named `name`, checked as `value` says (none given: the
 * browser keeps the choice) and taken only when its choice can be. Each form places the radio in
 * its own markup (`children` gets the choice and its radio, to which it may add attributes).
 */
export function ChoiceGroup<Value extends string | number>({
  name,
  choices,
  value,
  onChange,
  children: place,
}: {
  name: string
  choices: readonly Choice<Value>[]
  value?: Value | ''
  onChange?: (value: Value) => void
  children: (choice: Choice<Value>, radio: (attributes?: InputHTMLAttributes<HTMLInputElement>) => ReactElement) => ReactNode
}) {
  return choices.map((choice) => (
    <Fragment key={choice.value}>
      {place(choice, (attributes) => (
        <input
          type="radio"
          name={name}
          value={choice.value}
          {...(value === undefined ? {} : { checked: value === choice.value, onChange: () => onChange?.(choice.value) })}
          disabled={choice.disabled || undefined}
          {...attributes}
        />
      ))}
    </Fragment>
  ))
}
