import { describe, expect, it } from 'vitest'

import {
  allergenNameProblem,
  batchLabelsUrl,
  countField,
  dailyValuePercent,
  jarLabel,
  labelPages,
  LABEL_LIMITS,
  parseLabelRequest,
  sheetGap,
  storefrontLabelFacts,
  type LabelBusiness,
  type LabelFlavor,
  type NutritionEntry,
} from '@/features/admin/jarLabelRules'
import { defaultBatchCode } from '@/features/ordering/batches'

const NUTRITION: NutritionEntry = {
  servingSize: '2 Tbsp (30g)',
  servingsPerContainer: 'about 8',
  calories: 15,
  totalFat: 0,
  saturatedFat: 0,
  transFat: 0,
  cholesterol: 0,
  sodium: 25,
  totalCarbohydrate: 4,
  dietaryFiber: 1,
  totalSugars: 2,
  addedSugars: 0,
  protein: 0,
  vitaminD: 0,
  calcium: 20,
  iron: 0.4,
  potassium: 60,
}

const peachGinger: LabelFlavor = {
  id: 7,
  value: 'peach-ginger',
  name: 'Peach Ginger',
  ingredients: [{ name: 'Purple sea moss' }, { name: 'spring water' }, { name: 'peaches', subIngredients: 'peaches, citric acid' }, { name: 'ginger', subIngredients: '  ' }],
  allergenStatement: 'none',
  nutritionExempt: false,
  nutrition: NUTRITION,
}
const mixedBerry: LabelFlavor = { value: 'mixed-berry', name: 'Mixed Berry', ingredients: [{ name: 'Purple sea moss' }], allergenStatement: 'none', nutritionExempt: true }
const business: LabelBusiness = {
  businessName: 'Purple Sea Moss Co.',
  productName: 'Purple Seamoss Gel',
  labelStreet: '1234 Woodward Ave',
  labelPlace: 'Detroit, MI 48201',
  netQuantity: 'Net Wt 8 oz (227 g)',
  shelfLifeDays: 14,
}
const SITE = 'https://shop.example.com'
const BATCH = { madeOn: '2026-12-05', batchCode: 'B-1205' }

/** What a refused label lacks, or the label when it is printed. */
const missing = (flavor: LabelFlavor, settings = business) => {
  const result = jarLabel(flavor, settings, BATCH, SITE)
  return result.ok ? 'printed' : result.gap
}

