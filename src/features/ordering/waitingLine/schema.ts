import * as z from 'zod/mini'

import { emailAddress, orNothing, phoneNumber, toIssue, visibleText } from '@/shared/forms/schemas'

import { FLAVOR_LIMITS, FLAVOR_VALUE_PATTERN } from '../catalog'
import { lineNotices, WANTED_COUNTS } from './rules'

/** The join form's fields, as posted. */
export const JOIN_LINE_FIELDS = ['email', 'phone', 'flavor', 'jars'] as const

/**
 * The flavor choice that means "any flavor": not a flavor key (`FLAVOR_VALUE_PATTERN` has no '*'),
 * so no flavor the seller names can be mistaken for it.
 */
export const ANY_FLAVOR = '*'

const flavorChoice = z.pipe(
  visibleText('single-line', toIssue(lineNotices.unknownFlavor)).check(
    z.maxLength(FLAVOR_LIMITS.value, toIssue(lineNotices.unknownFlavor)),
    z.refine((value) => value === ANY_FLAVOR || FLAVOR_VALUE_PATTERN.test(value), toIssue(lineNotices.unknownFlavor)),
  ),
  z.transform((value) => (value === ANY_FLAVOR ? null : value)),
)

const jarsWanted = z.pipe(
  z.string(toIssue(lineNotices.invalidCount)).check(z.refine((value) => WANTED_COUNTS.map(String).includes(value.trim()), toIssue(lineNotices.invalidCount))),
  z.transform((value) => Number(value)),
)

/**
 * A place asked for on /order: the e-mail required, the phone optional (for the seller), a flavor
 * key or "any" (`ANY_FLAVOR`), and one of the packages' counts. Whether that flavor exists and is
 * sold out is the line's to answer (`line.ts#joinLine`), against the flavors and batch of the moment.
 */
export const joinLineSchema = z.object({
  email: emailAddress(lineNotices.missingEmail),
  phone: orNothing(phoneNumber),
  flavor: flavorChoice,
  jars: jarsWanted,
})

export type JoinLineInput = z.infer<typeof joinLineSchema>

