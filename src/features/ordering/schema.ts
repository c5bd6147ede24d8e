import { z } from 'zod'

import { normalizeDiscountCode } from '@/features/discounts/codeFormat'
import { LIMITS } from '@/shared/forms/limits'
import { emailAddress, firstMessage, optionalText, phoneNumber, requiredText, toIssue, visibleText } from '@/shared/forms/schemas'
import { formNotices, type Message } from '@/shared/notices'

import { orderNotices } from './notices'
import { CITIES, DELIVERY_METHODS, FLAVORS } from './options'
import { isPackageQuantity, PACKAGE_QUANTITIES, type DeliveryMethod, type PackageQuantity } from './pricing'

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
  const issue = toIssue(orderNotices.missingField(fieldInWords))
  return visibleText('single-line', issue).min(1, issue)
}

/**
 * Stage 1, in the order the visitor is told about problems: the required fields, then the
 * delivery method, the consent and a flavor for each jar. Formats and lengths are checked only
 * when all of these are present.
 */
const orderPresenceSchema = (jars: PackageQuantity) =>
  z.object({
    fullName: missingOrderField('full name'),
    email: missingOrderField('email'),
    phone: missingOrderField('phone number'),
    address: missingOrderField('address'),
    city: z.enum(CITY_VALUES, toIssue(orderNotices.missingField('city'))),
    zip: missingOrderField('ZIP code'),
    deliveryMethod: z.enum(METHOD_VALUES, toIssue(orderNotices.deliveryMethodRequired)),
    // A checked box posts "on"; tests and scripts may say "true".
    consent: z.enum(['on', 'true'], toIssue(orderNotices.consentRequired)),
    flavors: z.array(z.string()).superRefine((flavors, context) => {
      const jar = flavors.findIndex((flavor) => !FLAVOR_VALUES.includes(flavor as FlavorValue))
      if (jar >= 0) context.addIssue({ code: 'custom', path: [jar], message: toIssue(orderNotices.flavorRequired(jar + 1, jars)) })
    }),
  })

/** Stage 2: formats (e-mail, phone, US ZIP) and lengths, and the normalised values to store. */
const orderDetailsSchema = z.object({
  fullName: requiredText('full name', LIMITS.name, orderNotices.missingField),
  email: emailAddress(orderNotices.missingField('email')),
  phone: phoneNumber,
  instagram: optionalText('Instagram handle', LIMITS.instagram),
  address: requiredText('address', LIMITS.address, orderNotices.missingField),
  zip: visibleText().regex(US_ZIP, toIssue(formNotices.invalidZip)),
  notes: optionalText('notes', LIMITS.notes, 'multi-line'),
  discountCode: visibleText()
    .optional()
    .transform(normalizeDiscountCode)
    .pipe(z.string().max(LIMITS.discountCode, toIssue(formNotices.tooLong('discount code', LIMITS.discountCode))))
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
  if (!isPackageQuantity(quantity)) return { ok: false, message: orderNotices.packageRequired, field: 'quantity' }

  const flavors = Array.from({ length: quantity }, (_, index) => values[flavorField(index + 1)] ?? '')
  const presence = orderPresenceSchema(quantity).safeParse({ ...values, flavors })
  if (!presence.success) return { ok: false, message: firstMessage(presence.error), field: issueField(presence.error) }

  const details = orderDetailsSchema.safeParse(values)
  if (!details.success) return { ok: false, message: firstMessage(details.error), field: issueField(details.error) }

  const { city, deliveryMethod } = presence.data
  return { ok: true, order: { ...details.data, quantity, flavors: presence.data.flavors as FlavorValue[], city, deliveryMethod, consent: true } }
}
