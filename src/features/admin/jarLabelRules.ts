/**
 * Jar labels: what one label says, and what the Jar labels view accepts. Pure (no I/O): the view's
 * server module (`jarLabels.ts`) reads the flavors and Site settings and hands them over; Site
 * settings take their defaults and limits from here.
 *
 * A packaged food's label carries the product and flavor name, the net quantity, the ingredients
 * and allergens, the business's name and place (FDA's small-business labeling guide), and for this
 * refrigerated gel the storage words and its made-on and best-by dates.
 */
import { BATCH_CODE_MAX_LENGTH, BATCH_CODE_PATTERN, DEFAULT_SHELF_LIFE_DAYS, defaultBatchCode } from '@/features/ordering/batches'
import { LINKED_FLAVOR_PARAM } from '@/features/ordering/orderFormState'
import { addDays, isDayKey, shortDayLabel } from '@/shared/time'

import { JAR_LABELS_VIEW } from './adminViews'

/** Site settings' label fields: defaults for a fresh site and their limits. */
export const LABEL_SETTINGS = {
  netQuantity: 'Net Wt 8 oz (227 g)',
  netQuantityMaxLength: 40,
  placeMaxLength: 60,
  shelfLifeDays: DEFAULT_SHELF_LIFE_DAYS,
  shelfLifeMin: 1,
  shelfLifeMax: 60,
} as const

/** How many labels one flavor, and one print, may ask for: 240 = 20 Avery sheets. */
export const LABEL_LIMITS = { perFlavor: 240, total: 480, batchCodeMaxLength: BATCH_CODE_MAX_LENGTH } as const

export const LABEL_SHEETS = {
  'avery-22806': { name: 'Avery 22806: 2″ square labels, 12 per US Letter sheet', perPage: 12 },
  'thermal-4x6': { name: '4×6″ thermal roll: one label per page', perPage: 1 },
} as const

export type LabelSheetKind = keyof typeof LABEL_SHEETS

const isSheetKind = (value: unknown): value is LabelSheetKind => typeof value === 'string' && Object.hasOwn(LABEL_SHEETS, value)

export const DEFAULT_SHEET: LabelSheetKind = 'avery-22806'

/** The printed storage instruction: the gel spoils out of the fridge. */
export const KEEP_REFRIGERATED = 'Keep refrigerated'

/** The form field that holds one flavor's number of labels. */
export const countField = (flavorValue: string) => `count-${flavorValue}`

/** The day a jar made on `madeOn` is best by. */
export const bestByDay = (madeOn: string, shelfLifeDays: number) => addDays(madeOn, shelfLifeDays)

/** Where a label's QR code leads: the order form with this flavor chosen for the first jar. */
export const flavorOrderUrl = (siteUrl: string, flavorValue: string) => `${siteUrl.replace(/\/+$/, '')}/order?${LINKED_FLAVOR_PARAM}=${encodeURIComponent(flavorValue)}`

export type LabelFlavor = { value: string; name: string; ingredients?: string | null; allergens?: string | null }

export type LabelBusiness = {
  businessName: string
  productName: string
  labelPlace?: string | null
  netQuantity?: string | null
  shelfLifeDays?: number | null
}

/** A batch as its labels print it; `bestBy` (a day key) when the batch has its own, else made-on + the shelf life. */
export type LabelBatch = { madeOn: string; bestBy?: string | null; batchCode: string }

/** One label's lines, in the order they are printed. */
export type JarLabel = {
  flavor: string
  productName: string
  flavorName: string
  netQuantity: string
  ingredients: string
  /** Empty when the seller lists no allergens for the flavor: the label then has no such line. */
  allergens: string
  storage: string
  dates: string
  batchCode: string
  maker: string
  orderUrl: string
}

export type LabelResult = { ok: true; label: JarLabel } | { ok: false; problem: string }

/** Why no label at all can be printed with these Site settings, or null. */
export function businessProblem(business: LabelBusiness): string | null {
  return business.labelPlace?.trim() ? null : 'Add the business’s city and state for the labels in Site settings → Jar labels (e.g. "Detroit, MI"), then print again.'
}

/** The label of one flavor's jars of one batch, or why it cannot be printed. */
export function jarLabel(flavor: LabelFlavor, business: LabelBusiness, batch: LabelBatch, siteUrl: string): LabelResult {
  const ingredients = flavor.ingredients?.trim()
  if (!ingredients) return { ok: false, problem: `${flavor.name} has no ingredients: add them in Shop → Flavors → ${flavor.name}, then print again.` }
  const placeProblem = businessProblem(business)
  if (placeProblem) return { ok: false, problem: placeProblem }
  const allergens = flavor.allergens?.trim()
  const shelfLife = business.shelfLifeDays ?? LABEL_SETTINGS.shelfLifeDays
  return {
    ok: true,
    label: {
      flavor: flavor.value,
      productName: business.productName,
      flavorName: flavor.name,
      netQuantity: business.netQuantity?.trim() || LABEL_SETTINGS.netQuantity,
      ingredients: `Ingredients: ${ingredients}`,
      allergens: allergens ? `Allergens: ${allergens}` : '',
      storage: KEEP_REFRIGERATED,
      dates: `Made ${shortDayLabel(batch.madeOn)} · Best by ${shortDayLabel(batch.bestBy ?? bestByDay(batch.madeOn, shelfLife))}`,
      batchCode: `Batch ${batch.batchCode}`,
      maker: `${business.businessName} · ${business.labelPlace?.trim()}`,
      orderUrl: flavorOrderUrl(siteUrl, flavor.value),
    },
  }
}

