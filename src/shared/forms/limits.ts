/**
 * Field lengths and the honeypot of the public forms. Kept apart from the zod schemas so a form's
 * client component can use them without shipping zod to every page.
 */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  subject: 150,
  message: 5000,
  instagram: 60,
  address: 200,
  zip: 10,
  notes: 1000,
  discountCode: 32,
} as const

export { HONEYPOT_FIELD } from './honeypot.mjs'
