import type { SelectHTMLAttributes } from 'react'

import type { FlavorOption } from '@/features/ordering/catalog'
import { CITIES } from '@/features/ordering/options'
import type { WindowChoice } from '@/features/ordering/windows'

/**
 * The order's fields as both order forms show them: the public order form (`OrderFields.tsx`)
 * and the seller's Add order (`features/admin/components/AddOrderForm.client.tsx`). Each form
 * brings its own look (`className`, its own layout around the field); the choices, their words
 * and which of them can be chosen are here, once.
 */

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>

/** How a flavor reads in a choice; a sold-out one is shown but cannot be chosen. */
export const flavorChoiceText = (flavor: FlavorOption) => (flavor.available ? flavor.name : `${flavor.name} (Sold out)`)

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
export function WindowSelect({ offered, ...select }: { offered: readonly WindowChoice[] } & SelectProps) {
  return (
    <select {...select}>
      <option value="">{offered.length > 0 ? 'Choose a time' : 'No open times'}</option>
      {offered.map((choice) => (
        <option key={choice.key} value={choice.key}>
          {choice.placesLeft != null ? `${choice.label} (${placesLeftText(choice.placesLeft)})` : choice.label}
        </option>
      ))}
    </select>
  )
}
