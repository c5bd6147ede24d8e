// A customer changes their own order on its page (#54), with and without JavaScript: another time,
// other jars, delivery to a ZIP outside the area (refused in the order form's words), a second tab
// refused once the order moved, and cancelling; each change confirmed first, e-mailed, and listed
// in the admin's history. Too close to the time: no forms, the seller's number. Off (the seed):
// nothing. The setting and the times are put back in afterEach, so later spec files see the seed.
import type { Browser, Page } from '@playwright/test'

import { addBatch, adminRestFrom, expect, expectNoSeriousA11yViolations, removeWindows, screenshots, sellWithoutLimit, test, waitForMail, weekdayIn, withAdminSession, openAdminDocument } from './fixtures'

const api = adminRestFrom('10.66.0.54')

/** Changes on, with the notice new orders need (24 hours) as the cutoff, or `hoursBefore`. */
async function changesOn(hoursBefore: number | null = null) {
  await api('POST', '/api/globals/fulfilment', {
    windows: [
      { method: 'pickup', weekday: weekdayIn(4), start: '10:00', end: '14:00', place: 'Eastern Market' },
      { method: 'pickup', weekday: weekdayIn(5), start: '15:00', end: '18:00', place: 'Kerrytown' },
    ],
    customerChanges: { enabled: true, hoursBefore },
  })
}

test.beforeEach(async () => {
  await sellWithoutLimit(api)
  await changesOn()
})
// A test that timed out cannot clean up in its own `finally`: off again, and no times, as seeded.
test.afterEach(async ({ request }) => {
  await api('POST', '/api/globals/fulfilment', { customerChanges: { enabled: false, hoursBefore: null } })
  await removeWindows(request)
  await sellWithoutLimit(api)
})

/** Each test's orders come from an address of its own: the order form's limit per visitor is shared by the whole suite's server. */
const visitor = (n: number) => ({ 'x-forwarded-for': `10.54.0.${n}` })

/** Three jars picked up at Eastern Market; the order's page, from the confirmation's link. */
async function placeOrder(page: Page, email: string): Promise<string> {
  await page.goto('/order?qty=3')
  for (const [jar, flavor] of [[1, 'mixed-berry'], [2, 'mixed-berry'], [3, 'peach-ginger']] as const) await page.getByLabel(`Jar ${jar} flavor *`).selectOption(flavor)
  await page.getByRole('radio', { name: 'Pickup' }).check()
  await page.getByTestId('windows-pickup').locator('label', { hasText: 'Eastern Market' }).first().click()
  await page.getByLabel('Full name *').fill('Cora Change')
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill('(313) 555-0154')
  await page.getByLabel('Address *').fill('5 Woodward Ave')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48226')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')
  const path = await page.getByTestId('order-status-link').getAttribute('href')
  expect(path).toMatch(/^\/order\/status\/[A-Za-z0-9_-]+$/)
  return path!
}

async function orderOf(email: string) {
  const { docs } = (await api('GET', `/api/orders?depth=0&where[email][equals]=${encodeURIComponent(email)}`)) as {
    docs: { id: number; status: string; totalPrice: number; quantity: number; windowLabel?: string | null; deliveryMethod: string }[]
  }
  expect(docs).toHaveLength(1)
  return docs[0]
}

/** Chooses, in the select, the first option whose words contain `text`. */
async function chooseOption(page: Page, label: string, text: string) {
  const select = page.getByTestId('change-time').getByLabel(label)
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value')
  await select.selectOption(value!)
}

/** The confirmation step, then its "Yes": the change is made and said. */
async function confirm(page: Page, button: string, heading: string) {
  const step = page.getByTestId('change-confirm')
  await expect(step.getByRole('heading', { name: heading })).toBeVisible()
  await step.getByRole('button', { name: button }).click()
  await expect(page.getByTestId('change-confirm')).toHaveCount(0)
}

