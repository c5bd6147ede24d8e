// The daily screen's Owed list (/seller/owed), with JavaScript and without: an order placed on the
// public order form, dated back three days in the admin, is listed as owed with how long, then
// Mark paid with a method and an earlier day takes it off the list, and the order in the REST API
// is paid, with that method and that day. The orders are deleted again at the end.

import type { Browser, BrowserContext, Page } from '@playwright/test'

import { addDays, businessDay, zonedInstant } from '@/shared/time'

import { adminApi, adminToken, awayFromMidnight, expect, loginToAdmin, screenshots, test } from './fixtures'

type Order = { id: number; reference: string; paymentStatus: string; paymentMethod: string | null; paidAt: string | null }

test.describe.configure({ timeout: 150_000 })

/** One jar for pickup, its time arranged by text, through the public order page, from an address of its own. */
async function placeOrder(page: Page, fullName: string, address: string) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address })
  await page.goto('/order?qty=1')
  await page.getByLabel('Jar 1 flavor *').selectOption({ label: 'Mixed Berry' })
  await page.getByRole('radio', { name: 'Pickup' }).check()
  await page.getByLabel('Full name *').fill(fullName)
  await page.getByLabel('Email *').fill(`owed-${Date.now()}@example.com`)
  await page.getByLabel('Phone *').fill('(313) 555-0153')
  await page.getByLabel('Address *').fill('53 Owed St')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48201')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')
}

const ordersNamed = async (request: Parameters<typeof adminApi>[0], fullName: string) =>
  ((await adminApi(request, 'GET', `/api/orders?where[fullName][equals]=${encodeURIComponent(fullName)}&depth=0`)) as { docs: Order[] }).docs

/** The Owed page that lists the order: the list is oldest handover first, 20 a page, and this worker's other files may have left owed orders. */
async function openOwedAt(phone: Page, reference: string) {
  await phone.goto('/seller/owed')
  const card = phone.locator(`article[data-reference="${reference}"]`)
  // Each page read once loaded: read just after the tap, the page being left would be read, and the
  // next tap could land on the new page and pass it unread.
  for (let page = 2; !(await card.isVisible()); page++) {
    await phone.getByRole('link', { name: 'Later →' }).click()
    await phone.waitForURL(new RegExp(`/seller/owed\\?page=${page}$`))
  }
  return card
}

async function markPaidEarlier({ page, browser, request, script }: { page: Page; browser: Browser; request: Parameters<typeof adminApi>[0]; script: boolean }) {
  const fullName = `Owen Owed ${script ? 'script' : 'noscript'} ${Date.now()}`
  // Compared with the server's own today (the paid-on day's default and bounds).
  await awayFromMidnight()
  const today = businessDay(new Date()).key
  const paidOn = addDays(today, -2)
  let context: BrowserContext | undefined
  try {
    await placeOrder(page, fullName, script ? '10.53.0.1' : '10.53.0.2')
    const [order] = await ordersNamed(request, fullName)
    // Placed three days ago, as the seller's admin may correct it: a payment two days ago is then allowed.
    await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { createdAt: zonedInstant(addDays(today, -3), '09:00').toISOString() })
    await loginToAdmin(page)
    context = await browser.newContext({ javaScriptEnabled: script, storageState: await page.context().storageState(), viewport: { width: 390, height: 844 } })
    const phone = await context.newPage()

    const card = await openOwedAt(phone, order.reference)
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText(/^\d+ orders? owes? \$\d+$/)
    await expect(phone.getByRole('navigation', { name: 'Daily screen' }).getByRole('link', { name: /^Owed \$\d+$/ })).toHaveAttribute('aria-current', 'page')
    // The card's heading comes right under the page's own: no level skipped for a screen reader.
    await expect(card.getByRole('heading', { level: 2, name: new RegExp(fullName) })).toBeVisible()
    await expect(card).toContainText('$20')
    await expect(card).toContainText('New')
    await expect(card.getByTestId('owed-for')).toHaveText('Ordered 3 days ago · time arranged by text')
    await expect(card.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+13135550153')
    await expect(card.getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', /^mailto:owed-/)
    // No method was recorded on the order: none is shown.
    await expect(card).not.toContainText('paying by')
    const day = card.getByLabel(`${order.reference} paid on`)
    await expect(day).toHaveValue(today)
    await expect(day).toHaveAttribute('max', today)
    await expect(day).toHaveAttribute('min', addDays(today, -3))
    await screenshots(phone, `owed-${script ? 'script' : 'noscript'}`)

    await card.getByLabel(`${order.reference} paid with`).selectOption({ label: 'Venmo' })
    await day.fill(paidOn)
    await card.getByRole('button', { name: 'Mark paid' }).click()
    await expect(phone).toHaveURL(/\/seller\/owed(\?page=\d+)?[?&]done=paid/)
    await expect(phone.getByRole('status')).toHaveText(new RegExp(`^${order.reference} marked paid \\(Venmo, [A-Z][a-z]{2} \\d{1,2}, \\d{4}\\)\\.$`))
    await expect(phone.locator(`article[data-reference="${order.reference}"]`)).toHaveCount(0)
    await screenshots(phone, `owed-${script ? 'script' : 'noscript'}-paid`)

    expect((await ordersNamed(request, fullName))[0]).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'venmo', paidAt: zonedInstant(paidOn, '12:00').toISOString() })
  } finally {
    await context?.close()
    const token = await adminToken(request)
    for (const order of await ordersNamed(request, fullName)) await request.delete(`/api/orders/${order.id}`, { headers: { Authorization: `JWT ${token}` } })
  }
}

