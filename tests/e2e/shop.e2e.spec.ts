// The seller's Shop group in the admin (Flavors, Prices, Batches) drives what /order offers and
// what it charges. Each test edits the shop through the admin's own screens, as the seller would,
// and checks the public site and the e-mails. Everything is put back (prices 20/50/100/5, an open
// batch without a jar limit, the launch flavors available, added flavors deleted) in `finally` and again in `afterAll`,
// so the spec files that run after this one (site, survivesFailure, …) see the seed.
import type { BrowserContext, Page } from '@playwright/test'

import type { Batch } from '@/payload-types'

import { addBatch, adminRestFrom, batchOpenNow, expect, openAdminDocument, openAdminList, sellWithoutLimit, test, waitForMail, withAdminSession } from './fixtures'

const LAUNCH_PRICES = { oneJarPrice: 20, threeJarPrice: 50, sixJarPrice: 100, deliveryFee: 5 }
const NEW_PRICES = { oneJarPrice: 22, threeJarPrice: 60, sixJarPrice: 110, deliveryFee: 6 }
const LAUNCH_FLAVORS = ['mixed-berry', 'pineapple-mango', 'peach-ginger']
/** Keys of flavors this file adds: deleted again at the end. */
const ADDED_KEY_PREFIX = 'e2e-shop-'

type Flavor = { id: number | string; value: string; name: string; available?: boolean | null }

// One admin sign-in for the REST calls of this file, from an address of its own.
const api = adminRestFrom('10.66.0.1')

const flavors = async () => (await api('GET', '/api/flavors?limit=0&pagination=false&depth=0')).docs as Flavor[]
const batchRules = async () => (await api('GET', '/api/globals/stock?depth=0')) as { soldOutMessage: string }
const jarsLeftIn = async (batch: Batch) => ((await api('GET', `/api/batches/${batch.id}?depth=0`)) as Batch).jarsLeft
const ordersOf = async (email: string) =>
  (await api('GET', `/api/orders?depth=0&where[email][equals]=${encodeURIComponent(email)}`)) as { totalDocs: number; docs: Record<string, unknown>[] }

/** The shop as the seed made it; safe to call any number of times. */
async function restoreShop() {
  await api('POST', '/api/globals/pricing', LAUNCH_PRICES)
  await sellWithoutLimit(api)
  for (const flavor of await flavors()) {
    if (flavor.value.startsWith(ADDED_KEY_PREFIX)) await api('DELETE', `/api/flavors/${flavor.id}`)
    else if (LAUNCH_FLAVORS.includes(flavor.value) && flavor.available === false) await api('PATCH', `/api/flavors/${flavor.id}`, { available: true })
  }
}

test.afterAll(async () => {
  await restoreShop()
  const shop = { pricing: await api('GET', '/api/globals/pricing?depth=0'), batch: await batchOpenNow(api), flavors: await flavors() }
  expect(shop.pricing).toMatchObject(LAUNCH_PRICES)
  expect(shop.batch).toMatchObject({ jarsLeft: null, flavors: [], closesAt: null })
  expect(shop.flavors.map((flavor) => [flavor.value, flavor.available])).toEqual(LAUNCH_FLAVORS.map((value) => [value, true]))
})