describe('jar labels', () => {
  it('carries every element the law asks for: names, net quantity, ingredients in order, allergens, nutrition facts, maker, lot, dates, storage', () => {
    const result = jarLabel(peachGinger, business, { madeOn: '2026-12-05', batchCode: defaultBatchCode('2026-12-05') }, SITE)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const { nutrition, ...lines } = result.label
    expect(lines).toEqual({
      flavor: 'peach-ginger',
      productName: 'Purple Seamoss Gel',
      flavorName: 'Peach Ginger',
      netQuantity: 'Net Wt 8 oz (227 g)',
      ingredients: 'Ingredients: Purple sea moss, spring water, peaches (peaches, citric acid), ginger',
      allergens: '',
      storage: 'Keep refrigerated',
      dates: 'Made Dec 5, 2026 · Best by Dec 19, 2026',
      batchCode: 'Lot B-1205',
      maker: 'Purple Sea Moss Co., 1234 Woodward Ave, Detroit, MI 48201',
      orderUrl: 'https://shop.example.com/order?flavor=peach-ginger',
    })
    expect(nutrition).toMatchObject({ servingSize: '2 Tbsp (30g)', servingsPerContainer: 'about 8', calories: '15' })
    expect(nutrition?.lines.map((line) => [line.label, line.amount, line.dailyValue])).toEqual([
      ['Total Fat', '0g', '0%'],
      ['Saturated Fat', '0g', '0%'],
      ['Trans Fat', '0g', null],
      ['Cholesterol', '0mg', '0%'],
      ['Sodium', '25mg', '1%'],
      ['Total Carbohydrate', '4g', '1%'],
      ['Dietary Fiber', '1g', '4%'],
      ['Total Sugars', '2g', null],
      ['Includes 0g Added Sugars', '', '0%'],
      ['Protein', '0g', null],
      ['Vitamin D', '0mcg', '0%'],
      ['Calcium', '20mg', '2%'],
      ['Iron', '0.4mg', '2%'],
      ['Potassium', '60mg', '2%'],
    ])
  })

  it('rounds vitamins’ and minerals’ %DV in 2, 5 and 10 point steps, the others to the nearest percent', () => {
    expect(dailyValuePercent('calcium', 1300 * 0.07)).toBe('8%')
    expect(dailyValuePercent('iron', 18 * 0.33)).toBe('35%')
    expect(dailyValuePercent('potassium', 4700 * 0.56)).toBe('60%')
    expect(dailyValuePercent('sodium', 2300 * 0.333)).toBe('33%')
    expect(dailyValuePercent('protein', 5)).toBeNull()
  })

  it('prints no panel when the seller declares the small-business exemption', () => {
    const result = jarLabel({ ...peachGinger, nutritionExempt: true, nutrition: null }, business, BATCH, SITE)
    expect(result.ok && result.label.nutrition).toBeNull()
  })

  it('sends a flavor with a Nutrition Facts panel to the 4×6″ roll: a 2″ square has no room for it', () => {
    expect(sheetGap(peachGinger, 'avery-22806')).toEqual({
      subject: 'Peach Ginger',
      missing: ['a label with room for its Nutrition Facts panel (this sheet’s labels are too small to print it legibly)'],
      where: 'Sheet, above: 4×6″ thermal roll: one label per page',
      href: '#label-sheet-kind',
    })
    expect(sheetGap(peachGinger, 'thermal-4x6')).toBeNull()
    expect(sheetGap(mixedBerry, 'avery-22806')).toBeNull()
  })

  it('prints the "Contains:" line with the fish, the shellfish and the tree nuts named', () => {
    const flavor: LabelFlavor = {
      ...peachGinger,
      allergenStatement: 'contains',
      allergens: ['sesame', 'tree-nuts', 'milk', 'fish', 'crustacean-shellfish'],
      fishSpecies: 'cod',
      shellfishSpecies: 'shrimp',
      treeNutKinds: 'almonds, cashews',
    }
    const result = jarLabel(flavor, business, BATCH, SITE)
    expect(result.ok && result.label.allergens).toBe('Contains: Milk, Cod, Shrimp, Almonds, cashews, Sesame')
  })

  it.each([
    ['fish', 'fishSpecies', 'which fish (e.g. "cod")'],
    ['crustacean-shellfish', 'shellfishSpecies', 'which shellfish (e.g. "shrimp")'],
    ['tree-nuts', 'treeNutKinds', 'which tree nuts (e.g. "almonds, cashews")'],
  ] as const)('refuses %s without its species or nut named, and the flavor form refuses it too', (allergen, field, asks) => {
    expect(missing({ ...peachGinger, allergenStatement: 'contains', allergens: ['milk', allergen], [field]: ' ' })).toMatchObject({ subject: 'Peach Ginger', missing: [asks] })
    expect(missing({ ...peachGinger, allergenStatement: 'contains', allergens: [allergen], [field]: 'x' })).toBe('printed')
    expect(allergenNameProblem([allergen], field, '')).toBe(`Name ${asks}: the label must say it.`)
    expect(allergenNameProblem(['milk'], field, '')).toBe(true)
    expect(allergenNameProblem([allergen], field, 'x')).toBe(true)
  })

  it('refuses a flavor whose allergen question is unanswered, or answered "contains" with none chosen, saying where to answer it', () => {
    expect(missing({ ...peachGinger, allergenStatement: null })).toEqual({
      subject: 'Peach Ginger',
      missing: ['the allergen statement (does it contain one of the nine major allergens?)'],
      where: 'Shop → Flavors → Peach Ginger → Label',
      href: '/admin/collections/flavors/7',
    })
    expect(missing({ ...peachGinger, allergenStatement: 'contains', allergens: [] })).toMatchObject({ missing: ['which major allergens it contains'] })
  })

  it('refuses a flavor without ingredients, and one with neither nutrition facts nor the exemption, naming each fact missing', () => {
    expect(missing({ ...peachGinger, ingredients: [{ name: '  ' }] })).toMatchObject({ missing: ['the ingredients'] })
    expect(missing({ ...peachGinger, nutrition: { ...NUTRITION, servingSize: '', sodium: null, addedSugars: undefined } })).toMatchObject({
      missing: ['the nutrition facts (serving size, sodium, added sugars) or the small-business exemption'],
    })
    expect(missing({ value: 'new', name: 'New', id: 9 })).toMatchObject({ missing: [expect.stringContaining('ingredients'), expect.stringContaining('allergen'), expect.stringContaining('nutrition')] })
  })

  it('refuses labels without the maker’s street address, city, state and ZIP code, pointing to Site settings', () => {
    const where = { subject: 'Site settings', where: 'Content → Site settings → Jar labels', href: '/admin/globals/site-settings' }
    expect(missing(mixedBerry, { ...business, labelStreet: null })).toEqual({ ...where, missing: ['the street address'] })
    expect(missing(mixedBerry, { ...business, labelPlace: 'Detroit, MI' })).toEqual({ ...where, missing: ['the ZIP code after the city and state (e.g. "Detroit, MI 48201")'] })
    expect(missing(mixedBerry, { ...business, labelStreet: '', labelPlace: '' })).toEqual({ ...where, missing: ['the street address', 'the city, state and ZIP code'] })
    expect(missing(mixedBerry)).toBe('printed')
  })

  it('counts the best-by day across a month and a year with the seller’s shelf life', () => {
    const result = jarLabel(peachGinger, { ...business, shelfLifeDays: 30 }, { madeOn: '2026-12-20', batchCode: 'B-1220' }, `${SITE}/`)
    expect(result.ok && result.label.dates).toBe('Made Dec 20, 2026 · Best by Jan 19, 2027')
    expect(result.ok && result.label.orderUrl).toBe('https://shop.example.com/order?flavor=peach-ginger')
  })

  it('prints the batch’s own best-by day when it has one, rather than the shelf life’s', () => {
    const result = jarLabel(peachGinger, business, { madeOn: '2026-12-05', bestBy: '2026-12-15', batchCode: 'B-1205' }, SITE)
    expect(result.ok && result.label.dates).toBe('Made Dec 5, 2026 · Best by Dec 15, 2026')
  })

  it('suggests B- and the made-on month and day as the batch code', () => {
    expect(defaultBatchCode('2026-12-05')).toBe('B-1205')
    expect(defaultBatchCode('2027-01-31')).toBe('B-0131')
  })
})