test('Owed with JavaScript: the order owing is listed, Mark paid with Venmo two days ago takes it off, and the order is paid then', async ({ page, browser, request }) => {
  await markPaidEarlier({ page, browser, request, script: true })
})

test('Owed without JavaScript: the same, as plain forms', async ({ page, browser, request }) => {
  await markPaidEarlier({ page, browser, request, script: false })
})

test('a paid order the customer changed to more: Owed and Today show what it still owes, and Mark paid settles that, noted on the order', async ({ page, browser, request }) => {
  const fullName = `Cleo Changed ${Date.now()}`
  let context: BrowserContext | undefined
  try {
    await placeOrder(page, fullName, '10.53.0.3')
    const [order] = await ordersNamed(request, fullName)
    // Paid by Venmo, then changed to more on its page: the difference is its Still to pay (#54).
    await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'venmo', extraDue: 15 })
    await loginToAdmin(page)
    context = await browser.newContext({ storageState: await page.context().storageState(), viewport: { width: 390, height: 844 } })
    const phone = await context.newPage()

    const card = await openOwedAt(phone, order.reference)
    await expect(card.locator('.order__money')).toHaveText('$15 Still to pay · changed to $20 after paying the rest')
    await screenshots(phone, 'owed-still-to-pay')
    // Confirmed, its time arranged by text: on Today's list, with Mark paid.
    await phone.goto('/seller')
    const today = phone.locator(`article[data-reference="${order.reference}"]`)
    await expect(today.locator('.order__money')).toHaveText('$20 Paid but $15 still to pay')
    await expect(today.getByRole('button', { name: 'Mark paid' })).toBeVisible()
    await screenshots(phone, 'today-still-to-pay')

    const again = await openOwedAt(phone, order.reference)
    // The method the order was paid with is offered first.
    await expect(again.getByLabel(`${order.reference} paid with`)).toHaveValue('venmo')
    // While the page shows $15, the customer changes the order to more again: it now owes $25.
    await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { extraDue: 25 })
    await again.getByRole('button', { name: 'Mark paid' }).click()
    await expect(phone.getByRole('status')).toHaveText(`${order.reference} was not marked paid: what it owes changed after this page was loaded. Check the amount now shown and tap again.`)
    const current = phone.locator(`article[data-reference="${order.reference}"]`)
    await expect(current.locator('.order__money')).toHaveText('$25 Still to pay · changed to $20 after paying the rest')
    expect(((await adminApi(request, 'GET', `/api/orders/${order.id}?depth=0`)) as { extraDue: number | null }).extraDue).toBe(25)
    await screenshots(phone, 'owed-amount-changed')

    // The $25 came in cash.
    await current.getByLabel(`${order.reference} paid with`).selectOption({ label: 'Cash' })
    await current.getByRole('button', { name: 'Mark paid' }).click()
    await expect(phone.getByRole('status')).toHaveText(new RegExp(`^${order.reference} marked paid \\(Cash, [A-Z][a-z]{2} \\d{1,2}, \\d{4}\\)\\.$`))
    await expect(phone.locator(`article[data-reference="${order.reference}"]`)).toHaveCount(0)
    const [settled] = (await adminApi(request, 'GET', `/api/orders/${order.id}?depth=0`).then((doc) => [doc])) as (Order & { extraDue: number | null; notes: string | null })[]
    expect(settled).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'venmo', extraDue: null })
    expect(settled.notes).toMatch(/^Still to pay \$25 paid: Cash, [A-Z][a-z]{2} \d{1,2}, \d{4}$/)
  } finally {
    await context?.close()
    const token = await adminToken(request)
    for (const order of await ordersNamed(request, fullName)) await request.delete(`/api/orders/${order.id}`, { headers: { Authorization: `JWT ${token}` } })
  }
})

test('Owed without a session sends the browser to sign in, with the way back, and shows no data', async ({ baseURL }) => {
  const answer = await fetch(new URL('/seller/owed?page=2', baseURL), { redirect: 'manual' })
  expect(answer.status).toBe(307)
  expect(answer.headers.get('location')).toMatch(/\/admin\/login\?redirect=%2Fseller%2Fowed%3Fpage%3D2$/)
  expect(await answer.text()).not.toMatch(/data-reference/)
})
