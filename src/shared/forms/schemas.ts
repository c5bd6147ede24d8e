import * as z from 'zod/mini'

import { formNotices, type Message } from '@/shared/notices'
import { cleanText, type TextKind } from '@/shared/text'

import { LIMITS } from './limits'

// Never compile parsers with `new Function`: the pages' Content-Security-Policy forbids eval, and
// zod would otherwise probe for it (a reported violation) before falling back to the same checks.
z.config({ jitless: true })

/**
 * The building blocks of the public forms' zod schemas (each feature's `schema.ts`), used by the
 * browser and the server alike. Each issue carries the exact message the visitor sees; the first
 * one in field order is shown. `zod/mini` (functions rather than methods, so the bundler keeps only
 * the checks used): the order page's script is about 18 kB gzip lighter than with classic zod.
 */
export const toIssue = (message: Message) => JSON.stringify(message)

/** What a failed `safeParse` answers. */
export type FormError = z.core.$ZodError

export function firstMessage(error: FormError): Message {
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
  z.string(issue).check(
    z.overwrite((value) => cleanText(value, kind)),
    z.trim(),
  )

/** An optional field: left empty (or holding only invisible characters) it is none, else `schema` checks it. */
export const orNothing = <Output>(schema: z.ZodMiniType<Output, string>) =>
  z.pipe(
    z.pipe(z.optional(z.string()), z.transform((value) => (value && cleanText(value, 'multi-line').trim() ? value : undefined))),
    z.optional(schema),
  )

export const requiredText = (field: string, max: number, missing: (field: string) => Message, kind?: TextKind) =>
  visibleText(kind).check(z.minLength(1, toIssue(missing(field))), z.maxLength(max, toIssue(formNotices.tooLong(field, max))))

export const optionalText = (field: string, max: number, kind?: TextKind) =>
  orNothing(visibleText(kind).check(z.maxLength(max, toIssue(formNotices.tooLong(field, max)))))

/** An e-mail address, present, bounded and well-formed, kept in lower case; each issue's text as given. */
export const emailField = (issues: { missing: string; tooLong: string; invalid: string }) =>
  z.pipe(
    z.pipe(visibleText().check(z.minLength(1, issues.missing), z.maxLength(LIMITS.email, issues.tooLong)), z.email(issues.invalid)),
    z.transform((value) => value.toLowerCase()),
  )

export const emailAddress = (missing: Message) =>
  emailField({ missing: toIssue(missing), tooLong: toIssue(formNotices.tooLong('email', LIMITS.email)), invalid: toIssue(formNotices.invalidEmail) })

export const phoneNumber = visibleText().check(
  z.maxLength(LIMITS.phone, toIssue(formNotices.tooLong('phone number', LIMITS.phone))),
  z.regex(/^\+?[\d\s().-]{7,}$/, toIssue(formNotices.invalidPhone)),
  z.refine((value) => value.replace(/\D/g, '').length >= 10, toIssue(formNotices.invalidPhone)),
)