describe('the order page’s ingredients and allergens', () => {
  it('shows each only once the seller has filled it in', () => {
    expect(storefrontLabelFacts({})).toEqual({ ingredients: null, allergens: null })
    expect(storefrontLabelFacts({ ingredients: [{ name: 'Purple sea moss' }, { name: 'peaches', subIngredients: 'peaches, citric acid' }] })).toEqual({
      ingredients: 'Purple sea moss, peaches (peaches, citric acid)',
      allergens: null,
    })
    expect(storefrontLabelFacts({ allergenStatement: 'none' }).allergens).toBe('Contains none of the nine major food allergens')
    expect(storefrontLabelFacts({ allergenStatement: 'contains', allergens: ['tree-nuts'], treeNutKinds: 'coconut' }).allergens).toBe('Contains: Coconut')
    expect(storefrontLabelFacts({ allergenStatement: 'contains', allergens: ['tree-nuts'] }).allergens).toBeNull()
  })
})

describe('the jar labels form', () => {
  const flavors = [peachGinger, mixedBerry]

  it('defaults to today, its batch code and the Avery sheet', () => {
    expect(parseLabelRequest({}, flavors, '2026-12-05')).toEqual({ request: { madeOn: '2026-12-05', bestBy: null, batchCode: 'B-1205', sheet: 'avery-22806', counts: {} }, problems: [] })
  })

  it('reads a made-on day, a batch code, a sheet and a count per flavor', () => {
    const query = { madeOn: '2026-11-30', batch: 'b-1130-2', sheet: 'thermal-4x6', [countField('peach-ginger')]: '12', [countField('mixed-berry')]: '0' }
    expect(parseLabelRequest(query, flavors, '2026-12-05').request).toEqual({ madeOn: '2026-11-30', bestBy: null, batchCode: 'B-1130-2', sheet: 'thermal-4x6', counts: { 'peach-ginger': 12, 'mixed-berry': 0 } })
  })

  it('names each bad input in words the seller can act on', () => {
    const { request, problems } = parseLabelRequest(
      { madeOn: '2026-02-30', batch: 'B 12/05', sheet: 'a4', [countField('peach-ginger')]: '-3', [countField('mixed-berry')]: '2.5' },
      flavors,
      '2026-12-05',
    )
    expect(problems).toEqual([
      '“2026-02-30” is not a date: choose the day the batch was made.',
      'A batch code is letters, digits and dashes, at most 12 (e.g. B-1205).',
      'Choose one of the label sheets listed.',
      'Peach Ginger: the number of labels is a whole number from 0 to 240.',
      'Mixed Berry: the number of labels is a whole number from 0 to 240.',
    ])
    expect(request).toEqual({ madeOn: '2026-12-05', bestBy: null, batchCode: 'B-1205', sheet: 'avery-22806', counts: {} })
  })

  it('reads a best-by day after the made-on day, and names one that is no date or not after it', () => {
    expect(parseLabelRequest({ madeOn: '2026-12-05', bestBy: '2026-12-16' }, flavors, '2026-12-05')).toMatchObject({ request: { bestBy: '2026-12-16' }, problems: [] })
    expect(parseLabelRequest({ madeOn: '2026-12-05', bestBy: 'soon' }, flavors, '2026-12-05')).toMatchObject({
      request: { bestBy: null },
      problems: ['“soon” is not a date: choose the best-by day of the batch, or leave it empty.'],
    })
    expect(parseLabelRequest({ madeOn: '2026-12-05', bestBy: '2026-12-05' }, flavors, '2026-12-05')).toMatchObject({
      request: { bestBy: null },
      problems: ['The best-by day comes after the day the batch was made.'],
    })
  })

  it('is filled in by a batch’s link with its days, its code and a label per jar made, which it reads back', () => {
    const url = batchLabelsUrl({ madeOn: '2026-12-05', bestBy: '2026-12-17', code: 'B-1205', made: [{ flavor: 'peach-ginger', jars: 18 }, { flavor: 'mixed-berry', jars: 0 }] })
    expect(url).toBe('/admin/labels?madeOn=2026-12-05&bestBy=2026-12-17&batch=B-1205&count-peach-ginger=18&count-mixed-berry=0')
    const query = Object.fromEntries(new URL(url, SITE).searchParams)
    expect(parseLabelRequest(query, flavors, '2026-12-24')).toEqual({
      request: { madeOn: '2026-12-05', bestBy: '2026-12-17', batchCode: 'B-1205', sheet: 'avery-22806', counts: { 'peach-ginger': 18, 'mixed-berry': 0 } },
      problems: [],
    })
  })

  it('refuses more labels per flavor, and in all, than one print takes', () => {
    expect(parseLabelRequest({ [countField('peach-ginger')]: String(LABEL_LIMITS.perFlavor + 1) }, flavors, '2026-12-05').problems).toEqual([
      'Peach Ginger: the number of labels is a whole number from 0 to 240.',
    ])
    expect(parseLabelRequest({ [countField('peach-ginger')]: '240', [countField('mixed-berry')]: '241' }, flavors, '2026-12-05').problems).toContain(
      'Mixed Berry: the number of labels is a whole number from 0 to 240.',
    )
    const many = parseLabelRequest({ [countField('peach-ginger')]: '240', [countField('mixed-berry')]: '240' }, flavors, '2026-12-05')
    expect(many.problems).toEqual([])
    expect(parseLabelRequest({ [countField('peach-ginger')]: '240', [countField('mixed-berry')]: '240', [countField('x')]: '1' }, [...flavors, { value: 'x', name: 'X' }], '2026-12-05').problems).toEqual([
      'That is 481 labels: print at most 480 at a time.',
    ])
  })

  it('cuts the labels into pages of the sheet', () => {
    const labels = Array.from({ length: 13 }, (_, index) => index)
    expect(labelPages(labels, 'avery-22806').map((page) => page.length)).toEqual([12, 1])
    expect(labelPages(labels.slice(0, 3), 'thermal-4x6')).toEqual([[0], [1], [2]])
  })
})