// Each test is its own visitor (and its own admin address) for the per-client limits.
test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.55.${testInfo.retry}.${testInfo.title.length}` })
})

/** The seller's admin in a tab of its own, signed in (the worker's kept session). */
async function openAdmin(context: BrowserContext): Promise<Page> {
  const admin = await context.newPage()
  await withAdminSession(admin)
  return admin
}

async function saveInAdmin(admin: Page, saved: string | RegExp = 'Updated successfully.') {
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByText(saved)).toBeVisible()
}

/** Shop → Prices: the four amounts, saved. */
async function setPricesInAdmin(admin: Page, prices: typeof NEW_PRICES) {
  await openAdminDocument(admin, '/admin/globals/pricing')
  await admin.getByLabel('Price of 1 jar').fill(String(prices.oneJarPrice))
  await admin.getByLabel('Price of 3 jars').fill(String(prices.threeJarPrice))
  await admin.getByLabel('Price of 6 jars').fill(String(prices.sixJarPrice))
  await admin.getByLabel('Delivery fee').fill(String(prices.deliveryFee))
  await saveInAdmin(admin)
}

/** Shop → Batches → the batch: its "Jars left to sell (all flavors together)", saved. */
async function setJarsInAdmin(admin: Page, batch: Batch, jars: number) {
  await openAdminDocument(admin, `/admin/collections/batches/${batch.id}`)
  await admin.getByLabel('Jars left to sell (all flavors together)').fill(String(jars))
  await saveInAdmin(admin)
  await expect.poll(() => jarsLeftIn(batch)).toBe(jars)
}

const jarSelect = (page: Page, jar: number) => page.getByLabel(`Jar ${jar} flavor *`)
const packageRadio = (page: Page, quantity: number) => page.locator(`#order-qty-${quantity}`)
const failure = (page: Page) => page.locator('[role=alert][data-testid=form-message]')
const success = (page: Page) => page.locator('[role=status][data-testid=form-message]')
const summaryRow = (page: Page, label: string | RegExp) => page.getByTestId('order-summary').locator('div').filter({ has: page.locator('dt', { hasText: label }) })

/** Every required field but the package and flavors, as order.e2e.spec.ts fills them. */
async function fillDetails(page: Page, email: string, fullName = 'Shona Shop') {
  await page.getByRole('radio', { name: 'Delivery' }).check()
  await page.getByLabel('Full name *').fill(fullName)
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill('(313) 555-0123')
  await page.getByLabel('Address *').fill('1 Campus Martius')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48226')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
}

/** What Next's page cache answered each page's last load with (its `x-nextjs-cache`: HIT, STALE, MISS). */
const lastOrderPageCache = new WeakMap<Page, string | undefined>()

/** /order, reloaded until `ready` holds; the admin's edits must show within 15 s. */
function pollOrderPage<T>(page: Page, read: () => Promise<T>, path = '/order') {
  return expect.poll(
    async () => {
      const response = await page.goto(path)
      lastOrderPageCache.set(page, response?.headers()['x-nextjs-cache'])
      return read()
    },
    { timeout: 15_000, intervals: [250, 500, 1000] },
  )
}

const optionTexts = (page: Page) => jarSelect(page, 1).locator('option').allTextContents()

