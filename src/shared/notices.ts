/**
 * What visitors read. A notice is a toast or a form message: a short title and a description. Each
 * feature keeps its own wording beside its rules (`features/<feature>/notices.ts`); the notices here
 * are the ones every form shares. Quoted wording comes verbatim from the product specification.
 */
export type Message = { title: string; description: string }

export const formNotices = {
  /** Ours, beyond the spec: format, length and abuse checks. */
  invalidEmail: { title: 'Invalid Email', description: 'Please enter a valid email address.' },
  invalidPhone: { title: 'Invalid Phone Number', description: 'Please enter a valid phone number.' },
  invalidZip: { title: 'Invalid ZIP Code', description: 'Please enter a 5-digit ZIP code, like 48201.' },
  tooLong: (field: string, max: number): Message => ({ title: 'Too Long', description: `The ${field} can be at most ${max} characters.` }),
  rateLimited: { title: 'Too Many Attempts', description: 'Please wait a few minutes and try again.' },
} as const
