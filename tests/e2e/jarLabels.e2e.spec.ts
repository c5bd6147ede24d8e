// Admin → Jar labels: the seller asks for labels per flavor and gets that many, each with every
// line a jar needs and a QR code (decoded here from a screenshot) that opens the order form with
// its flavor chosen. Peach Ginger and Mixed Berry get ingredients for these tests; Pineapple Mango
// keeps none. The flavors are put back as they were afterwards.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { APIRequestContext, Locator } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'

import { adminApi, expect, loginToAdmin, test } from './fixtures'

/** Where the pictures and the PDF go: E2E_SHOTS when set (to look at them), else a temporary folder. */
const SHOTS = process.env.E2E_SHOTS ?? path.join(os.tmpdir(), 'seamoss-e2e-shots')

const INGREDIENTS: Record<string, { ingredients: string; allergens: string }> = {
  'peach-ginger': { ingredients: 'Purple sea moss, spring water, organic peaches, ginger', allergens: 'None' },
  'mixed-berry': { ingredients: 'Purple sea moss, spring water, blueberries, raspberries', allergens: 'None' },
}

type FlavorDoc = { id: number; value: string; ingredients?: string | null; allergens?: string | null }

async function setIngredients(request: APIRequestContext, values: typeof INGREDIENTS | null) {
  const { docs } = (await adminApi(request, 'GET', '/api/flavors?depth=0&limit=0')) as { docs: FlavorDoc[] }
  for (const flavor of docs) {
    const set = values?.[flavor.value] ?? { ingredients: null, allergens: null }
    await adminApi(request, 'PATCH', `/api/flavors/${flavor.id}`, set)
  }
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
test.beforeEach(async ({ request }) => setIngredients(request, INGREDIENTS))
test.afterEach(async ({ request }) => setIngredients(request, null))

test('the seller prints as many labels as asked, each with every line and a QR code to its flavor', async ({ page, baseURL }) => {
  await loginToAdmin(page)
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
    'Ingredients: Purple sea moss, spring water, organic peaches, ginger',
    'Allergens: None',
    'Keep refrigerated',
    'Made Dec 5, 2026 · Best by Dec 19, 2026',
    'Batch B-1205',
    'Purple Sea Moss Co. · Detroit, MI',
  ])
    await expect(label.getByText(line, { exact: true })).toBeVisible()

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

test('a 4×6 roll prints one label per 4×6 page', async ({ page }) => {
  await loginToAdmin(page)
  await page.goto('/admin/labels?madeOn=2026-12-05&sheet=thermal-4x6&count-peach-ginger=2')
  await expect(page.getByTestId('jar-label')).toHaveCount(2)
  await page.screenshot({ path: shot('labels-thermal-1280.png'), fullPage: true })
  await page.emulateMedia({ media: 'print' })
  const roll = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  fs.writeFileSync(shot('labels-thermal-4x6.pdf'), roll)
  expect(pageSizes(roll)).toEqual([
    [288, 432],
    [288, 432],
  ])
})

test('a flavor without ingredients, and bad input, get a clear message and no labels', async ({ page }) => {
  await loginToAdmin(page)
  await page.goto('/admin/labels?madeOn=2026-12-05&count-pineapple-mango=4&count-peach-ginger=1')
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing to print yet' })).toContainText('Pineapple Mango has no ingredients: add them in Shop → Flavors → Pineapple Mango, then print again.')
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

test("a label's address opens the order form with its flavor chosen for Jar 1", async ({ page }) => {
  await page.goto('/order?flavor=peach-ginger')
  await expect(page.getByLabel('Jar 1 flavor *')).toHaveValue('peach-ginger')
})

/** Each page's size in points, from the PDF's page objects (Chromium writes one MediaBox per page). */
function pageSizes(pdf: Buffer): number[][] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((match) => [Math.round(Number(match[1])), Math.round(Number(match[2]))])
}