async function newCustomer(browser: Browser, n: number, javaScriptEnabled: boolean, width = 1280) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: width === 390 ? 844 : 800 }, extraHTTPHeaders: visitor(n) })
  return context.newPage()
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript'

  test(`${how}: the time moved, then the jars, each confirmed first and e-mailed`, async ({ browser }) => {
    test.setTimeout(90_000)
    const page = await newCustomer(browser, javaScriptEnabled ? 1 : 2, javaScriptEnabled)
    const email = `change-time-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@example.com`
    const path = await placeOrder(page, email)
    await page.goto(path)
    const part = page.getByTestId('change-order')
    await expect(part.getByRole('heading', { name: 'Change your order' })).toBeVisible()
    await screenshots(page, `order-changes-${javaScriptEnabled ? 'js' : 'nojs'}-forms`)
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)

    // Another time: the confirmation says what changes, and nothing is stored before "Yes".
    await chooseOption(page, 'Pickup time', 'Kerrytown')
    await page.getByTestId('change-time').getByRole('button', { name: 'Change the time' }).click()
    await expect(page.getByTestId('change-lines')).toContainText('Kerrytown')
    expect((await orderOf(email)).windowLabel).toContain('Eastern Market')
    await screenshots(page, `order-changes-${javaScriptEnabled ? 'js' : 'nojs'}-confirm`)
    await confirm(page, 'Yes, change the time', 'Change the time?')
    await expect(page.getByTestId('change-done')).toContainText('Your time was changed')
    await screenshots(page, `order-changes-${javaScriptEnabled ? 'js' : 'nojs'}-done`)
    expect((await orderOf(email)).windowLabel).toContain('Kerrytown')
    // The page shows the order as it is now.
    await expect(page.getByTestId('order-window')).toContainText('Kerrytown')
    const reference = (await page.getByTestId('order-reference').textContent())!
    const told = await waitForMail((mail) => mail.to.includes(email) && mail.subject === `Your order ${reference} was changed`)
    expect(told.text).toContain('Kerrytown')
    await waitForMail((mail) => mail.subject.startsWith(`${reference} moved to `) && mail.text.includes('Kerrytown'))

    // Six jars instead of three: the new total to pay.
    const jars = page.getByTestId('change-jars')
    await jars.getByRole('radio', { name: /^6 jars/ }).check()
    for (const jar of [4, 5, 6]) await jars.getByLabel(`Jar ${jar}`, { exact: true }).selectOption({ label: 'Pineapple Mango' })
    await jars.getByRole('button', { name: 'Change the jars' }).click()
    await expect(page.getByTestId('change-total')).toContainText('New total: $100 (was $50)')
    await expect(page.getByTestId('change-money')).toContainText('Your total is now $100.')
    await confirm(page, 'Yes, change the jars', 'Change the jars?')
    await expect(page.getByTestId('change-done')).toContainText('Your jars were changed')
    expect(await orderOf(email)).toMatchObject({ quantity: 6, totalPrice: 100 })
    await expect(page.getByTestId('order-total')).toHaveText('$100')
    await page.context().close()
  })

  test(`${how}: delivery outside the area refused in the order form's words; cancelled after one confirmation`, async ({ browser }) => {
    test.setTimeout(90_000)
    const page = await newCustomer(browser, javaScriptEnabled ? 3 : 4, javaScriptEnabled, 390)
    const email = `change-cancel-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@example.com`
    const path = await placeOrder(page, email)
    await page.goto(path)

    const time = page.getByTestId('change-time')
    await time.getByRole('radio', { name: 'Delivery' }).check()
    await time.getByLabel('ZIP code').fill('90210')
    await time.getByRole('button', { name: 'Change the time' }).click()
    await expect(page.getByTestId('change-refused')).toHaveAttribute('role', 'alert')
    await expect(page.getByTestId('change-refused')).toContainText("Sorry, we don't deliver to 90210.")
    await expect(time.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true')
    expect((await orderOf(email)).deliveryMethod).toBe('pickup')
    await screenshots(page, `order-changes-${javaScriptEnabled ? 'js' : 'nojs'}-refused`)

    await page.getByTestId('change-cancel').getByRole('button', { name: 'Cancel my order' }).click()
    // "Back" changes nothing and shows the forms again.
    await page.getByTestId('change-confirm').getByRole('button', { name: 'Back' }).click()
    await expect(page.getByTestId('change-time')).toBeVisible()
    expect((await orderOf(email)).status).toBe('new')
    await page.getByTestId('change-cancel').getByRole('button', { name: 'Cancel my order' }).click()
    await confirm(page, 'Yes, cancel my order', 'Cancel this order?')
    await expect(page.getByTestId('change-done')).toContainText('Your order was cancelled')
    await expect(page.getByTestId('order-status')).toContainText('Cancelled')
    await expect(page.getByTestId('change-time')).toHaveCount(0)
    // Cancelled is not "too late": nothing is left to change or to text about.
    await expect(page.getByTestId('change-too-late')).toHaveCount(0)
    expect((await orderOf(email)).status).toBe('cancelled')
    const reference = (await page.getByTestId('order-reference').textContent())!
    await waitForMail((mail) => mail.subject === `${reference} cancelled by the customer`)
    await page.context().close()
  })
}

