// A batch's screen in the admin: what to make next, from the last four weeks' orders and the
// e-mail list, and the "Print jar labels" link that opens Jar labels filled in from the batch (its
// days, its code, a label per jar made). Two orders are placed through the order form and dated
// back into the four weeks; they, the subscribers, the batch, the flavors' labels and the maker's address are put
// back as they were afterwards.
import fs from 'node:fs'
import path from 'node:path'

import type { APIRequestContext, Locator, Page } from '@playwright/test'

import { waitingListUplift } from '@/features/admin/nextBatchRules'

import { adminApi, adminToken, expect, openAdminDocument, test, withAdminSession } from './fixtures'
import { ingredientRows, MAKER, setLabelFacts, setMakerAddress } from './labelFacts'

const CUSTOMER = 'Nell Nextbatch'
const SUBSCRIBERS = 30

type Doc = { id: number; value?: string }

/** With E2E_SHOTS set to a folder, the screenshots this test takes are saved there; without, none. */
async function shot(target: Page | Locator, name: string, fullPage = false): Promise<void> {
  const folder = process.env.E2E_SHOTS
  if (!folder) return
  fs.mkdirSync(folder, { recursive: true })
  await target.screenshot({ path: path.join(folder, name), ...(fullPage ? { fullPage } : {}) })
}

/** Three jars, picked up: Mixed Berry and Peach Ginger twice. */
async function placeOrder(page: Page, email: string) {
  await page.goto('/order?qty=3')
  await page.getByLabel('Jar 1 flavor *').selectOption({ label: 'Mixed Berry' })
  await page.getByLabel('Jar 2 flavor *').selectOption({ label: 'Peach Ginger' })
  await page.getByLabel('Jar 3 flavor *').selectOption({ label: 'Peach Ginger' })
  await page.getByRole('radio', { name: 'Pickup' }).check()
  await page.getByLabel('Full name *').fill(CUSTOMER)
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill('(313) 555-0177')
  await page.getByLabel('Address *').fill('12 Elm St')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48201')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')
}

async function remove(request: APIRequestContext, collection: string, where: string) {
  const { docs } = (await adminApi(request, 'GET', `/api/${collection}?${where}&pagination=false&depth=0`)) as { docs: Doc[] }
  const token = await adminToken(request)
  for (const doc of docs) {
    const response = await request.delete(`/api/${collection}/${doc.id}`, { headers: { Authorization: `JWT ${token}` } })
    expect(response.ok(), `DELETE ${collection} ${doc.id} → ${response.status()}`).toBeTruthy()
  }
}

/** Complete labels for every flavor (or none, as seeded), and the maker's address they need. */
async function setCompleteLabels(request: APIRequestContext, complete: boolean) {
  const label = { ingredients: ingredientRows('Purple sea moss', 'spring water', 'fruit'), allergenStatement: 'none', nutritionExempt: true }
  await setLabelFacts(request, complete ? { 'mixed-berry': label, 'peach-ginger': label, 'pineapple-mango': label } : {})
  await setMakerAddress(request, complete ? MAKER : null)
}

async function cleanUp(request: APIRequestContext) {
  await remove(request, 'batches', 'where[code][equals]=B-1120')
  await remove(request, 'orders', `where[fullName][equals]=${encodeURIComponent(CUSTOMER)}`)
  await remove(request, 'email-captures', 'where[email][like]=nextbatch-')
  await setCompleteLabels(request, false)
}

/** The e-mail list's people who did not unsubscribe, as the admin's REST API lists them. */
async function waitingListSize(request: Parameters<typeof adminApi>[0]): Promise<number> {
  const { docs: people } = (await adminApi(request, 'GET', '/api/email-captures?depth=0&limit=0&pagination=false')) as { docs: { email: string }[] }
  const { docs: off } = (await adminApi(request, 'GET', '/api/unsubscribes?depth=0&limit=0&pagination=false')) as { docs: { email: string }[] }
  const unsubscribed = new Set(off.map((entry) => entry.email.trim().toLowerCase()))
  return people.filter((person) => !unsubscribed.has(person.email.trim().toLowerCase())).length
}

test.describe.configure({ timeout: 180_000 })
test.afterEach(async ({ request }) => cleanUp(request))