/** What the view's form asked for, every field valid (a wrong one falls back to its default). */
export type LabelRequest = {
  madeOn: string
  /** The batch's own best-by day; null: made-on + the shelf life in Site settings. */
  bestBy: string | null
  batchCode: string
  sheet: LabelSheetKind
  /** Labels per flavor key, for the flavors on offer only. */
  counts: Record<string, number>
}

type Query = Record<string, string | string[] | undefined> | undefined

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/**
 * Reads the view's GET form: made-on day (default `today`), best-by day (default: none, the shelf
 * life decides), batch code (default from the day), sheet and a count per flavor. What is wrong is
 * named in `problems`, in words the seller can act on; the form then shows the defaults and nothing
 * is printed.
 */
export function parseLabelRequest(query: Query, flavors: readonly LabelFlavor[], today: string): { request: LabelRequest; problems: string[] } {
  const problems: string[] = []

  const madeOnAsked = single(query?.madeOn)?.trim()
  let madeOn = today
  if (madeOnAsked) {
    const shown = madeOnAsked.slice(0, 40)
    if (isDayKey(madeOnAsked)) madeOn = madeOnAsked
    else problems.push(`“${shown}” is not a date: choose the day the batch was made.`)
  }

  const bestByAsked = single(query?.bestBy)?.trim()
  let bestBy: string | null = null
  if (bestByAsked) {
    const shown = bestByAsked.slice(0, 40)
    if (!isDayKey(bestByAsked)) problems.push(`“${shown}” is not a date: choose the best-by day of the batch, or leave it empty.`)
    // Day keys (YYYY-MM-DD) compare as text in calendar order.
    else if (bestByAsked <= madeOn) problems.push('The best-by day comes after the day the batch was made.')
    else bestBy = bestByAsked
  }

  const codeAsked = single(query?.batch)?.trim()
  let batchCode = defaultBatchCode(madeOn)
  if (codeAsked) {
    if (codeAsked.length <= LABEL_LIMITS.batchCodeMaxLength && BATCH_CODE_PATTERN.test(codeAsked)) batchCode = codeAsked.toUpperCase()
    else problems.push(`A batch code is letters, digits and dashes, at most ${LABEL_LIMITS.batchCodeMaxLength} (e.g. ${defaultBatchCode(madeOn)}).`)
  }

  const sheetAsked = single(query?.sheet)
  let sheet = DEFAULT_SHEET
  if (sheetAsked) {
    if (isSheetKind(sheetAsked)) sheet = sheetAsked
    else problems.push('Choose one of the label sheets listed.')
  }

  const counts: Record<string, number> = {}
  for (const flavor of flavors) {
    const asked = single(query?.[countField(flavor.value)])?.trim()
    if (!asked) continue
    const count = /^\d+$/.test(asked) ? Number(asked) : Number.NaN
    if (Number.isInteger(count) && count <= LABEL_LIMITS.perFlavor) counts[flavor.value] = count
    else problems.push(`${flavor.name}: the number of labels is a whole number from 0 to ${LABEL_LIMITS.perFlavor}.`)
  }
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0)
  if (total > LABEL_LIMITS.total) problems.push(`That is ${total} labels: print at most ${LABEL_LIMITS.total} at a time.`)

  return { request: { madeOn, bestBy, batchCode, sheet, counts }, problems }
}

/** A batch as its screen links to its labels: day keys, its code, and the jars made of each flavor key. */
export type BatchForLabels = { madeOn: string; bestBy: string | null; code: string | null; made: readonly { flavor: string; jars: number }[] }

/**
 * The Jar labels view filled in for a batch: its made-on and best-by days, its code, and a label
 * for each jar made of each flavor. `parseLabelRequest` reads it back (and names what it refuses).
 */
export function batchLabelsUrl(batch: BatchForLabels): string {
  const query = new URLSearchParams({ madeOn: batch.madeOn })
  if (batch.bestBy) query.set('bestBy', batch.bestBy)
  if (batch.code) query.set('batch', batch.code)
  for (const { flavor, jars } of batch.made) query.set(countField(flavor), String(jars))
  return `${JAR_LABELS_VIEW.url}?${query}`
}

/** Labels in print order, cut into the sheet's pages. */
export function labelPages<T>(labels: readonly T[], sheet: LabelSheetKind): T[][] {
  const { perPage } = LABEL_SHEETS[sheet]
  const pages: T[][] = []
  for (let start = 0; start < labels.length; start += perPage) pages.push(labels.slice(start, start + perPage))
  return pages
}
