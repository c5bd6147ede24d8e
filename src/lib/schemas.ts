import { z } from 'zod'

import { messages, type Message } from './messages'

/**
 * The zod schemas of the public forms, used by the browser and the server alike. Each issue
 * carries the exact message the visitor sees; the first one in field order is shown.
 */
const toIssue = (message: Message) => JSON.stringify(message)

export function firstMessage(error: z.ZodError): Message {
  const issue = error.issues[0]
  try {
    return JSON.parse(issue.message) as Message
  } catch {
    return { title: 'Invalid input', description: issue.message }
  }
}

export const LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  subject: 150,
  message: 5000,
} as const

const requiredText = (field: string, max: number, missing: (field: string) => Message) =>
  z
    .string()
    .trim()
    .min(1, toIssue(missing(field)))
    .max(max, toIssue(messages.tooLong(field, max)))

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, toIssue(messages.tooLong(field, max)))
    .optional()
    .transform((value) => value || undefined)

const emailAddress = (missing: Message) =>
  z
    .string()
    .trim()
    .min(1, toIssue(missing))
    .max(LIMITS.email, toIssue(messages.tooLong('email', LIMITS.email)))
    .pipe(z.email(toIssue(messages.invalidEmail)))
    .transform((value) => value.toLowerCase())

export const phoneNumber = z
  .string()
  .trim()
  .max(LIMITS.phone, toIssue(messages.tooLong('phone number', LIMITS.phone)))
  .regex(/^\+?[\d\s().-]{7,}$/, toIssue({ title: 'Invalid Phone Number', description: 'Please enter a valid phone number.' }))
  .refine((value) => value.replace(/\D/g, '').length >= 10, toIssue({ title: 'Invalid Phone Number', description: 'Please enter a valid phone number.' }))

export const contactSchema = z.object({
  name: requiredText('name', LIMITS.name, messages.contact.missingField),
  email: emailAddress(messages.contact.missingField('email')),
  phone: z.string().trim().optional().transform((value) => value || undefined).pipe(phoneNumber.optional()),
  subject: optionalText('subject', LIMITS.subject),
  message: requiredText('message', LIMITS.message, messages.contact.missingField),
})

export type ContactInput = z.infer<typeof contactSchema>

/** Hidden from people, filled in by bots. */
export const HONEYPOT_FIELD = 'website'
