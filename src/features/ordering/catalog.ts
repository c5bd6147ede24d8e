/**
 * What is for sale, as the order form, the server and the admin see it: the seller's flavors
 * (the `flavors` collection) and this batch's jars (the `stock` global). Pure: the browser uses it.
 */

export const FLAVOR_LIMITS = { name: 60, value: 40, description: 300 } as const

/** A flavor's key, stored on orders: lower-case words joined by dashes ("mixed-berry"). */
export const FLAVOR_VALUE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A flavor as the order form offers it. */
export type FlavorOption = { value: string; name: string; available: boolean }

/** At this many jars or fewer, the order page says how many are left. */
export const FEW_JARS_LEFT = 12

/**
 * This batch's jars: `null` when the seller sets no limit, otherwise how many can still be
 * ordered (never below zero).
 */
export type JarsLeft = number | null

export const jarsLeftFrom = (jarsAvailable: number | null | undefined): JarsLeft =>
  typeof jarsAvailable === 'number' && Number.isFinite(jarsAvailable) ? Math.max(0, Math.floor(jarsAvailable)) : null

export const isSoldOut = (left: JarsLeft) => left === 0
export const fitsInBatch = (quantity: number, left: JarsLeft) => left === null || quantity <= left

/** Whether a delivery to this ZIP code is within the seller's areas (no prefixes set: anywhere). */
export const deliversTo = (zip: string, prefixes: readonly string[]) => prefixes.length === 0 || prefixes.some((prefix) => zip.startsWith(prefix))
