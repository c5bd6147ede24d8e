import { z } from 'zod'

import { CITIES, DELIVERY_METHODS, FLAVORS } from '@/shared/constants'
import { normalizeDiscountCode } from '@/features/discounts/codes'
import { HONEYPOT_FIELD, LIMITS } from './limits'
import { messages, type Message } from '@/shared/notices'
import { isPackageQuantity, PACKAGE_QUANTITIES, type DeliveryMethod, type PackageQuantity } from '@/features/ordering/pricing'
import { cleanText, type TextKind } from '@/shared/text'

// Never compile parsers with `new Function`: the pages' Content-Security-Policy forbids eval, and
// zod would otherwise probe for it (a reported violation) before falling back to the same checks.
z.config({ jitless: true })

/**
 * The zod schemas of the public forms, used by the browser and the server alike. Each issue
 * carries the exact message the visitor sees; the first one in field order is shown.
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

export { HONEYPOT_FIELD, LIMITS }

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

const requiredText = (field: string, max: number, missing: (field: string) => Message, kind?: TextKind) =>
  visibleText(kind)
    .min(1, toIssue(missing(field)))
    .max(max, toIssue(messages.tooLong(field, max)))

const optionalText = (field: string, max: number, kind?: TextKind) =>
  visibleText(kind)
    .max(max, toIssue(messages.tooLong(field, max)))
    .optional()
    .transform((value) => value || undefined)

const emailAddress = (missing: Message) =>
  visibleText()
    .min(1, toIssue(missing))
    .max(LIMITS.email, toIssue(messages.tooLong('email', LIMITS.email)))
    .pipe(z.email(toIssue(messages.invalidEmail)))
    .transform((value) => value.toLowerCase())

export const phoneNumber = visibleText()
  .max(LIMITS.phone, toIssue(messages.tooLong('phone number', LIMITS.phone)))
  .regex(/^\+?[\d\s().-]{7,}$/, toIssue(messages.invalidPhone))
  .refine((value) => value.replace(/\D/g, '').length >= 10, toIssue(messages.invalidPhone))

export const contactSchema = z.object({
  name: requiredText('name', LIMITS.name, messages.contact.missingField),
  email: emailAddress(messages.contact.missingField('email')),
  phone: visibleText().optional().transform((value) => value || undefined).pipe(phoneNumber.optional()),
  subject: optionalText('subject', LIMITS.subject),
  message: requiredText('message', LIMITS.message, messages.contact.missingField, 'multi-line'),
})

export type ContactInput = z.infer<typeof contactSchema>


// ---- The order form -------------------------------------------------------------------------

export type FlavorValue = (typeof FLAVORS)[number]['value']
export type CityValue = (typeof CITIES)[number]['value']

/** One flavor field per jar of the largest package: flavor1 … flavor6. */
export const MAX_JARS = Math.max(...PACKAGE_QUANTITIES)
export const flavorField = (jar: number) => `flavor${jar}`

/** The order form's fields, as the browser posts them (anything else in the post is ignored). */
export const ORDER_FORM_FIELDS = [
  'quantity',
  ...Array.from({ length: MAX_JARS }, (_, index) => flavorField(index + 1)),
  'deliveryMethod',
  'fullName',
  'email',
  'phone',
  'instagram',
  'address',
  'city',
  'zip',
  'notes',
  'consent',
  'discountCode',
] as const

const FLAVOR_VALUES = FLAVORS.map((flavor) => flavor.value)
const CITY_VALUES = CITIES.map((city) => city.value)
const METHOD_VALUES = DELIVERY_METHODS.map((method) => method.value)
const US_ZIP = /^\d{5}(-\d{4})?$/

const missingOrderField = (fieldInWords: string) => {
  const issue = toIssue(messages.order.missingField(fieldInWords))
  return visibleText('single-line', issue).min(1, issue)
}

/**
 * Stage 1, in the spec's order: the required fields, then the delivery method, the consent and a
 * flavor for each jar. Formats and lengths are checked only when all of these are present.
 */
