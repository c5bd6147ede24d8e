import type { JarsLeft } from '@/features/ordering/catalog'
import { packagesAt, type PackageQuantity, type PriceList } from '@/features/ordering/pricing'
import { dollars, jarsText } from '@/features/ordering/wording'

import { FieldError } from './OrderFields'
import { ChoiceGroup, packageChoices } from './SharedFields'

/** A package's words, from the seller's Prices page; its prices come from the price list. */
export type PackageOption = {
  quantity: PackageQuantity
  title: string
  badge: string | null
}

export const packageInputId = (quantity: number) => `order-qty-${quantity}`

/**
 * The three package cards as one radio group; each card is the label of its radio. A package
 * larger than what is left of this batch cannot be chosen.
 */
export function PackageOptions({
  packages,
  prices,
  jarsLeft,
  value,
  onChange,
}: {
  packages: PackageOption[]
  prices: PriceList
  jarsLeft: JarsLeft
  value: PackageQuantity
  onChange: (quantity: PackageQuantity) => void
}) {
  const priced = packagesAt(prices)
  return (
    <fieldset>
      <legend className="mb-3 text-xl font-semibold">Choose your package</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <ChoiceGroup name="quantity" choices={packageChoices(prices, jarsLeft)} value={value} onChange={onChange}>
          {(choice, radio) => {
            const copy = packages.find((option) => option.quantity === choice.value)
            const pkg = { title: jarsText(choice.value), badge: null, ...copy, ...priced.find((price) => price.quantity === choice.value)! }
            const id = packageInputId(pkg.quantity)
            const available = !choice.disabled
            return (
              <label
                htmlFor={id}
                className={`card relative flex flex-col gap-1 p-4 has-checked:border-plum-600 has-checked:bg-plum-50 has-checked:ring-2 has-checked:ring-plum-600 ${available ? 'cursor-pointer' : 'cursor-not-allowed opacity-60'}`}
              >
                {pkg.badge && (
                  <span className="absolute -top-3 right-4 rounded-full bg-sea-700 px-3 py-0.5 text-xs font-semibold text-white">{pkg.badge}</span>
                )}
                <span className="flex items-center gap-3">
                  {radio({ id, 'aria-labelledby': `${id}-name`, 'aria-describedby': `${id}-details`, className: 'size-5 shrink-0 accent-plum-700' })}
                  <span id={`${id}-name`} className="font-semibold">
                    {choice.label}
                  </span>
                </span>
                <span id={`${id}-details`} className="pl-8 text-sm text-plum-900/75">
                  {pkg.title}
                  {!available ? (
                    ' · Not enough jars left'
                  ) : pkg.savings > 0 ? (
                    <>
                      {' '}
                      · <s>{dollars(pkg.listPrice)}</s> <span className="font-semibold whitespace-nowrap text-sea-700">Save {dollars(pkg.savings)}</span>
                    </>
                  ) : (
                    ` · ${dollars(pkg.price)} per jar`
                  )}
                </span>
              </label>
            )
          }}
        </ChoiceGroup>
      </div>
      <FieldError name="quantity" />
    </fieldset>
  )
}
