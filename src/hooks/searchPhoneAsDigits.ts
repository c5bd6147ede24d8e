import type { CollectionBeforeOperationHook, Where, WhereField } from 'payload'

/** What a phone number typed into a search box is made of: digits with spaces, brackets, dots, dashes or a '+'. */
const PHONE_CHARACTERS = /^[\d\s()+.-]+$/
/** Read before any access check (a `beforeOperation` hook), so in one pass: no pattern that backtracks. */
const looksLikePhone = (typed: string) => PHONE_CHARACTERS.test(typed) && /\d/.test(typed)

/**
 * The orders' and refill plans' lists search `customerPhone` (each one's phone as digits,
 * `storeCustomerKeys`). A phone typed there with dashes, dots or brackets is looked for as its
 * digits, so "(313) 205-7298" also finds those that stored it as "313-205-7298" or "3132057298".
 * Any other search text (a name, a reference) is left as it is.
 */
export const searchPhoneAsDigits: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'read' || !('where' in args) || !args.where) return args
  return { ...args, where: phoneAsDigits(args.where) }
}

function phoneAsDigits(where: Where): Where {
  return Object.fromEntries(
    Object.entries(where).map(([key, value]) => {
      if (Array.isArray(value)) return [key, value.map(phoneAsDigits)]
      const typed = key === 'customerPhone' ? (value as WhereField | null)?.like : undefined
      return typeof typed === 'string' && looksLikePhone(typed.trim()) ? [key, { ...value, like: typed.replace(/\D/g, '') }] : [key, value]
    }),
  )
}