const orderPresenceSchema = (jars: PackageQuantity) =>
  z.object({
    fullName: missingOrderField('full name'),
    email: missingOrderField('email'),
    phone: missingOrderField('phone number'),
    address: missingOrderField('address'),
    city: z.enum(CITY_VALUES, toIssue(messages.order.missingField('city'))),
    zip: missingOrderField('ZIP code'),
    deliveryMethod: z.enum(METHOD_VALUES, toIssue(messages.order.deliveryMethodRequired)),
    // A checked box posts "on"; tests and scripts may say "true".
    consent: z.enum(['on', 'true'], toIssue(messages.order.consentRequired)),
    flavors: z.array(z.string()).superRefine((flavors, context) => {
      const jar = flavors.findIndex((flavor) => !FLAVOR_VALUES.includes(flavor as FlavorValue))
      if (jar >= 0) context.addIssue({ code: 'custom', path: [jar], message: toIssue(messages.order.flavorRequired(jar + 1, jars)) })
    }),
  })

/** Stage 2: formats (e-mail, phone, US ZIP) and lengths, and the normalised values to store. */
const orderDetailsSchema = z.object({
  fullName: requiredText('full name', LIMITS.name, messages.order.missingField),
  email: emailAddress(messages.order.missingField('email')),
  phone: phoneNumber,
  instagram: optionalText('Instagram handle', LIMITS.instagram),
  address: requiredText('address', LIMITS.address, messages.order.missingField),
  zip: visibleText().regex(US_ZIP, toIssue(messages.invalidZip)),
  notes: optionalText('notes', LIMITS.notes, 'multi-line'),
  discountCode: visibleText()
    .optional()
    .transform(normalizeDiscountCode)
    .pipe(z.string().max(LIMITS.discountCode, toIssue(messages.tooLong('discount code', LIMITS.discountCode))))
    .transform((code) => code || undefined),
})

export type OrderInput = z.infer<typeof orderDetailsSchema> & {
  quantity: PackageQuantity
  flavors: FlavorValue[]
  deliveryMethod: DeliveryMethod
  city: CityValue
  consent: true
}

export type OrderParseResult = { ok: true; order: OrderInput } | { ok: false; message: Message; field: string }

/** The form field an issue belongs to, so the browser can move focus there. */
function issueField(error: z.ZodError): string {
  const [first, second] = error.issues[0].path
  return first === 'flavors' ? flavorField(Number(second) + 1) : String(first)
}

/**
 * Checks a submitted order form (its values as strings, as `formValues` reads them) and answers the
 * first problem with the spec's message. The browser runs it before posting; the server runs it again.
 */
export function parseOrderForm(values: Record<string, unknown>): OrderParseResult {
  const quantity = Number(values.quantity)
  if (!isPackageQuantity(quantity)) return { ok: false, message: messages.order.packageRequired, field: 'quantity' }

  const flavors = Array.from({ length: quantity }, (_, index) => values[flavorField(index + 1)] ?? '')
  const presence = orderPresenceSchema(quantity).safeParse({ ...values, flavors })
  if (!presence.success) return { ok: false, message: firstMessage(presence.error), field: issueField(presence.error) }

  const details = orderDetailsSchema.safeParse(values)
  if (!details.success) return { ok: false, message: firstMessage(details.error), field: issueField(details.error) }

  const { city, deliveryMethod } = presence.data
  return { ok: true, order: { ...details.data, quantity, flavors: presence.data.flavors as FlavorValue[], city, deliveryMethod, consent: true } }
}

// ---- The e-mail popup -----------------------------------------------------------------------

/** Name and e-mail required, the e-mail well-formed, both bounded; the message is the toast's text. */
export const captureSchema = z.object({
  name: visibleText()
    .min(1, 'Please fill in your name.')
    .max(LIMITS.name, messages.tooLong('name', LIMITS.name).description),
  email: visibleText()
    .min(1, 'Please fill in your email.')
    .max(LIMITS.email, messages.tooLong('email', LIMITS.email).description)
    .pipe(z.email(messages.invalidEmail.description))
    .transform((email) => email.toLowerCase()),
})

