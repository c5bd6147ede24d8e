// Batches (Shop → Batches) as the visitor meets them: a batch counted per flavor ("Only 3 Mixed
// Berry left", a flavor with none left sold out), its dates on the order page and the
// confirmation, and a batch opening at a set time ("Next batch opens …" with its countdown, then
// the order form by itself at the opening). The batches are added through the REST API as the
// seller's admin would; each test ends with an open batch without a limit, as the other spec
// files expect, and deletes the batches it scheduled and no order took jars from.

import type { Browser, Page } from '@playwright/test'

import type { Batch } from '@/payload-types'
import { addDays, businessDay, zonedInstant } from '@/shared/time'

import { addBatch, adminRestFrom, expect, openAdminDocument, screenshots, sellWithoutLimit, test, withAdminSession } from './fixtures'

// One admin sign-in for the REST calls of this file, from an address of its own.
const api = adminRestFrom('10.66.0.2')

type Flavor = { id: number; value: string }

async function flavorIds(): Promise<Record<string, number>> {
  const { docs } = (await api('GET', '/api/flavors?limit=0&pagination=false&depth=0')) as { docs: Flavor[] }
  return Object.fromEntries(docs.map((flavor) => [flavor.value, flavor.id]))
}

const ordersOf = async (email: string) => (await api('GET', `/api/orders?depth=0&where[email][equals]=${encodeURIComponent(email)}`)) as { docs: Record<string, unknown>[] }

/**
 * A batch that opened and closed a moment ago: no batch is open, so nothing sells until the next
 * one opens. It opens as `addBatch` opens one (a second ago), so it is after the one opened before.
 */
const closedBatch = () => addBatch(api, { closesAt: new Date(Date.now() - 500).toISOString(), jarsLeft: null })

/** Deletes batches no order took jars from (a batch with orders stays for their records). */
async function deleteBatches(...batches: (Batch | undefined)[]) {
  for (const batch of batches) if (batch) await api('DELETE', `/api/batches/${batch.id}`)
}

/** "Nov 24" for "2026-11-24", as the customer reads a batch's days. */
const dayLabel = (dayKey: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${dayKey}T12:00:00Z`))

const today = () => businessDay(new Date()).key

// Each test is its own visitor for the per-client limits.
test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.57.${testInfo.retry}.${testInfo.title.length}` })
})

test.afterAll(async () => {
  await sellWithoutLimit(api)
})

const jarSelect = (page: Page, jar: number) => page.getByLabel(`Jar ${jar} flavor *`)
const flavorCard = (page: Page, name: string) => page.getByTestId('flavor-cards').getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order' })

/** /order (or `path`), loaded again until `read` gives what is expected: a batch's change shows within seconds. */
function pollPage<T>(page: Page, read: () => Promise<T>, path = '/order') {
  return expect.poll(
    async () => {
      await page.goto(path)
      return read()
    },
    { timeout: 15_000, intervals: [250, 500, 1000] },
  )
}

async function fillDetails(page: Page, email: string) {
  await page.getByRole('radio', { name: 'Delivery' }).check()
  await page.getByLabel('Full name *').fill('Fern Flavor')
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill('(313) 555-0177')
  await page.getByLabel('Address *').fill('2 Woodward Ave')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48226')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
}

test("a batch counted per flavor: Peach Ginger sold out, 'Only 3 Mixed Berry left', an order's confirmation with the batch's dates, then 'Only 2'", async ({ page }) => {
  test.setTimeout(90_000)
  const email = `per-flavor-${Date.now()}@example.com`
  const madeOn = addDays(today(), -2)
  const bestBy = addDays(madeOn, 12)
  const ids = await flavorIds()
  try {
    await addBatch(api, {
      madeOn,
      bestBy,
      flavors: [
        { flavor: ids['peach-ginger'], made: 6, left: 0 },
        { flavor: ids['mixed-berry'], made: 6, left: 3 },
        { flavor: ids['pineapple-mango'], made: 24, left: 20 },
      ],
    })
    await pollPage(page, () => page.getByTestId('jars-left').textContent()).toBe('Only 3 Mixed Berry left')
    const freshness = `Made ${dayLabel(madeOn)} · best by ${dayLabel(bestBy)} · keep refrigerated`
    await expect(page.getByTestId('batch-freshness')).toHaveText(`This batch: ${freshness}.`)

    // Peach Ginger: sold out on its card and in every jar's list; the others on offer.
    await expect(flavorCard(page, 'Peach Ginger')).toContainText('Sold out')
    await expect(flavorCard(page, 'Mixed Berry')).not.toContainText('Sold out')
    await expect(flavorCard(page, 'Pineapple Mango')).not.toContainText('Sold out')
    expect(await jarSelect(page, 1).locator('option').allTextContents()).toEqual(['Choose a flavor', 'Mixed Berry (3 left)', 'Pineapple Mango', 'Peach Ginger (Sold out)'])
    await expect(jarSelect(page, 1).locator('option', { hasText: 'Peach Ginger (Sold out)' })).toBeDisabled()
    await expect(jarSelect(page, 1).locator('option', { hasText: 'Mixed Berry (3 left)' })).toBeEnabled()
    await screenshots(page, 'order-flavor-sold-out')

    // One Mixed Berry through the form: the confirmation carries the batch's dates.
    await jarSelect(page, 1).selectOption({ label: 'Mixed Berry (3 left)' })
    await fillDetails(page, email)
    await placeOrder(page).click()
    await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')
    await expect(page.getByTestId('order-confirmation')).toContainText('1 jar: 1 × Mixed Berry')
    await expect(page.getByTestId('order-freshness')).toHaveText(freshness)
    await screenshots(page, 'order-confirmation-freshness')
    const { docs } = await ordersOf(email)
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ quantity: 1, jarsFromBatch: 1, flavors: 'mixed-berry' })

    // A fresh page counts the jar taken.
    const fresh = await page.context().newPage()
    await fresh.goto('/order')
    await expect(fresh.getByTestId('jars-left')).toHaveText('Only 2 Mixed Berry left')
    await expect(jarSelect(fresh, 1).locator('option', { hasText: 'Mixed Berry' })).toHaveText('Mixed Berry (2 left)')
    await expect(flavorCard(fresh, 'Peach Ginger')).toContainText('Sold out')
    await fresh.close()
  } finally {
    await sellWithoutLimit(api)
  }
})

