import { z } from 'zod'

import { formNotices, type Message } from '@/shared/notices'
import { cleanText, type TextKind } from '@/shared/text'

import { LIMITS } from './limits'

// Never compile parsers with `new Function`: the pages' Content-Security-Policy forbids eval, and
// zod would otherwise probe for it (a reported violation) before falling back to the same checks.
z.config({ jitless: true })

/**
 * The building blocks of the public forms' zod schemas (each feature's `schema.ts`), used by the
 * browser and the server alike. Each issue carries the exact message the visitor sees; the first
 * one in field order is shown.
 */
export const toIssue = (message: Message) => JSON.stringify(message)

export function firstMessage(error: z.ZodError): Message {
  const issue = error.issues[0]
  try {
    return JSON.parse(issue.message) as Message
  } catch {
    return { title: 'Invalid input', description: issue.message }
  }
}

/**
 * Every text field of every public form starts here: invisible characters are removed (see
 * `cleanText`), then the ends trimmed, before any check runs, so presence and length are judged on
 * what a person can see, and the cleaned text is what gets stored. `issue` answers a value that is
 * not a string at all (a field missing from the post).
 */
export const visibleText = (kind: TextKind = 'single-line', issue?: string) =>
  z
    .string(issue)
    .overwrite((value) => cleanText(value, kind))
    .trim()

export const requiredText = (field: string, max: number, missing: (field: string) => Message, kind?: TextKind) =>
  visibleText(kind)
    .min(1, toIssue(missing(field)))
    .max(max, toIssue(formNotices.tooLong(field, max)))

export const optionalText = (field: string, max: number, kind?: TextKind) =>
  visibleText(kind)
    .max(max, toIssue(formNotices.tooLong(field, max)))
    .optional()
    .transform((value) => value || undefined)

export const emailAddress = (missing: Message) =>
  visibleText()
    .min(1, toIssue(missing))
    .max(LIMITS.email, toIssue(formNotices.tooLong('email', LIMITS.email)))
    .pipe(z.email(toIssue(formNotices.invalidEmail)))
    .transform((value) => value.toLowerCase())

export const phoneNumber = visibleText()
  .max(LIMITS.phone, toIssue(formNotices.tooLong('phone number', LIMITS.phone)))
  .regex(/^\+?[\d\s().-]{7,}$/, toIssue(formNotices.invalidPhone))
  .refine((value) => value.replace(/\D/g, '').length >= 10, toIssue(formNotices.invalidPhone))
