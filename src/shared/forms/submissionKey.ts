/**
 * One-time submission keys of the public forms. The browser gives each rendered form a random key
 * (`SUBMISSION_KEY_FIELD`); the server stores it with what the post stored, so the same key posted
 * again (a retry, a double click, a resent request) stores nothing new and gets the same answer.
 * Imports nothing: the forms use the field name and the key maker in the browser.
 */

export const SUBMISSION_KEY_FIELD = 'submissionKey'

export const SUBMITTED_FORMS = ['order', 'review', 'contact', 'signup', 'line'] as const
export type SubmittedForm = (typeof SUBMITTED_FORMS)[number]

/** A browser-made key: a UUID (or anything of that shape and size). */
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,64}$/

export function isSubmissionKey(value: unknown): value is string {
  return typeof value === 'string' && KEY_SHAPE.test(value)
}

/** A fresh key for a newly rendered form. */
export function newSubmissionKey(): string {
  return crypto.randomUUID()
}
