/**
 * How a payment of a statement is matched to an order, kept apart from the database so each rule
 * is read in one place and tested alone.
 */

/** Where a payment stands: waiting for the seller's review, confirmed on an order, or left (not an order's). */
export const PAYMENT_STATES = ['review', 'confirmed', 'left'] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]

/**
 * What the matching found: the order named in the note with its amount, one order by the payer's
 * name and the amount, an order whose amount differs, several orders it could be, or none.
 */
export const MATCH_KINDS = ['reference', 'name', 'differs', 'ambiguous', 'none'] as const
export type MatchKind = (typeof MATCH_KINDS)[number]

/** A payment may pay an order placed up to this long before it (matching by name and amount only). */
export const NAME_MATCH_WEEKS = 8
/** …or just after it: a customer who pays while still on the order page. */
const PAID_BEFORE_ORDER_MS = 60 * 60 * 1000

/**
 * The order references a payment's note names, as customers type them: 'SM-1042', 'sm 1042',
 * 'SM1042', 'sm#1042 thanks!' → 'SM-1042'.
 */
export function referencesIn(note: string): string[] {
  const found = [...note.matchAll(/(?<![a-z0-9])sm\s*[-#:.]?\s*(\d{3,9})(?!\d)/gi)].map((match) => `SM-${Number(match[1])}`)
  return [...new Set(found)]
}

/** A name as two people would write it alike: no accents, case, punctuation or extra spaces ('Ana Núñez' = 'ana nunez'). */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** The same person: the same name, or the same first and last word ('Jane Q. Doe' paid for 'Jane Doe'). */
export function sameName(paidBy: string, orderedBy: string): boolean {
  const [paid, ordered] = [nameKey(paidBy), nameKey(orderedBy)]
  if (!paid || !ordered) return false
  if (paid === ordered) return true
  const [paidWords, orderedWords] = [paid.split(' '), ordered.split(' ')]
  return paidWords.length > 1 && orderedWords.length > 1 && paidWords[0] === orderedWords[0] && paidWords.at(-1) === orderedWords.at(-1)
}

/** Money compared to the cent. */
export const cents = (dollars: number) => Math.round(dollars * 100)

/** Whether an order placed at `placedAt` may be what a payment at `paidAt` paid, by name and amount alone. */
export function mayHavePaid(placedAt: string, paidAt: string): boolean {
  const [placed, paid] = [Date.parse(placedAt), Date.parse(paidAt)]
  return placed <= paid + PAID_BEFORE_ORDER_MS && placed >= paid - NAME_MATCH_WEEKS * 7 * 24 * 60 * 60 * 1000
}

/** The earliest an order matched by name may have been placed, for the payments of a statement. */
export const earliestOrderFor = (paidAts: readonly string[]) => new Date(Math.min(...paidAts.map((paidAt) => Date.parse(paidAt))) - NAME_MATCH_WEEKS * 7 * 24 * 60 * 60 * 1000).toISOString()
