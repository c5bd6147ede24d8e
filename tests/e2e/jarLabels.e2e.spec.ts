// Admin → Jar labels: the seller asks for labels per flavor and gets that many, each with every
// element the law asks of a packaged food and a QR code (decoded here from a screenshot) that opens
// the order form with its flavor chosen. Peach Ginger and Mixed Berry (with almonds) get complete
// labels under the small-business exemption, and the maker a street address, for these tests;
// Peach Ginger gets nutrition facts where a test prints its panel; Pineapple Mango keeps none. The flavors and Site settings are put back as they were afterwards.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Locator } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'

import { expect, test, withAdminSession } from './fixtures'
import { ingredientRows, MAKER, NUTRITION, setLabelFacts, setMakerAddress, type LabelFacts } from './labelFacts'

/** Where the pictures and the PDF go: E2E_SHOTS when set (to look at them), else a temporary folder. */
const SHOTS = process.env.E2E_SHOTS ?? path.join(os.tmpdir(), 'seamoss-e2e-shots')

const COMPLETE: Record<string, LabelFacts> = {
  'peach-ginger': {
    ingredients: ingredientRows('Purple sea moss', 'spring water', ['peaches', 'peaches, citric acid'], 'ginger'),
    allergenStatement: 'none',
    nutritionExempt: true,
  },
  'mixed-berry': {
    ingredients: ingredientRows('Purple sea moss', 'spring water', 'blueberries', 'raspberries', 'almond butter'),
    allergenStatement: 'contains',
    allergens: ['tree-nuts'],
    treeNutKinds: 'almonds',
    nutritionExempt: true,
  },
}

/** What the QR code in `element` says, read from a screenshot of it as a phone camera would. */
async function decodeQr(element: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await element.screenshot())
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)?.data
}

const shot = (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true })
  return path.join(SHOTS, name)
}

test.describe.configure({ timeout: 120_000 })
// A 2″ label's code is 0.62″ across: at two device pixels per CSS pixel a screenshot resolves its
// modules as a phone camera resolves the printed ones.
test.use({ deviceScaleFactor: 2 })
test.beforeEach(async ({ request }) => {
  await setLabelFacts(request, COMPLETE)
  await setMakerAddress(request, MAKER)
})
test.afterEach(async ({ request }) => {
  await setLabelFacts(request, {})
  await setMakerAddress(request, null)
})

test('the seller prints as many labels as asked, each with every line and a QR code to its flavor', async ({ page, baseURL }) => {
  await withAdminSession(page)
  await page.goto('/admin/labels')
  await expect(page.getByRole('heading', { name: 'Jar labels' })).toBeVisible()
  await page.getByLabel('Made on').fill('2026-12-05')
  await page.getByLabel('Batch code').fill('B-1205')
  await page.getByLabel('Peach Ginger').fill('3')
  await page.getByLabel('Mixed Berry').fill('2')
  await page.getByRole('button', { name: 'Show labels' }).click()

  const labels = page.getByTestId('jar-label')
  await expect(labels).toHaveCount(5)
  await expect(page.getByText('5 labels on 1 page.')).toBeVisible()
  await expect(page.locator('[data-flavor="peach-ginger"]')).toHaveCount(3)
  await expect(page.locator('[data-flavor="mixed-berry"]')).toHaveCount(2)

  const label = page.locator('[data-flavor="peach-ginger"]').first()
  for (const line of [
    'Purple Seamoss Gel',
    'Peach Ginger',
    'Net Wt 8 oz (227 g)',
    'Ingredients: Purple sea moss, spring water, peaches (peaches, citric acid), ginger',
    'Keep refrigerated',
    'Made Dec 5, 2026 · Best by Dec 19, 2026',
    'Lot B-1205',
    'Purple Sea Moss Co., 1234 Woodward Ave, Detroit, MI 48201',
  ])
    await expect(label.getByText(line, { exact: true })).toBeVisible()
  // Contains none of the major allergens: no "Contains:" line; exempt as a small business: no panel.
  await expect(label.getByText(/^Contains/)).toHaveCount(0)
  await expect(label.getByTestId('nutrition-facts')).toHaveCount(0)
  await expect(page.locator('[data-flavor="mixed-berry"]').first().getByText('Contains: Almonds', { exact: true })).toBeVisible()
  await expectNothingCutOff(labels)

  expect(await decodeQr(label.locator('.jar-label__qr'))).toBe(`${baseURL}/order?flavor=peach-ginger`)
  expect(await decodeQr(page.locator('[data-flavor="mixed-berry"]').last().locator('.jar-label__qr'))).toBe(`${baseURL}/order?flavor=mixed-berry`)

  await page.screenshot({ path: shot('labels-1280.png'), fullPage: true })
  await page.screenshot({ path: shot('labels-guide.png'), fullPage: true, scale: 'css', clip: { x: 0, y: 0, width: 1280, height: 1120 } })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: shot('labels-390.png'), fullPage: true })

  // As printed: only the sheet, on US Letter paper.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('.jar-labels__form')).toBeHidden()
  await page.screenshot({ path: shot('labels-print.png'), fullPage: true })
  const letter = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  fs.writeFileSync(shot('labels-avery-22806.pdf'), letter)
  expect(pageSizes(letter)).toEqual([[612, 792]])
})