test('a flavor switched off in the admin shows as sold out on /order, its save expiring the page, and cannot be chosen', async ({ page, context }) => {
  test.setTimeout(90_000)
  const email = `sold-out-flavor-${Date.now()}@example.com`
  // A visitor who opened the page while Peach Ginger was still on offer.
  await page.goto('/order')
  await expect(jarSelect(page, 1).getByRole('option', { name: 'Peach Ginger', exact: true })).toBeEnabled()
  await jarSelect(page, 1).selectOption({ label: 'Peach Ginger' })
  await fillDetails(page, email)

  const admin = await openAdmin(context)
  try {
    await openAdminList(admin, 'flavors')
    await admin.getByRole('link', { name: 'Peach Ginger', exact: true }).click()
    await expect(admin).toHaveURL(/\/admin\/collections\/flavors\/\d+/)
    // Payload reopens a document on the tab last used there (jarLabels.e2e leaves Peach Ginger on Label).
    await expect(admin.locator('form[data-form-ready="true"]')).toBeAttached()
    await admin.getByRole('button', { name: 'Flavor', exact: true }).click()
    const available = admin.getByRole('checkbox', { name: 'Available' })
    await expect(available).toBeChecked()
    await available.uncheck()
    await saveInAdmin(admin)

    // The save expired the page: the first load that shows the change is rendered for it (Next's
    // MISS), not a copy made by the page's own once-a-minute refresh (served STALE, then a HIT).
    const fresh = await context.newPage()
    let shownFrom: string | undefined
    await pollOrderPage(fresh, async () => {
      const texts = await optionTexts(fresh)
      shownFrom = lastOrderPageCache.get(fresh)
      return texts
    }).toContain('Peach Ginger (Sold out)')
    expect(shownFrom, 'x-nextjs-cache of the first /order showing the change').toBe('MISS')
    const options = await optionTexts(fresh)
    expect(options).toEqual(['Choose a flavor', 'Mixed Berry', 'Pineapple Mango', 'Peach Ginger (Sold out)'])
    // In every jar's list (jars 2–6 are hidden until a larger package is chosen).
    for (let jar = 1; jar <= 6; jar++) {
      await expect(jarSelect(fresh, jar).locator('option', { hasText: 'Peach Ginger (Sold out)' })).toBeDisabled()
    }
    // The browser will not choose it…
    await expect(jarSelect(fresh, 1).selectOption({ label: 'Peach Ginger (Sold out)' }, { timeout: 2_000 })).rejects.toThrow()
    await expect(jarSelect(fresh, 1)).toHaveValue('')
    await fresh.close()

    // …and the server refuses it from the page loaded before: nothing is stored.
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(failure(page)).toContainText('Sold Out')
    await expect(failure(page)).toContainText('Sorry, Peach Ginger just sold out. Please choose another flavor.')
    expect((await ordersOf(email)).totalDocs).toBe(0)
  } finally {
    const peach = (await flavors()).find((flavor) => flavor.value === 'peach-ginger')!
    await api('PATCH', `/api/flavors/${peach.id}`, { available: true })
  }
  await pollOrderPage(page, () => optionTexts(page)).toContain('Peach Ginger')
})

test('a flavor added in the admin can be ordered on /order', async ({ page, context }) => {
  test.setTimeout(90_000)
  const key = `${ADDED_KEY_PREFIX}mango-lime-${Date.now().toString(36)}`
  const email = `new-flavor-${Date.now()}@example.com`
  const admin = await openAdmin(context)
  try {
    await openAdminDocument(admin, '/admin/collections/flavors/create')
    await admin.getByLabel('Name').first().fill('Mango Lime')
    await admin.getByLabel('Key').fill(key)
    await admin.getByLabel('Description').fill('Sweet mango with a squeeze of lime.')
    await expect(admin.getByRole('checkbox', { name: 'Available' })).toBeChecked()
    await saveInAdmin(admin, /successfully created/i)

    await pollOrderPage(page, () => optionTexts(page), '/order?qty=3').toContain('Mango Lime')
    expect(await optionTexts(page)).toEqual(['Choose a flavor', 'Mixed Berry', 'Pineapple Mango', 'Peach Ginger', 'Mango Lime'])
    await jarSelect(page, 1).selectOption({ label: 'Mango Lime' })
    await jarSelect(page, 2).selectOption({ label: 'Mixed Berry' })
    await jarSelect(page, 3).selectOption({ label: 'Mango Lime' })
    await fillDetails(page, email)
    await expect(page.getByTestId('order-total')).toContainText('$55')
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(success(page)).toContainText('Order Submitted!')

    const { docs } = await ordersOf(email)
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({
      quantity: 3,
      flavors: `Jar 1: ${key}, Jar 2: mixed-berry, Jar 3: ${key}`,
      flavorNames: 'Jar 1: Mango Lime, Jar 2: Mixed Berry, Jar 3: Mango Lime',
      totalPrice: 55,
    })
    const mail = await waitForMail((received) => received.to.includes(email))
    expect(mail.text).toContain('Jar 1: Mango Lime, Jar 2: Mixed Berry, Jar 3: Mango Lime')
  } finally {
    for (const flavor of await flavors()) if (flavor.value === key) await api('DELETE', `/api/flavors/${flavor.id}`)
  }
})

