import type { CollectionBeforeOperationHook, Where, WhereField } from 'payload'

import { WHOLE_ORDER_REFERENCE } from '@/features/ordering/referenceFormat'

/**
 * The admin lists' search box, read a little better than Payload reads it: the list turns the typed
 * text into a `like` ("contains") on each of the collection's `listSearchableFields`
 * (`mergeListSearchAndWhere`); these hooks rewrite one field's condition before the query runs.
 * A `beforeOperation` hook runs before any access check, so the typed text is read in one pass:
 * no pattern that backtracks.
 */

/** The query with the `like` on `field`, wherever it stands, replaced by what `rewrite` makes of its text (undefined: left as it is). */
function rewriteLike(where: Where, field: string, rewrite: (typed: string, condition: WhereField) => WhereField | undefined): Where {
  return Object.fromEntries(
    Object.entries(where).map(([key, value]) => {
      if (Array.isArray(value)) return [key, value.map((part: Where) => rewriteLike(part, field, rewrite))]
      const typed = key === field ? (value as WhereField | null)?.like : undefined
      return [key, (typeof typed === 'string' && rewrite(typed.trim(), value as WhereField)) || value]
    }),
  )
}

/** A hook that rewrites the read's query with `rewriteLike`. */
const searchRewriting =
  (field: string, rewrite: (typed: string, condition: WhereField) => WhereField | undefined): CollectionBeforeOperationHook =>
  ({ args, operation }) => {
    if (operation !== 'read' || !('where' in args) || !args.where) return args
    return { ...args, where: rewriteLike(args.where, field, rewrite) }
  }

/** What a phone number typed into a search box is made of: digits with spaces, brackets, dots, dashes or a '+'. */
const PHONE_CHARACTERS = /^[\d\s()+.-]+$/

/**
 * The orders' and refill plans' lists search `customerPhone` (each one's phone as digits,
 * `storeCustomerKeys`). A phone typed there with dashes, dots or brackets is looked for as its
 * digits, so "(313) 205-7298" also finds those that stored it as "313-205-7298" or "3132057298".
 * Any other search text (a name, a reference) is left as it is.
 */
export const searchPhoneAsDigits = searchRewriting('customerPhone', (typed, condition) =>
  PHONE_CHARACTERS.test(typed) && /\d/.test(typed) ? { ...condition, like: typed.replace(/\D/g, '') } : undefined,
)

/**
 * A whole order reference typed into the orders' search finds that order alone: "contains" would
 * list SM-15000 to SM-15009 with SM-1500, newest first, and put the one asked for on the next page.
 * Anything shorter or longer (a number's digits, a name) is searched as before.
 */
export const searchReferenceWhole = searchRewriting('reference', (typed) => {
  const reference = typed.toUpperCase()
  return WHOLE_ORDER_REFERENCE.test(reference) ? { equals: reference } : undefined
})