test('a 4×6 roll prints one label per 4×6 page, with the Nutrition Facts panel a 2″ square has no room for', async ({ page, request }) => {
  await setLabelFacts(request, { ...COMPLETE, 'peach-ginger': { ...COMPLETE['peach-ginger'], nutritionExempt: false, nutrition: NUTRITION } })
  await withAdminSession(page)
  await page.goto('/admin/labels?madeOn=2026-12-05&count-peach-ginger=2')
  await expect(page.getByTestId('label-gaps')).toContainText(
    'Peach Ginger lacks a label with room for its Nutrition Facts panel (this sheet’s labels are too small to print it legibly): Sheet, above: 4×6″ thermal roll: one label per page.',
  )
  await expect(page.getByTestId('jar-label')).toHaveCount(0)

  await page.goto('/admin/labels?madeOn=2026-12-05&sheet=thermal-4x6&count-peach-ginger=2')
  await expect(page.getByTestId('jar-label')).toHaveCount(2)
  const facts = page.getByTestId('nutrition-facts').first()
  await expect(facts).toContainText('Nutrition Facts')
  await expect(facts).toContainText('Servings: about 8')
  await expect(facts).toContainText('Serv. size 2 Tbsp (30g)')
  await expect(facts.locator('li')).toHaveCount(14)
  await expect(facts.locator('li').filter({ hasText: 'Sodium 25mg' })).toContainText('1% DV')
  await expect(facts.locator('li').filter({ hasText: 'Includes 0g Added Sugars' })).toContainText('0% DV')
  await expectNothingCutOff(page.getByTestId('jar-label'))
  await page.screenshot({ path: shot('labels-thermal-1280.png'), fullPage: true })
  await page.emulateMedia({ media: 'print' })
  const roll = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  fs.writeFileSync(shot('labels-thermal-4x6.pdf'), roll)
  expect(pageSizes(roll)).toEqual([
    [288, 432],
    [288, 432],
  ])
})

