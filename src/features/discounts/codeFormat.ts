import { LIMITS } from '@/shared/forms/limits'
import { cleanText } from '@/shared/text'

/** Real codes are 10 characters; anything far longer is not looked up. */
export const DISCOUNT_CODE_MAX_LENGTH = LIMITS.discountCode

/**
 * Codes are compared trimmed, upper-cased and without invisible characters, so ' hc25123456 ' and
 * a code pasted from an e-mail with a zero-width space in it both find HC25123456. The order form
 * runs this in the browser, the server before every lookup.
 */
export function normalizeDiscountCode(code: unknown): string {
  return typeof code === 'string' ? cleanText(code).trim().toUpperCase() : ''
}
