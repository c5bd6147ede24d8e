import { describe, expect, it } from 'vitest'

import { batchLabelsUrl, countField, jarLabel, labelPages, LABEL_LIMITS, parseLabelRequest, type LabelBusiness } from '@/features/admin/jarLabelRules'
import { defaultBatchCode } from '@/features/ordering/batches'

const peachGinger = { value: 'peach-ginger', name: 'Peach Ginger', ingredients: 'Purple sea moss, spring water, organic peaches, ginger', allergens: 'None' }
const mixedBerry = { value: 'mixed-berry', name: 'Mixed Berry', ingredients: 'Purple sea moss, spring water, blueberries', allergens: null }
const business: LabelBusiness = {
  businessName: 'Purple Sea Moss Co.',
  productName: 'Purple Seamoss Gel',
  labelPlace: 'Detroit, MI',
  netQuantity: 'Net Wt 8 oz (227 g)',
  shelfLifeDays: 14,
}
const SITE = 'https://shop.example.com'

describe('jar labels', () => {
  it('carries every required line for a flavor and a batch, best by the shelf life after the made-on day', () => {
    const result = jarLabel(peachGinger, business, { madeOn: '2026-12-05', batchCode: defaultBatchCode('2026-12-05') }, SITE)
    expect(result).toEqual({
      ok: true,
      label: {
        flavor: 'peach-ginger',
        productName: 'Purple Seamoss Gel',
        flavorName: 'Peach Ginger',
        netQuantity: 'Net Wt 8 oz (227 g)',
        ingredients: 'Ingredients: Purple sea moss, spring water, organic peaches, ginger',
        allergens: 'Allergens: None',
        storage: 'Keep refrigerated',
        dates: 'Made Dec 5, 2026 · Best by Dec 19, 2026',
        batchCode: 'Batch B-1205',
        maker: 'Purple Sea Moss Co. · Detroit, MI',
        orderUrl: 'https://shop.example.com/order?flavor=peach-ginger',
      },
    })
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

  it('leaves out the allergens line when the seller lists none', () => {
    const result = jarLabel(mixedBerry, business, { madeOn: '2026-12-05', batchCode: 'B-1205' }, SITE)
    expect(result.ok && result.label.allergens).toBe('')
  })

  it('refuses a flavor without ingredients, naming it and where to add them', () => {
    expect(jarLabel({ ...peachGinger, ingredients: '  ' }, business, { madeOn: '2026-12-05', batchCode: 'B-1205' }, SITE)).toEqual({
      ok: false,
      problem: 'Peach Ginger has no ingredients: add them in Shop → Flavors → Peach Ginger, then print again.',
    })
  })

  it('refuses labels without the business’s city and state', () => {
    const result = jarLabel(peachGinger, { ...business, labelPlace: null }, { madeOn: '2026-12-05', batchCode: 'B-1205' }, SITE)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problem).toContain('Site settings → Jar labels')
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