test('a label without its allergen statement is refused, saying what and where; answered in the Label tab, it prints', async ({ page, request }) => {
  await setLabelFacts(request, { ...COMPLETE, 'peach-ginger': { ...COMPLETE['peach-ginger'], allergenStatement: null, nutritionExempt: false, nutrition: NUTRITION } })
  await withAdminSession(page)
  const sheet = '/admin/labels?madeOn=2026-12-05&batch=B-1205&sheet=thermal-4x6&count-peach-ginger=1&count-mixed-berry=1'
  await page.goto(sheet)
  const gaps = page.getByTestId('label-gaps')
  await expect(gaps.getByRole('listitem')).toHaveText([
    'Peach Ginger lacks the allergen statement (does it contain one of the nine major allergens?): Shop → Flavors → Peach Ginger → Label.',
  ])
  await expect(page.getByTestId('jar-label')).toHaveCount(0)
  await page.screenshot({ path: shot('labels-refused-1280.png'), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: shot('labels-refused-390.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })

  await gaps.getByRole('link', { name: 'Shop → Flavors → Peach Ginger → Label' }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/flavors\/\d+$/)
  await expect(page.locator('form[data-form-ready="true"]')).toBeAttached()
  await page.getByRole('button', { name: 'Label', exact: true }).click()
  await expect(page.getByText('Major food allergens')).toBeVisible()
  // The ingredients in their order by weight, each row titled with its place, name and what it is made of.
  await expect(page.getByText('3. peaches (peaches, citric acid)', { exact: true })).toBeVisible()
  await page.screenshot({ path: shot('flavor-label-tab-1280.png'), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: shot('flavor-label-tab-390.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByText('It contains none of the nine major allergens', { exact: true }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Updated successfully.')).toBeVisible()

  await page.goto(sheet)
  await expect(page.getByTestId('label-gaps')).toHaveCount(0)
  await expect(page.getByTestId('jar-label')).toHaveCount(2)
  await expect(page.locator('[data-flavor="peach-ginger"]').getByTestId('nutrition-facts')).toBeVisible()
  await expect(page.locator('[data-flavor="mixed-berry"]').getByText('Contains: Almonds', { exact: true })).toBeVisible()
  await page.screenshot({ path: shot('labels-complete-1280.png'), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: shot('labels-complete-390.png'), fullPage: true })
})

test('a flavor with nothing on its Label tab, and a maker without a street, are named with all they lack; bad input gets a clear message', async ({ page, request }) => {
  await setMakerAddress(request, null)
  await withAdminSession(page)
  await page.goto('/admin/labels?madeOn=2026-12-05&count-pineapple-mango=4&count-peach-ginger=1')
  const gaps = page.getByTestId('label-gaps')
  await expect(gaps.getByRole('listitem')).toHaveCount(2)
  await expect(gaps.getByRole('listitem').first()).toContainText(
    'Pineapple Mango lacks the ingredients; the allergen statement (does it contain one of the nine major allergens?); the nutrition facts (serving size, servings per container, calories,',
  )
  await expect(gaps.getByRole('listitem').last()).toHaveText(
    'Site settings lacks the street address; the ZIP code after the city and state (e.g. "Detroit, MI 48201"): Content → Site settings → Jar labels.',
  )
  await expect(gaps.getByRole('link', { name: 'Content → Site settings → Jar labels' })).toHaveAttribute('href', '/admin/globals/site-settings')
  await expect(page.getByTestId('jar-label')).toHaveCount(0)

  const response = await page.goto('/admin/labels?madeOn=2026-13-45&count-peach-ginger=-2&count-mixed-berry=999')
  expect(response?.status()).toBe(200)
  const alert = page.getByRole('alert').filter({ hasText: 'Nothing to print yet' })
  await expect(alert).toContainText('“2026-13-45” is not a date: choose the day the batch was made.')
  await expect(alert).toContainText('Peach Ginger: the number of labels is a whole number from 0 to 240.')
  await expect(alert).toContainText('Mixed Berry: the number of labels is a whole number from 0 to 240.')
  await expect(page.getByTestId('jar-label')).toHaveCount(0)
})

test('a visitor who is not signed in is sent to the login page', async ({ browser, baseURL }) => {
  const visitor = await browser.newContext({ baseURL })
  const page = await visitor.newPage()
  await page.goto('/admin/labels?count-peach-ginger=3')
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Flabels/)
  await expect(page.getByTestId('jar-label')).toHaveCount(0)
  await visitor.close()
})

test('/order shows a filled flavor’s ingredients and allergens, in its structured data too, and nothing for a flavor left empty', async ({ page }) => {
  await page.goto('/order')
  const card = (name: string) => page.getByTestId('flavor-cards').getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
  await expect(card('Mixed Berry').getByTestId('flavor-ingredients')).toHaveText('Ingredients: Purple sea moss, spring water, blueberries, raspberries, almond butter')
  await expect(card('Mixed Berry').getByTestId('flavor-allergens')).toHaveText('Contains: Almonds')
  await expect(card('Peach Ginger').getByTestId('flavor-allergens')).toHaveText('Contains none of the nine major food allergens')
  await expect(card('Pineapple Mango').getByTestId('flavor-ingredients')).toHaveCount(0)
  await expect(card('Pineapple Mango').getByTestId('flavor-allergens')).toHaveCount(0)
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  const graph = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@graph'])?.['@graph']
  type Product = { name: string; additionalProperty: { name: string; value: string }[] }
  expect((graph as Product[]).map((product) => product.name).sort()).toEqual(['Purple Seamoss Gel: Mixed Berry', 'Purple Seamoss Gel: Peach Ginger'])
  expect((graph as Product[]).find((product) => product.name.endsWith('Mixed Berry'))?.additionalProperty).toEqual([
    { '@type': 'PropertyValue', name: 'Ingredients', value: 'Purple sea moss, spring water, blueberries, raspberries, almond butter' },
    { '@type': 'PropertyValue', name: 'Allergens', value: 'Contains: Almonds' },
  ])
  await card('Mixed Berry').scrollIntoViewIfNeeded()
  await page.screenshot({ path: shot('order-ingredients-1280.png'), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await card('Mixed Berry').scrollIntoViewIfNeeded()
  await page.screenshot({ path: shot('order-ingredients-390.png'), fullPage: true })
})

test("a label's address opens the order form with its flavor chosen for Jar 1", async ({ page }) => {
  await page.goto('/order?flavor=peach-ginger')
  await expect(page.getByLabel('Jar 1 flavor *')).toHaveValue('peach-ginger')
})

/** Each label's content fits inside it: nothing runs off its edge (where the paper would cut it). */
async function expectNothingCutOff(labels: Locator) {
  for (const label of await labels.all()) expect(await label.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true)
}

/** Each page's size in points, from the PDF's page objects (Chromium writes one MediaBox per page). */
function pageSizes(pdf: Buffer): number[][] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((match) => [Math.round(Number(match[1])), Math.round(Number(match[2]))])
}