test('a batch shows what to make next, and its labels link opens them with its dates, code and jars', async ({ page, request }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '10.37.0.1' })
  await placeOrder(page, 'nell1@example.com')
  await placeOrder(page, 'nell2@example.com')
  // Into the four weeks read (today is not a whole day yet): 3 and 10 days back.
  const { docs: orders } = (await adminApi(request, 'GET', `/api/orders?where[fullName][equals]=${encodeURIComponent(CUSTOMER)}&depth=0`)) as { docs: Doc[] }
  expect(orders).toHaveLength(2)
  for (const [index, order] of orders.entries()) {
    await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { createdAt: new Date(Date.now() - (3 + 7 * index) * 24 * 3600_000).toISOString() })
  }
  for (let person = 0; person < SUBSCRIBERS; person++) {
    await adminApi(request, 'POST', '/api/email-captures', { name: `Person ${person}`, email: `nextbatch-${person}@example.com`, discount_code: `HC25${String(900000 + person)}` })
  }
  await setCompleteLabels(request, true)

  const { docs: flavors } = (await adminApi(request, 'GET', '/api/flavors?depth=0&limit=0')) as { docs: Doc[] }
  const id = (value: string) => flavors.find((flavor) => flavor.value === value)!.id
  const { doc: batch } = (await adminApi(request, 'POST', '/api/batches', {
    madeOn: '2026-11-20T12:00:00.000Z',
    bestBy: '2026-12-02T12:00:00.000Z',
    code: 'B-1120',
    announce: false,
    flavors: [
      { flavor: id('mixed-berry'), made: 4 },
      { flavor: id('peach-ginger'), made: 6 },
    ],
  })) as { doc: Doc }

  await withAdminSession(page)
  await openAdminDocument(page, `/admin/collections/batches/${batch.id}`)
  const panel = page.getByTestId('next-batch')
  await expect(panel.getByRole('heading', { name: 'What to make next' })).toBeVisible()
  // 2 Mixed Berry and 4 Peach Ginger in four weeks: 0.5 and 1 a week, for the 8 days a batch sells,
  // + 3% for 30 people on the list (up to 20% for more): 2 × 8/28 × 1.03 = 0.59 → 1 jar; 4 × 8/28 × 1.03 = 1.18 → 2.
  const figures = (flavor: string) => panel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: flavor }) }).getByRole('cell')
  await expect(figures('Mixed Berry')).toHaveText(['0.5', '1'])
  await expect(figures('Peach Ginger')).toHaveText(['1', '2'])
  await expect(figures('Pineapple Mango')).toHaveText(['0', '0'])
  // The list also holds whoever the suite's other files signed up: the line names everyone waiting.
  const waiting = await waitingListSize(request)
  expect(waiting).toBeGreaterThanOrEqual(SUBSCRIBERS)
  await expect(page.getByTestId('next-batch-how')).toHaveText(
    `Sold 0.5/wk Mixed Berry, 0/wk Pineapple Mango, 1/wk Peach Ginger in the last 4 weeks, for the 8 days a batch sells (a 14-day shelf life, no orders with fewer than 7 days left), + ${waitingListUplift(waiting)}% for ${waiting} people on the e-mail list; rounded up to whole jars.`,
  )
  await panel.scrollIntoViewIfNeeded()
  await shot(page, 'batch-1280.png', true)
  await shot(panel, 'batch-suggestion-1280.png')
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, 'batch-390.png', true)
  await shot(panel, 'batch-suggestion-390.png')
  await page.setViewportSize({ width: 1280, height: 800 })

  await panel.getByRole('link', { name: 'Print jar labels' }).click()
  await expect(page).toHaveURL(/\/admin\/labels\?madeOn=2026-11-20&bestBy=2026-12-02&batch=B-1120&count-mixed-berry=4&count-peach-ginger=6$/)
  await expect(page.getByLabel('Made on')).toHaveValue('2026-11-20')
  await expect(page.getByLabel('Best by')).toHaveValue('2026-12-02')
  await expect(page.getByLabel('Batch code')).toHaveValue('B-1120')
  await expect(page.getByLabel('Mixed Berry')).toHaveValue('4')
  await expect(page.getByLabel('Peach Ginger')).toHaveValue('6')
  await expect(page.getByTestId('jar-label')).toHaveCount(10)
  // The batch's own best-by day (Dec 2), not the made-on day plus the 14-day shelf life (Dec 4).
  const label = page.locator('[data-flavor="peach-ginger"]').first()
  await expect(label.getByText('Made Nov 20, 2026 · Best by Dec 2, 2026', { exact: true })).toBeVisible()
  await expect(label.getByText('Lot B-1120', { exact: true })).toBeVisible()
  await shot(page, 'labels-from-batch-1280.png', true)
})
