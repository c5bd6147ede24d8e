import * as z from 'zod/mini'

import { normalizeDiscountCode } from '@/features/discounts/codeFormat'
import { LIMITS } from '@/shared/forms/limits'
import { emailAddress, firstMessage, type FormError, optionalText, orNothing, phoneNumber, requiredText, toIssue, visibleText } from '@/shared/forms/schemas'
import { formNotices, type Message } from '@/shared/notices'

import { orderNotices, refillNotices } from './notices'
import type { FlavorOption } from './catalog'
import { CITIES, DELIVERY_METHODS } from './options'
import { isPackageQuantity, type DeliveryMethod, type PackageQuantity } from './pricing'
import { flavorField } from './formFields'
import { isRefillInterval, type RefillInterval } from './refillTerms'

export type CityValue = (typeof CITIES)[number]['value']

/** A window key is a day and a row id ('2026-12-05_6760…'); anything longer is not one. */
const MAX_WINDOW_KEY = 80
const CITY_VALUES = CITIES.map((city) => city.value)
const METHOD_VALUES = DELIVERY_METHODS.map((method) => method.value)
const US_ZIP = /^\d{5}(-\d{4})?$/

const missingOrderField = (fieldInWords: string) => {
  const issue = toIssue(orderNotices.missingField(fieldInWords))
  return visibleText('single-line', issue).check(z.minLength(1, issue))
}

/**
 * Stage 1, in the order the visitor is told about problems: the required fields, then the
 * delivery method, the consent and a flavor for each jar. Formats and lengths are checked only
 * when all of these are present.
 */
const orderPresenceSchema = (jars: PackageQuantity, offered: readonly FlavorOption[]) =>
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
    flavors: z.array(z.string()).check(
      z.superRefine((chosen, context) => {
        for (const [index, value] of chosen.entries()) {
          const flavor = offered.find((option) => option.value === value)
          // An empty choice, or a key that is not on offer (only a tampered form sends one).
          if (!flavor) return context.addIssue({ code: 'custom', path: [index], message: toIssue(orderNotices.flavorRequired(index + 1, jars)) })
          if (!flavor.available) return context.addIssue({ code: 'custom', path: [index], message: toIssue(orderNotices.flavorSoldOut(flavor.name)) })
        }
      }),
    ),
  })

/** Stage 2: formats (e-mail, phone, US ZIP) and lengths, and the normalised values to store. */
const orderDetailsSchema = z.object({
  fullName: requiredText('full name', LIMITS.name, orderNotices.missingField),
  email: emailAddress(orderNotices.missingField('email')),
  phone: phoneNumber,
  instagram: optionalText('Instagram handle', LIMITS.instagram),
  address: requiredText('address', LIMITS.address, orderNotices.missingField),
  zip: visibleText().check(z.regex(US_ZIP, toIssue(formNotices.invalidZip))),
  notes: optionalText('notes', LIMITS.notes, 'multi-line'),
  discountCode: orNothing(
    z.pipe(
      z.pipe(z.string(), z.transform((code: string) => normalizeDiscountCode(code))),
      z.string().check(z.maxLength(LIMITS.discountCode, toIssue(formNotices.tooLong('discount code', LIMITS.discountCode)))),
    ),
  ),
})

export type OrderInput = Omit<z.infer<typeof orderDetailsSchema>, 'email'> & {
  /** Always given on the order form; an order entered by hand may have none. */
  email?: string
  quantity: PackageQuantity
  /** One flavor key per jar, each one on offer and available. */
  flavors: string[]
  deliveryMethod: DeliveryMethod
  city: CityValue
  /** Always true from the order form; an order entered by hand has it only when the seller ticked it. */
  consent: boolean
  /** The chosen window's key; checked against the seller's windows when the order is stored. */
  window?: string
  /** The customer asked for one reminder when it is time for a fresh jar. */
  refillReminder: boolean
  /** A refill plan of this order, every so many weeks (none: just this order). */
  refillEvery?: RefillInterval
}

export type OrderParseResult = { ok: true; order: OrderInput } | { ok: false; message: Message; field: string }

/**
 * An order the seller enters by hand in the admin (taken by text, call, message or in person): the
 * customer's e-mail is optional, and there is no consent checkbox to require (a `consent` of
 * "on" records that the customer agreed). The order form's rules and messages are untouched.
 */
export type OrderFormOptions = { byHand?: boolean }

/** By hand: an e-mail is checked only when one is given; none is stored as none. */
const byHandPresence = { email: z.optional(z.unknown()), consent: z.optional(z.unknown()) }
const byHandDetails = {
  email: orNothing(emailAddress(orderNotices.missingField('email'))),
}

/** The form field an issue belongs to, so the browser can move focus there. */
function issueField(error: FormError): string {
  const [first, second] = error.issues[0].path
  return first === 'flavors' ? flavorField(Number(second) + 1) : String(first)
}

/**
 * Checks a submitted order form (its values as strings, as `formValues` reads them) and answers the
 * first problem with the spec's message. The browser runs it before posting; the server runs it again.
 */
export function parseOrderForm(
  values: Record<string, unknown>,
  flavors: readonly FlavorOption[],
  /** The methods the seller offers windows for: those orders must name one. */
  windowMethods: readonly DeliveryMethod[] = [],
  options: OrderFormOptions = {},
): OrderParseResult {
  const quantity = Number(values.quantity)
  if (!isPackageQuantity(quantity)) return { ok: false, message: orderNotices.packageRequired, field: 'quantity' }

  const chosen = Array.from({ length: quantity }, (_, index) => values[flavorField(index + 1)] ?? '')
  const presenceSchema = options.byHand ? z.extend(orderPresenceSchema(quantity, flavors), byHandPresence) : orderPresenceSchema(quantity, flavors)
  const presence = presenceSchema.safeParse({ ...values, flavors: chosen })
  if (!presence.success) return { ok: false, message: firstMessage(presence.error), field: issueField(presence.error) }

  const { deliveryMethod } = presence.data
  const window = typeof values.window === 'string' && values.window.length <= MAX_WINDOW_KEY ? values.window : ''
  if (windowMethods.includes(deliveryMethod) && !window) return { ok: false, message: orderNotices.windowRequired(deliveryMethod), field: 'window' }

  const details = (options.byHand ? z.extend(orderDetailsSchema, byHandDetails) : orderDetailsSchema).safeParse(values)
  if (!details.success) return { ok: false, message: firstMessage(details.error), field: issueField(details.error) }

  // A refill plan books the same weekly time again: the form shows the choice only for a method
  // with times, so for another one it is not read (as it is not seen). Add order offers none.
  const offersPlan = !options.byHand && windowMethods.includes(deliveryMethod)
  const refillEvery = !offersPlan || values.refillEvery == null || values.refillEvery === '' ? undefined : Number(values.refillEvery)
  if (refillEvery !== undefined && !isRefillInterval(refillEvery)) return { ok: false, message: refillNotices.interval, field: 'refillEvery' }

  const { city } = presence.data
  const chosenWindow = windowMethods.includes(deliveryMethod) ? window : undefined
  const consent = options.byHand ? values.consent === 'on' || values.consent === 'true' : true
  const refillReminder = values.refillReminder === 'on' || values.refillReminder === 'true'
  return { ok: true, order: { ...details.data, quantity, flavors: presence.data.flavors, city, deliveryMethod, consent, window: chosenWindow, refillReminder, refillEvery } }
}
