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
  streetMaxLength: 80,
  shelfLifeDays: DEFAULT_SHELF_LIFE_DAYS,
  shelfLifeMin: 1,
  shelfLifeMax: 60,
} as const

/** How many labels one flavor, and one print, may ask for: 240 = 20 Avery sheets. */
export const LABEL_LIMITS = { perFlavor: 240, total: 480, batchCodeMaxLength: BATCH_CODE_MAX_LENGTH } as const

/** A flavor's label facts: how long each text may be, and how many ingredients. */
export const LABEL_FACT_LIMITS = { ingredientName: 80, subIngredients: 200, ingredients: 30, allergenNames: 80, servingSize: 40, servingsPerContainer: 20 } as const

/**
 * The label sheets. `nutritionPanel`: whether a label holds a legible Nutrition Facts panel beside
 * the rest (6 point type at the least, 21 CFR 101.9(j)(13)); a 2″ square does not: its text would
 * run off the label's edge.
 */
export const LABEL_SHEETS = {
  'avery-22806': { name: 'Avery 22806: 2″ square labels, 12 per US Letter sheet', perPage: 12, nutritionPanel: false },
  'thermal-4x6': { name: '4×6″ thermal roll: one label per page', perPage: 1, nutritionPanel: true },
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

/**
 * The nine major food allergens (FALCPA, and sesame since 2023 by the FASTER Act). For fish,
 * crustacean shellfish and tree nuts the label names the species or the nut (`names`: the flavor's
 * field that holds it), as FDA's Food Labeling Guide asks.
 */
export type MajorAllergen = 'milk' | 'eggs' | 'fish' | 'crustacean-shellfish' | 'tree-nuts' | 'peanuts' | 'wheat' | 'soybeans' | 'sesame'
/** The flavor's fields that name a fish, a shellfish or the tree nuts. */
export type AllergenNameField = 'fishSpecies' | 'shellfishSpecies' | 'treeNutKinds'
type AllergenInfo = { label: string; names?: AllergenNameField; asks?: string }

export const MAJOR_ALLERGENS: Record<MajorAllergen, AllergenInfo> = {
  milk: { label: 'Milk' },
  eggs: { label: 'Eggs' },
  fish: { label: 'Fish', names: 'fishSpecies', asks: 'which fish (e.g. "cod")' },
  'crustacean-shellfish': { label: 'Crustacean shellfish', names: 'shellfishSpecies', asks: 'which shellfish (e.g. "shrimp")' },
  'tree-nuts': { label: 'Tree nuts', names: 'treeNutKinds', asks: 'which tree nuts (e.g. "almonds, cashews")' },
  peanuts: { label: 'Peanuts' },
  wheat: { label: 'Wheat' },
  soybeans: { label: 'Soybeans' },
  sesame: { label: 'Sesame' },
}

const ALLERGEN_KEYS = Object.keys(MAJOR_ALLERGENS) as MajorAllergen[]

/** The major allergens a flavor lists, in the order of the nine. */
const chosenAllergens = (flavor: Pick<LabelFlavor, 'allergens'>) => ALLERGEN_KEYS.filter((allergen) => flavor.allergens?.includes(allergen))

/** The seller's answer to "does it contain a major allergen?": none asked yet is `null`. */
export const ALLERGEN_STATEMENTS = {
  contains: 'It contains one or more of the nine major allergens',
  none: 'It contains none of the nine major allergens',
} as const
export type AllergenStatement = keyof typeof ALLERGEN_STATEMENTS

/**
 * The nutrition facts the seller enters per serving, with their unit and the daily value FDA's
 * reference amounts set for adults (21 CFR 101.9(c)); `dv: null` where the label gives no %DV.
 * Vitamins and minerals are printed as their amount and %DV.
 */
export const NUTRIENTS = {
  calories: { label: 'Calories', unit: '', dv: null },
  totalFat: { label: 'Total Fat', unit: 'g', dv: 78 },
  saturatedFat: { label: 'Saturated Fat', unit: 'g', dv: 20 },
  transFat: { label: 'Trans Fat', unit: 'g', dv: null },
  cholesterol: { label: 'Cholesterol', unit: 'mg', dv: 300 },
  sodium: { label: 'Sodium', unit: 'mg', dv: 2300 },
  totalCarbohydrate: { label: 'Total Carbohydrate', unit: 'g', dv: 275 },
  dietaryFiber: { label: 'Dietary Fiber', unit: 'g', dv: 28 },
  totalSugars: { label: 'Total Sugars', unit: 'g', dv: null },
  addedSugars: { label: 'Added Sugars', unit: 'g', dv: 50 },
  protein: { label: 'Protein', unit: 'g', dv: null },
  vitaminD: { label: 'Vitamin D', unit: 'mcg', dv: 20 },
  calcium: { label: 'Calcium', unit: 'mg', dv: 1300 },
  iron: { label: 'Iron', unit: 'mg', dv: 18 },
  potassium: { label: 'Potassium', unit: 'mg', dv: 4700 },
} as const

export type Nutrient = keyof typeof NUTRIENTS
const VITAMINS_AND_MINERALS: readonly Nutrient[] = ['vitaminD', 'calcium', 'iron', 'potassium']
/** Printed indented under the line before them, as on the Nutrition Facts panel. */
const SUB_NUTRIENTS: readonly Nutrient[] = ['saturatedFat', 'transFat', 'dietaryFiber', 'totalSugars', 'addedSugars']

export type NutritionEntry = { servingSize?: string | null; servingsPerContainer?: string | null } & { [K in Nutrient]?: number | null }

export type LabelIngredient = { name: string; subIngredients?: string | null }

/** A flavor as its label reads it: the Flavors collection's Label tab. */
export type LabelFlavor = {
  id?: number | string
  value: string
  name: string
  ingredients?: readonly LabelIngredient[] | null
  allergenStatement?: AllergenStatement | null
  allergens?: readonly string[] | null
  nutritionExempt?: boolean | null
  nutrition?: NutritionEntry | null
} & { [K in AllergenNameField]?: string | null }

export type LabelBusiness = {
  businessName: string
  productName: string
  labelStreet?: string | null
  labelPlace?: string | null
  netQuantity?: string | null
  shelfLifeDays?: number | null
}

/** A batch as its labels print it; `bestBy` (a day key) when the batch has its own, else made-on + the shelf life. */
export type LabelBatch = { madeOn: string; bestBy?: string | null; batchCode: string }

/** One line of the Nutrition Facts panel: "Total Fat 0g", its %DV ("0%") when it has one. */
export type NutritionLine = { nutrient: Nutrient; label: string; amount: string; dailyValue: string | null; indent: boolean }

export type NutritionPanel = { servingSize: string; servingsPerContainer: string; calories: string; lines: NutritionLine[] }

/** One label's lines, in the order they are printed. */
export type JarLabel = {
  flavor: string
  productName: string
  flavorName: string
  netQuantity: string
  ingredients: string
  /** "Contains: …", or empty when the flavor contains none of the major allergens. */
  allergens: string
  /** Null when the seller declares the small-business exemption: no panel. */
  nutrition: NutritionPanel | null
  storage: string
  dates: string
  batchCode: string
  maker: string
  orderUrl: string
}

/** What keeps the labels from printing, and where the seller fills it in. */
export type LabelGap = { subject: string; missing: string[]; where: string; href: string }

export type LabelResult = { ok: true; label: JarLabel } | { ok: false; gap: LabelGap }

export const SITE_SETTINGS_URL = '/admin/globals/site-settings'
export const flavorAdminUrl = (id: number | string) => `/admin/collections/flavors/${encodeURIComponent(String(id))}`

/** A US ZIP code at the end of "City, ST 48201". */
const ENDS_WITH_ZIP = /\b\d{5}(?:-\d{4})?$/

/** What Site settings lack for every label (the maker's name and street address), or null. */
export function businessGap(business: LabelBusiness): LabelGap | null {
  const missing: string[] = []
  if (!business.businessName?.trim()) missing.push('the business name')
  if (!business.labelStreet?.trim()) missing.push('the street address')
  const place = business.labelPlace?.trim()
  if (!place) missing.push('the city, state and ZIP code')
  else if (!ENDS_WITH_ZIP.test(place)) missing.push('the ZIP code after the city and state (e.g. "Detroit, MI 48201")')
  if (!business.netQuantity?.trim()) missing.push('the net quantity')
  return missing.length === 0 ? null : { subject: 'Site settings', missing, where: 'Content → Site settings → Jar labels', href: SITE_SETTINGS_URL }
}

/** The species or nuts a flavor names for an allergen that needs them, trimmed; empty when unnamed. */
const allergenNames = (flavor: LabelFlavor, allergen: MajorAllergen) => {
  const field = MAJOR_ALLERGENS[allergen].names
  return field ? (flavor[field]?.trim() ?? '') : ''
}

/** What the Flavors collection refuses: a fish, shellfish or tree nut chosen without naming it. */
export function allergenNameProblem(allergens: readonly unknown[] | null | undefined, field: AllergenNameField, value: unknown): string | true {
  const allergen = ALLERGEN_KEYS.find((key) => MAJOR_ALLERGENS[key].names === field)
  if (!allergen || !allergens?.includes(allergen)) return true
  return typeof value === 'string' && value.trim() ? true : `Name ${MAJOR_ALLERGENS[allergen].asks}: the label must say it.`
}

/** "Purple sea moss, spring water, peaches (peaches, citric acid)", in the seller's order; empty when none. */
export function ingredientList(ingredients: LabelFlavor['ingredients']): string {
  return (ingredients ?? [])
    .filter((ingredient) => ingredient.name?.trim())
    .map(({ name, subIngredients }) => (subIngredients?.trim() ? `${name.trim()} (${subIngredients.trim()})` : name.trim()))
    .join(', ')
}

/** The label's line: "Ingredients: …"; empty when none. */
export function ingredientsStatement(ingredients: LabelFlavor['ingredients']): string {
  const list = ingredientList(ingredients)
  return list ? `Ingredients: ${list}` : ''
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * "Contains: Milk, Almonds, Cod" (the named species or nut in place of its class), empty when the
 * flavor contains none of them; null while the question is unanswered or a named allergen is unnamed.
 */
export function containsStatement(flavor: LabelFlavor): string | null {
  if (flavor.allergenStatement === 'none') return ''
  if (flavor.allergenStatement !== 'contains') return null
  const chosen = chosenAllergens(flavor)
  if (chosen.length === 0) return null
  const named = chosen.map((allergen) => (MAJOR_ALLERGENS[allergen].names ? allergenNames(flavor, allergen) : MAJOR_ALLERGENS[allergen].label))
  return named.some((name) => !name) ? null : `Contains: ${named.map(capitalized).join(', ')}`
}

/**
 * What the order page says of a flavor, each only once the seller has filled it in: its ingredient
 * list (without the label's "Ingredients:") and its allergens ("Contains: …" or that it has none).
 */
export type StorefrontLabelFacts = { ingredients: string | null; allergens: string | null }

export const NO_MAJOR_ALLERGENS = 'Contains none of the nine major food allergens'

export function storefrontLabelFacts(flavor: Omit<LabelFlavor, 'value' | 'name'>): StorefrontLabelFacts {
  const contains = containsStatement({ value: '', name: '', ...flavor })
  return { ingredients: ingredientList(flavor.ingredients) || null, allergens: contains === null ? null : contains || NO_MAJOR_ALLERGENS }
}

/** What a flavor's label lacks, in words the seller can act on. */
function flavorMissing(flavor: LabelFlavor): string[] {
  const missing: string[] = []
  if (!ingredientsStatement(flavor.ingredients)) missing.push('the ingredients')
  if (!flavor.allergenStatement) missing.push('the allergen statement (does it contain one of the nine major allergens?)')
  else if (flavor.allergenStatement === 'contains') {
    const chosen = chosenAllergens(flavor)
    if (chosen.length === 0) missing.push('which major allergens it contains')
    for (const allergen of chosen) {
      const asks = MAJOR_ALLERGENS[allergen].asks
      if (asks && !allergenNames(flavor, allergen)) missing.push(asks)
    }
  }
  if (!flavor.nutritionExempt) {
    const facts = flavor.nutrition ?? {}
    const unfilled = [
      ...(facts.servingSize?.trim() ? [] : ['serving size']),
      ...(facts.servingsPerContainer?.trim() ? [] : ['servings per container']),
      ...(Object.keys(NUTRIENTS) as Nutrient[]).filter((nutrient) => typeof facts[nutrient] !== 'number').map((nutrient) => NUTRIENTS[nutrient].label.toLowerCase()),
    ]
    if (unfilled.length > 0) missing.push(`the nutrition facts (${unfilled.join(', ')}) or the small-business exemption`)
  }
  return missing
}

/** What a flavor's Label tab lacks for its labels, and the link to it; null when nothing. */
export function flavorGap(flavor: LabelFlavor): LabelGap | null {
  const missing = flavorMissing(flavor)
  if (missing.length === 0) return null
  const href = flavor.id === undefined ? '/admin/collections/flavors' : flavorAdminUrl(flavor.id)
  return { subject: flavor.name, missing, where: `Shop → Flavors → ${flavor.name} → Label`, href }
}

/** The sheet field of the Jar labels view, where a flavor whose panel does not fit is sent. */
export const SHEET_FIELD_ID = 'label-sheet-kind'

/** Why a flavor's label does not fit the chosen sheet (a panel on a 2″ square), or null. */
export function sheetGap(flavor: LabelFlavor, sheet: LabelSheetKind): LabelGap | null {
  if (flavor.nutritionExempt || LABEL_SHEETS[sheet].nutritionPanel) return null
  const roomy = (Object.keys(LABEL_SHEETS) as LabelSheetKind[]).filter((kind) => LABEL_SHEETS[kind].nutritionPanel).map((kind) => LABEL_SHEETS[kind].name)
  return {
    subject: flavor.name,
    missing: ['a label with room for its Nutrition Facts panel (this sheet’s labels are too small to print it legibly)'],
    where: `Sheet, above: ${roomy.join(' or ')}`,
    href: `#${SHEET_FIELD_ID}`,
  }
}

/**
 * A nutrient's %DV as the panel rounds it (21 CFR 101.9(c)(8)(iii) and (d)(7)): the nearest whole
 * percent, and for vitamins and minerals 2% steps up to 10%, 5% steps up to 50%, 10% steps above.
 */
export function dailyValuePercent(nutrient: Nutrient, amount: number): string | null {
  const { dv } = NUTRIENTS[nutrient]
  if (dv === null) return null
  const percent = (amount / dv) * 100
  if (!VITAMINS_AND_MINERALS.includes(nutrient)) return `${Math.round(percent)}%`
  const step = percent < 10 ? 2 : percent <= 50 ? 5 : 10
  return `${Math.round(percent / step) * step}%`
}

const number = (value: number) => String(Number(value.toFixed(1)))

/** The Nutrition Facts panel of a flavor whose facts are all filled in (see `flavorMissing`). */
export function nutritionPanel(facts: NutritionEntry): NutritionPanel {
  const amount = (nutrient: Nutrient) => facts[nutrient] ?? 0
  const lines = (Object.keys(NUTRIENTS) as Nutrient[])
    .filter((nutrient) => nutrient !== 'calories')
    .map((nutrient) => ({
      nutrient,
      label: nutrient === 'addedSugars' ? `Includes ${number(amount(nutrient))}g Added Sugars` : NUTRIENTS[nutrient].label,
      amount: nutrient === 'addedSugars' ? '' : `${number(amount(nutrient))}${NUTRIENTS[nutrient].unit}`,
      dailyValue: dailyValuePercent(nutrient, amount(nutrient)),
      indent: SUB_NUTRIENTS.includes(nutrient),
    }))
  return { servingSize: facts.servingSize?.trim() ?? '', servingsPerContainer: facts.servingsPerContainer?.trim() ?? '', calories: number(amount('calories')), lines }
}

/**
 * The label of one flavor's jars of one batch, or what it lacks and where to add it. Everything a
 * licensed maker's packaged food carries (MSU Extension, FDA's Food Labeling Guide): the product
 * and flavor, the net quantity, the ingredients, the major allergens, the nutrition facts unless
 * exempt, the maker's name and address, the lot (batch code), its dates and "Keep refrigerated".
 */
export function jarLabel(flavor: LabelFlavor, business: LabelBusiness, batch: LabelBatch, siteUrl: string): LabelResult {
  const gap = flavorGap(flavor) ?? businessGap(business)
  if (gap) return { ok: false, gap }
  const shelfLife = business.shelfLifeDays ?? LABEL_SETTINGS.shelfLifeDays
  return {
    ok: true,
    label: {
      flavor: flavor.value,
      productName: business.productName,
      flavorName: flavor.name,
      netQuantity: business.netQuantity?.trim() || LABEL_SETTINGS.netQuantity,
      ingredients: ingredientsStatement(flavor.ingredients),
      allergens: containsStatement(flavor) ?? '',
      nutrition: flavor.nutritionExempt ? null : nutritionPanel(flavor.nutrition ?? {}),
      storage: KEEP_REFRIGERATED,
      dates: `Made ${shortDayLabel(batch.madeOn)} · Best by ${shortDayLabel(batch.bestBy ?? bestByDay(batch.madeOn, shelfLife))}`,
      batchCode: `Lot ${batch.batchCode}`,
      maker: `${business.businessName.trim()}, ${business.labelStreet?.trim()}, ${business.labelPlace?.trim()}`,
      orderUrl: flavorOrderUrl(siteUrl, flavor.value),
    },
  }
}

/** The allergen choices as a select field lists them. */
export const allergenOptions = () => ALLERGEN_KEYS.map((value) => ({ value, label: MAJOR_ALLERGENS[value].label }))

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