test('prices changed in Shop → Prices show on the home cards, the footer, the order summary and the confirmation e-mail', async ({ page, context }) => {
  test.setTimeout(120_000)
  const email = `new-prices-${Date.now()}@example.com`
  const admin = await openAdmin(context)
  try {
    await setPricesInAdmin(admin, NEW_PRICES)
    expect(await api('GET', '/api/globals/pricing?depth=0')).toMatchObject(NEW_PRICES)

    // Home page cards: each package at its new price, the savings against 1-jar prices.
    await expect
      .poll(async () => {
        await page.goto('/')
        return page.getByRole('link', { name: /^Order \d jars? for \$\d+$/ }).evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')))
      }, { timeout: 15_000 })
      .toEqual(['Order 1 jar for $22', 'Order 3 jars for $60', 'Order 6 jars for $110'])
    await expect(page.getByText('Save $6', { exact: true })).toBeVisible()
    await expect(page.getByText('Save $22', { exact: true })).toBeVisible()
    await expect(page.getByText('$22 per jar')).toBeVisible()

    // Footer.
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText('8oz for $22')
    await expect(footer).toContainText('3 for $60')
    await expect(footer).toContainText('6 for $110')
    for (const old of ['8oz for $20', '3 for $50', '6 for $100']) await expect(footer).not.toContainText(old)

    // Order page: the package cards, the delivery fee and the live summary.
    await page.goto('/order?qty=3')
    await expect(page.getByRole('radio', { name: '1 jar · $22' })).toBeVisible()
    await expect(page.getByRole('radio', { name: '3 jars · $60' })).toBeChecked()
    await expect(page.getByRole('radio', { name: '6 jars · $110' })).toBeVisible()
    await expect(page.getByRole('radio', { name: 'Delivery' })).toHaveAccessibleDescription(/^\$6 in /)
    await expect(summaryRow(page, 'Package (3 jars)')).toContainText('$60')
    await expect(summaryRow(page, 'Savings')).toContainText('$6 off $66')
    await expect(page.getByTestId('order-total')).toHaveText('$60')
    await jarSelect(page, 1).selectOption({ label: 'Mixed Berry' })
    await jarSelect(page, 2).selectOption({ label: 'Pineapple Mango' })
    await jarSelect(page, 3).selectOption({ label: 'Peach Ginger' })
    await fillDetails(page, email)
    await expect(summaryRow(page, 'Delivery')).toContainText('$6')
    await expect(page.getByTestId('order-total')).toHaveText('$66')
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(success(page)).toContainText('Order Submitted!')

    const { docs } = await ordersOf(email)
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ quantity: 3, originalPrice: 60, deliveryFee: 6, discountAmount: 0, totalPrice: 66 })

    // The customer's confirmation e-mail, at the new prices.
    const mail = await waitForMail((received) => received.to.includes(email))
    expect(mail.subject).toMatch(/: 3 jars, \$66$/)
    expect(mail.text).toContain('Package (3 jars): $60')
    expect(mail.text).toContain('Delivery fee: $6')
    expect(mail.text).toContain('Total: $66')
    expect(mail.text).toContain('Pay $66 once we have confirmed your order')
    expect(mail.html).toContain('$66')
    expect(mail.text).not.toMatch(/\$55|\$50\b/)
  } finally {
    await api('POST', '/api/globals/pricing', LAUNCH_PRICES)
  }
  await expect
    .poll(async () => {
      await page.goto('/')
      return page.getByRole('contentinfo').textContent()
    }, { timeout: 15_000 })
    .toContain('8oz for $20')
})

