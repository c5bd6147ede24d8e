/**
 * What is for sale, as the order form, the server and the admin see it: the seller's flavors
 * (the `flavors` collection) and the open batch's jars (`batches.ts`). Pure: the browser uses it.
 */

export const FLAVOR_LIMITS = { name: 60, value: 40, description: 300 } as const

import { PACKAGE_QUANTITIES } from './packages.mjs'

/** A flavor's key, stored on orders: lower-case words joined by dashes ("mixed-berry"). */
export const FLAVOR_VALUE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A flavor as the order form offers it. */
export type FlavorOption = { value: string; name: string; available: boolean; /** Jars of it left in the open batch, where it counts per flavor. */ left?: number }

/**
 * The flavors as the open batch sells them: one it has none of left shows as sold out, and one
 * with few left says how many (`FEW_JARS_LEFT`). Without per-flavor counts, as the seller set them.
 */
export function flavorsForSale<F extends FlavorOption>(flavors: readonly F[], flavorsLeft: Record<string, number> | null): (F & { left?: number })[] {
  if (!flavorsLeft) return [...flavors]
  return flavors.map((flavor) => {
    const left = flavorsLeft[flavor.value] ?? 0
    return { ...flavor, available: flavor.available && left > 0, left }
  })
}

/** At this many jars or fewer, the order page says how many are left. */
export const FEW_JARS_LEFT = 12

/**
 * This batch's jars: `null` when the seller sets no limit, otherwise how many can still be
 * ordered (never below zero).
 */
export type JarsLeft = number | null

export const jarsLeftFrom = (jarsAvailable: number | null | undefined): JarsLeft =>
  typeof jarsAvailable === 'number' && Number.isFinite(jarsAvailable) ? Math.max(0, Math.floor(jarsAvailable)) : null

/** More jars than the pages tell apart: more than FEW_JARS_LEFT and than any package holds. */
const MANY_JARS = Math.max(FEW_JARS_LEFT + 1, ...PACKAGE_QUANTITIES)

/**
 * This batch's jars as the pages show them: the count itself at FEW_JARS_LEFT or fewer, above that
 * only "many" (which every package fits). The pages read the jars only through this, so an order
 * that leaves what they show as it was need not expire them (`batchShownChanged`): of a 100-jar
 * batch, only the last orders do.
 */
export const jarsShown = (left: JarsLeft): JarsLeft => (left === null ? null : Math.min(left, MANY_JARS))

export const isSoldOut = (left: JarsLeft) => left === 0
export const fitsInBatch = (quantity: number, left: JarsLeft) => left === null || quantity <= left

/** Whether a delivery to this ZIP code is within the seller's areas (no prefixes set: anywhere). */
export const deliversTo = (zip: string, prefixes: readonly string[]) => prefixes.length === 0 || prefixes.some((prefix) => zip.startsWith(prefix))
