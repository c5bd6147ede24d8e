// The seller's daily screen without JavaScript (a phone with scripts off, or before they load): the
// four pages read, every button and Add order work as plain forms, and a visitor is sent to sign in
// without seeing any data. Signed in through the admin's own page (which needs its script), then the
// same session in a browser with scripts off. The orders are deleted again at the end.

import type { Browser, BrowserContext, Page } from '@playwright/test'

import { adminApi, adminToken, expect, fillAddOrderForm, screenshots, test, withAdminSession } from './fixtures'

type Order = { id: number; reference: string; status: string; paymentStatus: string }

test.describe.configure({ timeout: 150_000 })

/** The admin's session, signed in with the admin's page, in a browser whose scripts are off. */
async function signedInWithoutScript(browser: Browser, page: Page): Promise<BrowserContext> {
  await withAdminSession(page)
  return browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), viewport: { width: 390, height: 844 } })
}

/** One jar for pickup, with its time arranged by text, through the public order page. */
async function placeOrder(page: Page, fullName: string, email: string) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '10.40.0.1' })
  await page.goto('/order?qty=1')
  await page.getByLabel('Jar 1 flavor *').selectOption({ label: 'Mixed Berry' })
  await page.getByRole('radio', { name: 'Pickup' }).check()
  await page.getByLabel('Full name *').fill(fullName)
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill('(313) 555-0140')
  await page.getByLabel('Address *').fill('40 Script St')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48201')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')
}

const ordersNamed = async (request: Parameters<typeof adminApi>[0], fullName: string) =>
  ((await adminApi(request, 'GET', `/api/orders?where[fullName][equals]=${encodeURIComponent(fullName)}&depth=0`)) as { docs: Order[] }).docs

test('without JavaScript: the four pages read, Confirm and Mark paid work, the search finds, Add order refuses and places', async ({ page, browser, request }) => {
  const stamp = Date.now()
  const fullName = `Nora Noscript ${stamp}`
  const email = `noscript-${stamp}@example.com`
  const byHand = `Hank Hand ${stamp}`
  const large = `Lars Large ${stamp}`
  let context: BrowserContext | undefined
  try {
    await placeOrder(page, fullName, email)
    const [order] = await ordersNamed(request, fullName)
    context = await signedInWithoutScript(browser, page)
    const phone = await context.newPage()
    const card = phone.locator(`article[data-reference="${order.reference}"]`)

    await phone.goto('/seller/new')
    await expect(phone.getByRole('heading', { level: 1, name: 'New orders' })).toBeVisible()
    await expect(card).toContainText('1 × Mixed Berry')
    await screenshots(phone, 'noscript-new')
    await card.getByRole('button', { name: 'Confirm' }).click()
    await expect(phone).toHaveURL(/\/seller\/new\?done=confirm/)
    await expect(phone.getByRole('status')).toHaveText(`${order.reference} confirmed.`)

    await phone.getByRole('link', { name: 'Today' }).click()
    await expect(card).toContainText('Time arranged by text')
    // The notification switch needs its script: without one it stays hidden.
    await expect(phone.getByTestId('notify')).toBeHidden()
    await card.getByLabel(`${order.reference} paid with`).selectOption({ label: 'Cash' })
    await card.getByRole('button', { name: 'Mark paid' }).click()
    await expect(phone.getByRole('status')).toHaveText(`${order.reference} marked paid (Cash).`)
    await screenshots(phone, 'noscript-today')
    expect((await ordersNamed(request, fullName))[0]).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' })

    await phone.getByRole('link', { name: 'Customers' }).click()
    await phone.getByLabel('Name, e-mail or phone').fill(email)
    await phone.getByRole('button', { name: 'Search' }).click()
    await expect(phone.getByTestId('customer')).toContainText(fullName)
    await screenshots(phone, 'noscript-customers')

    // Add order: refused (no flavor chosen), it is the form again with the message and what was typed.
    await phone.goto('/seller/add')
    await screenshots(phone, 'noscript-add')
    const form = phone.locator('.add-order__form')
    await form.getByRole('radio', { name: 'In person' }).check()
    await form.getByLabel('Full name').fill(byHand)
    await form.getByRole('button', { name: 'Add order' }).click()
    await expect(phone).toHaveURL(/\/seller\/add$/)
    await expect(form.locator('.add-order__message')).toBeVisible()
    await expect(form.getByLabel('Full name')).toHaveValue(byHand)
    await expect(form.getByRole('radio', { name: 'In person' })).toBeChecked()
    await screenshots(phone, 'noscript-add-refused')
    await fillAddOrderForm(phone, { source: 'In person', fullName: byHand, flavors: ['Peach Ginger'], method: 'Pickup' })
    await expect(phone).toHaveURL(/\/seller\/new\?added=/)
    const [added] = await ordersNamed(request, byHand)
    expect(added).toMatchObject({ status: 'new' })
    await expect(phone.getByRole('status')).toHaveText(`${added.reference} added.`)

    // Far larger than a form (its fields' limits lifted, as a hand-made post would): refused, nothing stored.
    await phone.route('**/seller/add', async (route) => {
      if (route.request().method() !== 'GET') return route.continue()
      // Asked again by the test, which the browser's Sec-Fetch-Site does not go with: Payload reads the session cookie only with it (or an Origin).
      const answer = await route.fetch({ headers: { ...route.request().headers(), 'sec-fetch-site': 'same-origin' }, maxRedirects: 0 })
      await route.fulfill({ status: answer.status(), contentType: 'text/html; charset=utf-8', body: (await answer.text()).replace(/ maxlength="\d+"/gi, '') })
    })
    await phone.goto('/seller/add')
    await form.getByRole('radio', { name: 'In person' }).check()
    await form.getByLabel('Full name').fill(large)
    await form.getByLabel('Notes (optional)').fill('x'.repeat(100 * 1024))
    await form.getByRole('button', { name: 'Add order' }).click()
    await expect(form.locator('.add-order__message')).toContainText('That form is far larger than an order: nothing was saved.')
    expect(await ordersNamed(request, large)).toEqual([])
  } finally {
    await context?.close()
    const token = await adminToken(request)
    for (const name of [fullName, byHand, large]) for (const order of await ordersNamed(request, name)) await request.delete(`/api/orders/${order.id}`, { headers: { Authorization: `JWT ${token}` } })
  }
})

test('without a session, each page sends the browser to sign in, with the way back, and shows no data', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    for (const address of ['/seller', '/seller/new?page=2', '/seller/customers?q=ann', '/seller/add']) {
      const answer = await fetch(new URL(address, baseURL), { redirect: 'manual' })
      expect(answer.status, address).toBe(307)
      expect(answer.headers.get('location'), address).toMatch(new RegExp(`/admin/login\\?redirect=${encodeURIComponent(address).replace(/[?]/g, '\\?')}$`))
      expect(await answer.text(), address).not.toMatch(/data-reference|data-testid="customer"|add-order__form/)
      const page = await context.newPage()
      await page.goto(address)
      await expect(page).toHaveURL(/\/admin\/login\?redirect=/)
      await page.close()
    }
  } finally {
    await context.close()
  }
})