test("this batch's jars: 'Only 4 jars left', a stale 6-jar order refused, 3 jars placed, 'Only 1 jar left', then sold out", async ({ page, context }) => {
  test.setTimeout(150_000)
  const email = `batch-${Date.now()}@example.com`
  try {
    // A visitor opens /order while 10 jars are left and chooses the 6-jar pack.
    const batch = await addBatch(api, { jarsLeft: 10 })
    await page.goto('/order?qty=6')
    await expect(page.getByTestId('jars-left')).toHaveText('Only 10 jars left in this batch.')
    await expect(packageRadio(page, 6)).toBeEnabled()
    await expect(packageRadio(page, 6)).toBeChecked()
    const sixFlavors = ['Mixed Berry', 'Peach Ginger', 'Pineapple Mango', 'Mixed Berry', 'Mixed Berry', 'Peach Ginger']
    for (const [index, flavor] of sixFlavors.entries()) await jarSelect(page, index + 1).selectOption({ label: flavor })
    await fillDetails(page, email, 'Bea Batch')

    // Meanwhile the seller sets 4 jars left in the batch (Shop → Batches).
    const admin = await openAdmin(context)
    await setJarsInAdmin(admin, batch, 4)

    // A fresh load says so, and the 6-jar pack cannot be chosen.
    const fresh = await context.newPage()
    await pollOrderPage(fresh, () => fresh.getByTestId('jars-left').textContent(), '/order?qty=6').toBe('Only 4 jars left in this batch.')
    await expect(packageRadio(fresh, 6)).toBeDisabled()
    await expect(packageRadio(fresh, 6)).toHaveAccessibleDescription(/Not enough jars left/)
    await expect(packageRadio(fresh, 3)).toBeEnabled()
    // ?qty=6 gives way to the largest package that fits.
    await expect(packageRadio(fresh, 3)).toBeChecked()
    await fresh.close()

    // The stale page still offers 6 jars; the server refuses them, naming what is left.
    await expect(packageRadio(page, 6)).toBeEnabled()
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(failure(page)).toContainText('Not Enough Jars Left')
    await expect(failure(page)).toContainText('Only 4 jars are left in this batch. Please choose a smaller package.')
    expect((await ordersOf(email)).totalDocs).toBe(0)
    expect(await jarsLeftIn(batch)).toBe(4)

    // The visitor takes 3 jars instead (the first three flavors stay chosen).
    await packageRadio(page, 3).check()
    await expect(page.getByTestId('order-total')).toHaveText('$55')
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(success(page)).toContainText('Order Submitted!')
    const { docs } = await ordersOf(email)
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ quantity: 3, jarsFromBatch: 3, flavors: 'Jar 1: mixed-berry, Jar 2: peach-ginger, Jar 3: pineapple-mango' })
    expect(await jarsLeftIn(batch)).toBe(1)

    await page.reload()
    await expect(page.getByTestId('jars-left')).toHaveText('Only 1 jar left in this batch.')
    await expect(packageRadio(page, 1)).toBeChecked()
    await expect(packageRadio(page, 3)).toBeDisabled()
    await expect(packageRadio(page, 6)).toBeDisabled()

    // The seller sets 0: the sold-out message and the e-mail sign-up, no order form.
    await setJarsInAdmin(admin, batch, 0)
    const { soldOutMessage } = await batchRules()
    await pollOrderPage(page, () => page.getByTestId('sold-out').isVisible()).toBe(true)
    const soldOut = page.getByTestId('sold-out')
    await expect(soldOut.getByRole('heading', { name: 'Sold out' })).toBeVisible()
    await expect(soldOut).toContainText(soldOutMessage)
    const signUp = soldOut.getByRole('form', { name: 'Join our e-mail list' })
    await expect(signUp.getByLabel('Name')).toBeVisible()
    await expect(signUp.getByLabel('Email')).toBeVisible()
    await expect(signUp.getByRole('button', { name: 'Tell me about the next batch (and get 25% off)' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0)
    await expect(page.getByLabel('Jar 1 flavor *')).toHaveCount(0)
    await expect(page.getByTestId('jars-left')).toHaveCount(0)
  } finally {
    await sellWithoutLimit(api)
  }
  await pollOrderPage(page, () => page.getByRole('button', { name: 'Place Order' }).count()).toBe(1)
  await expect(page.getByTestId('jars-left')).toHaveCount(0)
})

