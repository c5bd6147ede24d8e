import type { Order } from '@/payload-types'

import { CITIES, LAUNCH_FLAVORS } from './options'
import { dollars, jarsText } from './wording'
import { tally } from '@/shared/counted'
import { businessDateTime } from '@/shared/time'

/**
 * How a stored order reads to people: the seller's e-mail, the customer's confirmation and the
 * admin's order view all word flavors, jars and prices the same way.
 */

type Option = { readonly value: string; readonly label: string }

/** How the seller's e-mail, the order view and the admin field name the customer's consent. */
export const CONSENT_GIVEN = 'Agreed to be contacted via SMS/email'

export const labelOf = (options: readonly Option[], value: string | null | undefined) => options.find((option) => option.value === value)?.label ?? value ?? ''

/** The spec's text of the flavors: the flavor for one jar, otherwise 'Jar N: flavor' entries. */
export function flavorsText(flavors: readonly string[]): string {
  return flavors.length === 1 ? flavors[0] : flavors.map((flavor, index) => `Jar ${index + 1}: ${flavor}`).join(', ')
}

/** 'Jar 1: mixed-berry, Jar 2: peach-ginger' → 'Jar 1: Mixed Berry, Jar 2: Peach Ginger', for orders that kept only keys. */
export function readableFlavors(flavors: string): string {
  return LAUNCH_FLAVORS.reduce((text, flavor) => text.replaceAll(flavor.value, flavor.label), flavors)
}

/**
 * An order's flavors in words, as they were named when it was placed ('Jar 1: Mixed Berry, …'):
 * a flavor renamed or deleted since does not change what the customer ordered.
 */
export function orderedFlavors(order: { flavors: string; flavorNames?: string | null }): string {
  return order.flavorNames || readableFlavors(order.flavors)
}

/** The inverse of `flavorsText`: one entry per jar. */
export function jarKeys(flavors: string): string[] {
  const entries = /^Jar \d+: /.test(flavors) ? flavors.split(/,\s*(?=Jar \d+: )/).map((entry) => entry.replace(/^Jar \d+: /, '')) : [flavors]
  return entries.map((value) => value.trim())
}

/** The same jars (one flavor key each), whichever jar has which flavor. */
export const sameJars = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n')

/** The inverse of `flavorsText`, as labels: one entry per jar. */
export const jarFlavors = (flavors: string): string[] => jarKeys(flavors).map((value) => labelOf(LAUNCH_FLAVORS, value))

/** Where a delivery goes, as the customer and the seller read it: "1 Main St, Detroit 48201". */
export const deliveryAddress = (order: Pick<Order, 'address' | 'city' | 'zip'>) => `${order.address}, ${labelOf(CITIES, order.city)} ${order.zip}`

/** What to prepare: each flavor with its number of jars, in the order they were first chosen. */
export function flavorCounts(flavors: string): { flavor: string; jars: number }[] {
  return [...tally(jarFlavors(flavors))].map(([flavor, jars]) => ({ flavor, jars }))
}

/** '2 × Mixed Berry, 1 × Peach Ginger': what to pack, for the orders list and the order view. */
export const packingList = (flavors: string) =>
  flavorCounts(flavors)
    .map(({ flavor, jars }) => `${jars} × ${flavor}`)
    .join(', ')

export type PriceRow = [label: string, value: string]

/** Package, delivery fee (or free pickup, for the customer), discount with its code, total. */
export function priceRows(order: Order, forCustomer: boolean): PriceRow[] {
  const rows: PriceRow[] = [[`Package (${jarsText(order.quantity)})`, dollars(order.originalPrice)]]
  if (order.deliveryMethod === 'delivery') rows.push(['Delivery fee', dollars(order.deliveryFee)])
  else if (forCustomer) rows.push(['Pickup', 'free'])
  if (order.discountAmount > 0) rows.push([`Discount (code ${order.discountCode ?? ''})`, `-${dollars(order.discountAmount)}`])
  rows.push(['Total', dollars(order.totalPrice)])
  return rows
}

/** When the order was placed, on the seller's clock. */
export const placedAt = businessDateTime