/** The countdown as the server renders it, days and hours ahead: "Opens in 2 days 3 hours". */
const COUNTDOWN_DAYS_AHEAD = /^Opens in \d+ days?( \d+ hours?)?$/

/** The batch that leaves none open: one closed a moment ago, or one open but sold out. */
const NONE_OPEN = { closed: closedBatch, 'sold out': () => addBatch(api, { jarsLeft: 0 }) }

for (const [how, noneOpen] of Object.entries(NONE_OPEN)) {
  test(`a batch opening in two days, the last one ${how}: "Next batch opens <day> at 9:00 AM" and its countdown on / and /order, with and without JavaScript, and the sold-out sign-up`, async ({ page, browser }) => {
    test.setTimeout(90_000)
    const openingDay = addDays(today(), 2)
    const opensAt = zonedInstant(openingDay, '09:00')
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${openingDay}T12:00:00Z`))
    const announcement = `Next batch opens ${weekday} at 9:00 AM`
    let last: Batch | undefined
    let next: Batch | undefined
    try {
      last = await noneOpen()
      next = await addBatch(api, { opensAt: opensAt.toISOString(), jarsLeft: null })

      await pollPage(page, () => page.getByTestId('batch-opening').count()).toBe(1)
      await expectClosedOrderPage(page, announcement)
      await screenshots(page, `order-before-opening-${how.replace(' ', '-')}`)
      await page.goto('/')
      await expectAnnouncement(page, announcement)
      await screenshots(page, `home-before-opening-${how.replace(' ', '-')}`)

      // Without JavaScript: the same, as the server rendered it.
      await withoutJavaScript(browser, async (visitor) => {
        await visitor.goto('/order')
        await expectClosedOrderPage(visitor, announcement)
        await visitor.goto('/')
        await expectAnnouncement(visitor, announcement)
      })
    } finally {
      await deleteBatches(next, last)
      await sellWithoutLimit(api)
    }
  })
}

async function expectAnnouncement(page: Page, announcement: string) {
  const opening = page.getByTestId('batch-opening')
  await expect(opening).toContainText(announcement)
  await expect(opening.getByTestId('opening-countdown')).toHaveText(COUNTDOWN_DAYS_AHEAD)
}

/** The sold-out card with the announcement and the sign-up for the next batch; no order form. */
async function expectClosedOrderPage(page: Page, announcement: string) {
  const soldOut = page.getByTestId('sold-out')
  await expect(soldOut.getByRole('heading', { name: 'A new batch is coming' })).toBeVisible()
  await expectAnnouncement(page, announcement)
  const signUp = soldOut.getByRole('form', { name: 'Join our e-mail list' })
  await expect(signUp.getByLabel('Email')).toBeVisible()
  await expect(signUp.getByRole('button', { name: 'Tell me about the next batch (and get 25% off)' })).toBeVisible()
  await expect(placeOrder(page)).toHaveCount(0)
  await expect(page.getByTestId('jars-left')).toHaveCount(0)
}

async function withoutJavaScript(browser: Browser, visit: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL })
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': '10.57.9.1' })
  try {
    await visit(await context.newPage())
  } finally {
    await context.close()
  }
}

/**
 * How far ahead the batch opens: time enough to read the page closed before it, on a busy machine
 * too. Under a minute, so the countdown reads "less than a minute".
 */
const OPENS_IN_MS = 20_000
/** The page's script loads the page again this long after the opening (BatchOpening.client.tsx). */
const RELOADS_AFTER_MS = 1_000

test('the opening time reached: the closed page opens to the order form by itself, and no visitor gets the closed page afterwards', async ({ page, browser }) => {
  test.setTimeout(90_000)
  let closed: Batch | undefined
  try {
    closed = await closedBatch()
    const opensAt = new Date(Date.now() + OPENS_IN_MS)
    await addBatch(api, { opensAt: opensAt.toISOString(), jarsLeft: null })
    // The page's clock is the test's: its countdown reaches the opening only when the test moves it
    // there, after the server's clock did, as a visitor's does (the server's clock runs on its own).
    await page.clock.install()
    await page.clock.pauseAt(new Date(opensAt.getTime() - 2 * RELOADS_AFTER_MS))

    // Before the opening: closed, counting down.
    await pollPage(page, () => page.getByTestId('batch-opening').count()).toBe(1)
    expect(Date.now(), 'the closed page was read before the opening').toBeLessThan(opensAt.getTime())
    await expect(page.getByTestId('opening-countdown')).toHaveText('Opens in less than a minute')
    await expect(placeOrder(page)).toHaveCount(0)

    // The opening reached on the server's clock, the page's script loads the page again when its own
    // clock gets there, and the server has the open page ready.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt.getTime() + RELOADS_AFTER_MS - Date.now())))
    await expect(placeOrder(page)).toHaveCount(0)
    await page.clock.runFor(3 * RELOADS_AFTER_MS)
    await expect(placeOrder(page)).toBeVisible()
    await expect(page.getByTestId('sold-out')).toHaveCount(0)
    await expect(page.getByTestId('batch-opening')).toHaveCount(0)

    // A new visitor, with or without JavaScript, gets the open page too.
    await withoutJavaScript(browser, async (visitor) => {
      await visitor.goto('/order')
      await expect(placeOrder(visitor)).toBeVisible()
      await expect(visitor.getByTestId('sold-out')).toHaveCount(0)
      await visitor.goto('/')
      await expect(visitor.getByTestId('batch-opening')).toHaveCount(0)
    })
  } finally {
    // The batch that opened has no limit: it is the open batch the other spec files expect.
    await deleteBatches(closed)
    await sellWithoutLimit(api)
  }
})

/** "Thu, Dec 3, 2026 9:00 AM" for "2026-12-03" and "9:00 AM", as the batch's time fields read (EEE, MMM d, yyyy h:mm a). */
const pickerText = (dayKey: string, time: string) =>
  `${new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${dayKey}T12:00:00Z`))} ${time}`

// The business runs on Detroit's clock: a seller whose browser is elsewhere (travelling, a laptop set
// to another zone) reads and types a batch's opening in Detroit's time, the zone shown beside it.
for (const [timezoneId, address] of [['America/Los_Angeles', '10.57.8.1'], ['America/Detroit', '10.57.8.2']] as const) {
  test(`a seller's browser in ${timezoneId}: the opening reads and is typed in Detroit's time, and the order page announces that time`, async ({ browser }) => {
    test.setTimeout(90_000)
    const openingDay = addDays(today(), 2)
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${openingDay}T12:00:00Z`))
    const context = await browser.newContext({ timezoneId, viewport: { width: 1280, height: 800 }, baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: { 'x-forwarded-for': address } })
    let last: Batch | undefined
    let next: Batch | undefined
    try {
      last = await closedBatch()
      next = await addBatch(api, { opensAt: zonedInstant(openingDay, '10:00').toISOString(), jarsLeft: null })
      const page = await context.newPage()
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId)
      await withAdminSession(page)
      await openAdminDocument(page, `/admin/collections/batches/${next.id}`)

      const opensAt = page.locator('#field-opensAt')
      await expect(opensAt.getByRole('textbox')).toHaveValue(pickerText(openingDay, '10:00 AM'))
      await expect(opensAt.locator('.timezone-picker')).toContainText('Detroit (Eastern Time)')
      await expect(page.locator('#field-closesAt .timezone-picker')).toContainText('Detroit (Eastern Time)')
      await screenshots(page, `batch-opening-zone-${timezoneId.split('/')[1].toLowerCase()}`)

      await opensAt.getByRole('textbox').fill(pickerText(openingDay, '9:00 AM'))
      await opensAt.getByRole('textbox').press('Enter')
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByText('Updated successfully.')).toBeVisible()

      const stored = (await api('GET', `/api/batches/${next.id}?depth=0`)) as Batch
      expect(stored.opensAt).toBe(zonedInstant(openingDay, '09:00').toISOString())
      expect(stored.opensAt_tz).toBe('America/Detroit')

      await page.reload()
      await expect(page.locator('form[data-form-ready="true"]')).toBeAttached()
      await expect(opensAt.getByRole('textbox')).toHaveValue(pickerText(openingDay, '9:00 AM'))

      await pollPage(page, () => page.getByTestId('batch-opening').textContent()).toContain(`Next batch opens ${weekday} at 9:00 AM`)
    } finally {
      await context.close()
      await deleteBatches(next, last)
      await sellWithoutLimit(api)
    }
  })
}