for (const javaScriptEnabled of [true, false]) {
  test(`the buyer of the last jar sees "Order Submitted!" and the confirmation, the next visitor the sold-out view (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({ browser }, testInfo) => {
    const email = `last-jar-${javaScriptEnabled ? 'js' : 'html'}-${Date.now()}@example.com`
    const context = await browser.newContext({ javaScriptEnabled, baseURL: process.env.E2E_BASE_URL })
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.55.9.${testInfo.title.length}` })
    const page = await context.newPage()
    try {
      const batch = await addBatch(api, { jarsLeft: 1 })
      await pollOrderPage(page, () => page.getByTestId('jars-left').textContent()).toBe('Only 1 jar left in this batch.')
      await jarSelect(page, 1).selectOption({ label: 'Peach Ginger' })
      await fillDetails(page, email, 'Lana Last')
      await page.getByRole('button', { name: 'Place Order' }).click()

      await expect(success(page)).toContainText('Order Submitted!')
      const confirmation = page.getByTestId('order-confirmation')
      await expect(confirmation).toBeVisible()
      const { docs } = await ordersOf(email)
      expect(docs).toHaveLength(1)
      await expect(page.getByRole('heading', { name: `Thank you! Your order number is ${docs[0].reference}.` })).toBeVisible()
      await expect(confirmation.getByTestId('order-reference')).toHaveText(String(docs[0].reference))
      await expect(confirmation).toContainText('1 jar: 1 × Peach Ginger')
      await expect(page.getByTestId('sold-out')).toHaveCount(0)
      expect(await jarsLeftIn(batch)).toBe(0)

      // The next visitor finds the batch sold out.
      await page.goto('/order')
      await expect(page.getByTestId('sold-out')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0)
    } finally {
      await context.close()
      await sellWithoutLimit(api)
    }
  })
}

test('prices changed while the visitor orders: "Prices Updated" with the new total, nothing stored, then placed at the new prices', async ({ page, context }) => {
  test.setTimeout(120_000)
  const email = `stale-prices-${Date.now()}@example.com`
  try {
    await page.goto('/order?qty=3')
    await jarSelect(page, 1).selectOption({ label: 'Mixed Berry' })
    await jarSelect(page, 2).selectOption({ label: 'Mixed Berry' })
    await jarSelect(page, 3).selectOption({ label: 'Pineapple Mango' })
    await fillDetails(page, email, 'Pia Prices')
    await expect(page.getByTestId('order-total')).toHaveText('$55')

    // The seller raises the prices while the page is open.
    const admin = await openAdmin(context)
    await setPricesInAdmin(admin, NEW_PRICES)

    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(failure(page)).toContainText('Prices Updated')
    await expect(failure(page)).toContainText('Our prices changed while you were ordering. Your new total is $66. Please check your order and place it again.')
    expect((await ordersOf(email)).totalDocs).toBe(0)

    // The page now shows the new prices, and everything typed is still there.
    await expect(page.getByTestId('order-total')).toHaveText('$66')
    await expect(summaryRow(page, 'Package (3 jars)')).toContainText('$60')
    await expect(summaryRow(page, 'Delivery')).toContainText('$6')
    await expect(page.getByRole('radio', { name: '3 jars · $60' })).toBeChecked()
    await expect(page.getByRole('radio', { name: 'Delivery' })).toHaveAccessibleDescription(/^\$6 in /)
    await expect(page.getByLabel('Full name *')).toHaveValue('Pia Prices')
    await expect(jarSelect(page, 3)).toHaveValue('pineapple-mango')

    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(success(page)).toContainText('Order Submitted!')
    const { docs } = await ordersOf(email)
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ quantity: 3, originalPrice: 60, deliveryFee: 6, totalPrice: 66 })
  } finally {
    await api('POST', '/api/globals/pricing', LAUNCH_PRICES)
  }
})
