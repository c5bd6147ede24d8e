/** How the site words jars and prices, everywhere: pages, order form, e-mails and the admin. */

import { counted } from '@/shared/counted'

export const jarWord = (quantity: number) => (quantity === 1 ? 'jar' : 'jars')

/** "1 jar", "3 jars". */
export const jarsText = (quantity: number) => counted(quantity, 'jar')

/** Dollars as the prices are, whole ("$20"); a payment received may have cents ("$40.50"). */
export const dollars = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`

/** "a", "a and b", "a, b and c" (or "or"): the seller's own list from the admin, as one phrase. */
export function wordList(items: readonly string[], conjunction: 'and' | 'or'): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`
}
