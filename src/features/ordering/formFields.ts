import { PACKAGE_QUANTITIES } from './pricing'

/** One flavor field per jar of the largest package: flavor1 … flavor6. */
export const MAX_JARS = Math.max(...PACKAGE_QUANTITIES)
export const flavorField = (jar: number) => `flavor${jar}`

/** The order form's hidden field carrying a waiting-line claim's key (`/order/claim`): the order takes the held jars first. */
export const CLAIM_FIELD = 'claim'

/**
 * The order form's fields, as the browser posts them (anything else in the post is ignored). Kept
 * apart from the schema so the page's script can name them without carrying zod.
 */
export const ORDER_FORM_FIELDS = [
  'quantity',
  ...Array.from({ length: MAX_JARS }, (_, index) => flavorField(index + 1)),
  'deliveryMethod',
  // The pickup or delivery window chosen (`windows.ts` key), when the seller offers windows.
  'window',
  'fullName',
  'email',
  'phone',
  'instagram',
  'address',
  'city',
  'zip',
  'notes',
  'consent',
  // "Remind me when it's time for a fresh jar" (off unless ticked).
  'refillReminder',
  // "Make this a refill plan": '' (no), or every 2, 3 or 4 weeks.
  'refillEvery',
  'discountCode',
  // The prices the page showed (`PRICE_LIST_FIELD`), so a change since is noticed.
  'priceList',
  CLAIM_FIELD,
] as const