test('a second tab is refused once the order moved, and shows it as it is now; the admin lists the changes, newest first', async ({ browser, page }) => {
  test.setTimeout(90_000)
  const first = await newCustomer(browser, 5, true)
  const email = `change-tabs-${Date.now()}@example.com`
  const path = await placeOrder(first, email)
  await first.goto(path)
  const second = await first.context().newPage()
  await second.goto(path)

  await chooseOption(first, 'Pickup time', 'Kerrytown')
  await first.getByTestId('change-time').getByRole('button', { name: 'Change the time' }).click()
  await confirm(first, 'Yes, change the time', 'Change the time?')
  await expect(first.getByTestId('change-done')).toBeVisible()

  await second.getByTestId('change-cancel').getByRole('button', { name: 'Cancel my order' }).click()
  // Refused at the check or at the confirmation, whichever first notices the order moved.
  const refused = second.getByTestId('change-refused')
  const confirmStep = second.getByTestId('change-confirm')
  await expect(refused.or(confirmStep)).toBeVisible()
  if (await confirmStep.isVisible()) await confirmStep.getByRole('button', { name: 'Yes, cancel my order' }).click()
  await expect(refused).toHaveAttribute('role', 'alert')
  await expect(second.getByTestId('order-window')).toContainText('Kerrytown')
  expect((await orderOf(email)).status).toBe('new')
  await first.context().close()

  const order = await orderOf(email)
  await withAdminSession(page)
  await openAdminDocument(page, `/admin/collections/orders/${order.id}`)
  const history = page.getByTestId('order-changes')
  await expect(history.getByRole('heading', { name: 'Changes' })).toBeVisible()
  await expect(history.locator('li')).toHaveCount(1)
  await screenshots(page, 'order-changes-admin')
  await expect(history.locator('li').first()).toContainText(/^\w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M · Customer · Time: .*Kerrytown.*; Total \$50 → \$50$/)
})

test('the flavors say how many jars are left, this order’s own counted; more than that is refused in the order form’s words', async ({ browser }) => {
  const { docs } = (await api('GET', '/api/flavors?limit=0&pagination=false&depth=0')) as { docs: { id: number; value: string }[] }
  const id = (value: string) => docs.find((flavor) => flavor.value === value)!.id
  await addBatch(api, {
    flavors: [
      { flavor: id('mixed-berry'), made: 10, left: 10 },
      { flavor: id('peach-ginger'), made: 3, left: 3 },
      { flavor: id('pineapple-mango'), made: 20, left: 20 },
    ],
  })
  const page = await newCustomer(browser, 8, true)
  const email = `change-left-${Date.now()}@example.com`
  const path = await placeOrder(page, email)
  await page.goto(path)
  // The order took 2 Mixed Berry and 1 Peach Ginger; its own jars count as left to it.
  const jars = page.getByTestId('change-jars')
  await expect(jars.getByLabel('Jar 1', { exact: true }).locator('option', { hasText: 'Peach Ginger' })).toHaveText('Peach Ginger (3 left)')
  await expect(jars.getByLabel('Jar 1', { exact: true }).locator('option', { hasText: 'Mixed Berry' })).toHaveText('Mixed Berry (10 left)')

  await jars.getByRole('radio', { name: /^6 jars/ }).check()
  for (const jar of [1, 2, 3, 4]) await jars.getByLabel(`Jar ${jar}`, { exact: true }).selectOption({ label: 'Peach Ginger (3 left)' })
  for (const jar of [5, 6]) await jars.getByLabel(`Jar ${jar}`, { exact: true }).selectOption({ label: 'Mixed Berry (10 left)' })
  await jars.getByRole('button', { name: 'Change the jars' }).click()
  await expect(page.getByTestId('change-refused')).toContainText('Only 3 jars of Peach Ginger are left in this batch.')
  await expect(jars.getByLabel('Jar 1', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  expect(await orderOf(email)).toMatchObject({ quantity: 3, totalPrice: 50 })
  // What was chosen stays chosen.
  await expect(jars.getByLabel('Jar 4', { exact: true })).toHaveValue('peach-ginger')
  await page.context().close()
})

test('too close to its time: no forms, the seller’s number to text', async ({ browser }) => {
  // The cutoff further out than the order's time (4 days away).
  await changesOn(24 * 10)
  const page = await newCustomer(browser, 6, true, 390)
  const path = await placeOrder(page, `change-late-${Date.now()}@example.com`)
  await page.goto(path)
  const part = page.getByTestId('change-order')
  await expect(part.getByTestId('change-too-late')).toContainText('Too late to change online: text us at')
  await expect(part.getByTestId('change-too-late').getByRole('link')).toHaveAttribute('href', /^tel:/)
  await expect(part.locator('form')).toHaveCount(0)
  await screenshots(page, 'order-changes-too-late')
  await page.context().close()
})

test('off, as on a fresh site: the page is as it was', async ({ browser }) => {
  await api('POST', '/api/globals/fulfilment', { customerChanges: { enabled: false, hoursBefore: null } })
  const page = await newCustomer(browser, 7, true)
  const path = await placeOrder(page, `change-off-${Date.now()}@example.com`)
  await page.goto(path)
  await expect(page.getByTestId('order-status')).toBeVisible()
  await expect(page.getByTestId('change-order')).toHaveCount(0)
  await expect(page.getByText('Too late to change online')).toHaveCount(0)
  await page.context().close()
})
