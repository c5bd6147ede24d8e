// The seller's day in the admin: the sales charts, the customers, and the seller's own name and mark.
// Orders are placed through the public order form (the only way orders are made) and deleted again
// at the end; Site settings are put back as they were.
import type { APIRequestContext, Page, TestInfo } from '@playwright/test'

import { dollars } from '@/features/ordering/wording'
import { startOfWeek } from '@/shared/time'

import { adminApi, adminToken, expect, loginToAdmin, test } from './fixtures'

type Order = { id: number; totalPrice: number; fullName: string }

/** A customer's order of three jars, delivered ($50 + $5), through the public order page. */
async function placeOrder(page: Page, fullName: string, email: string, phone = '(734) 555-0166') {
  await page.goto('/order?qty=3')
  await page.getByLabel('Jar 1 flavor *').selectOption({ label: 'Mixed Berry' })
  await page.getByLabel('Jar 2 flavor *').selectOption({ label: 'Peach Ginger' })
  await page.getByLabel('Jar 3 flavor *').selectOption({ label: 'Peach Ginger' })
  await page.getByRole('radio', { name: 'Delivery' }).check()
  await page.getByLabel('Full name *').fill(fullName)
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill(phone)
  await page.getByLabel('Address *').fill('12 Elm St')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48201')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')
}

/** Each test orders from an address of its own, clear of the order form's per-address limit. */
const ownAddress = (page: Page, testInfo: TestInfo) => page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.16.${testInfo.retry}.${testInfo.title.length}` })

const ordersOf = async (request: APIRequestContext, fullName: string) =>
  (await adminApi(request, 'GET', `/api/orders?where[fullName][equals]=${encodeURIComponent(fullName)}&pagination=false&depth=0`)).docs as Order[]

async function deleteOrders(request: APIRequestContext, orders: Order[]) {
  const token = await adminToken(request)
  for (const order of orders) {
    const response = await request.delete(`/api/orders/${order.id}`, { headers: { Authorization: `JWT ${token}` } })
    expect(response.ok(), `DELETE order ${order.id} → ${response.status()}`).toBeTruthy()
  }
}

test("the dashboard's weekly chart shows this week's revenue", async ({ page, request }, testInfo) => {
  const fullName = `Wendy Weekly ${Date.now()}`
  await ownAddress(page, testInfo)
  try {
    await placeOrder(page, fullName, `weekly-${Date.now()}@example.com`)
    const weekStart = startOfWeek(new Date()).toISOString()
    const thisWeek = (await adminApi(request, 'GET', `/api/orders?where[createdAt][greater_than_equal]=${weekStart}&where[status][not_equals]=cancelled&pagination=false&depth=0`))
      .docs as Order[]
    expect(thisWeek.map((order) => order.fullName)).toContain(fullName)
    const revenue = thisWeek.reduce((sum, order) => sum + order.totalPrice, 0)
    const ordersText = `${thisWeek.length} ${thisWeek.length === 1 ? 'order' : 'orders'}`

    await loginToAdmin(page)
    // What a screen reader hears for the chart, and the figures of its table.
    const chart = page.getByTestId('weekly-sales').getByRole('img', { name: 'Revenue per week, last 12 weeks' })
    await expect(chart).toHaveAccessibleDescription(new RegExp(`^This week so far \\(from [A-Z][a-z]{2} \\d{1,2}\\): \\${dollars(revenue)} from ${ordersText}\\.`))
    const row = page.getByRole('table', { name: 'Orders and revenue per week' }).getByRole('row', { name: /this week/ })
    await expect(row.getByRole('cell')).toHaveText([String(thisWeek.length), /^\d+$/, dollars(revenue)])
    // The bar's own label, as drawn.
    await expect(chart.locator('.bar-chart__row--current .bar-chart__value')).toHaveText(`${dollars(revenue)} · ${ordersText}`)
    await expect(page.getByTestId('flavor-mix').getByRole('img', { name: 'Jars per flavor, last 30 days' })).toHaveAccessibleDescription(/Peach Ginger: \d+ jars/)
  } finally {
    await deleteOrders(request, await ordersOf(request, fullName))
  }
})

test('the customers view finds a returning customer and opens on their orders; visitors are sent to log in', async ({ page, request }, testInfo) => {
  const stamp = Date.now()
  const fullName = `Rita Returning ${stamp}`
  const email = `returning-${stamp}@example.com`
  await ownAddress(page, testInfo)
  try {
    await placeOrder(page, fullName, email)
    // The second time with capitals in the e-mail and the phone written differently: the same customer.
    await placeOrder(page, fullName, email.toUpperCase(), '734-555-0166')

    // No session: no customers, only the way to the login page. (Payload's admin, like this view,
    // redirects inside the streamed page, so the answer is a 200 that holds the redirect.)
    const anonymous = await page.request.get(`/admin/customers?q=${encodeURIComponent(email)}`, { maxRedirects: 0 })
    const html = await anonymous.text()
    expect(html).toContain('NEXT_REDIRECT;replace;/admin/login?redirect=%2Fadmin%2Fcustomers')
    expect(html).not.toContain(fullName)
    expect(html).not.toContain(email)
    await page.goto(`/admin/customers?q=${encodeURIComponent(email)}`)
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fcustomers$/)
    await expect(page.getByText(fullName)).toHaveCount(0)

    await loginToAdmin(page)
    // The side menu starts closed below wide screens (closed, it is only moved out of view).
    const openMenu = page.getByRole('button', { name: 'Open Menu' }).filter({ visible: true }).first()
    if (await openMenu.isVisible()) await openMenu.click()
    await page.locator('#nav-customers').click()
    await expect(page).toHaveURL(/\/admin\/customers$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()

    await page.getByLabel('Name, e-mail or phone').fill(email.toUpperCase())
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/admin\/customers\?q=/)
    const rows = page.getByTestId('customer')
    await expect(rows).toHaveCount(1)
    await expect(rows.first().locator('[data-label=Orders]')).toHaveText('2')
    await expect(rows.first().locator('[data-label=Spent]')).toHaveText('$110')
    await expect(rows.first().locator('[data-label=Subscribed]')).toHaveText('No')

    await rows.first().getByRole('link', { name: fullName }).click()
    await expect(page).toHaveURL(/\/admin\/collections\/orders\?/)
    await expect(page.locator('tbody tr').filter({ hasText: fullName })).toHaveCount(2)
  } finally {
    await deleteOrders(request, await ordersOf(request, fullName))
  }
})

test("the admin shows the seller's business name and mark, also on the login page", async ({ page, request }) => {
  const settings = await adminApi(request, 'GET', '/api/globals/site-settings?depth=0')
  const businessName = settings.businessName as string
  const brand = page.getByTestId('admin-brand')

  await page.goto('/admin/login')
  await expect(brand).toContainText(businessName)
  // No logo set: the business name's initial in a circle.
  await expect(brand.locator('svg text')).toHaveText(businessName.match(/[\p{L}\p{N}]/u)![0].toUpperCase())

  // A logo chosen in Site settings shows instead, to visitors too (the login page has no session).
  const media = (await adminApi(request, 'GET', '/api/media?where[fromReview][not_equals]=true&limit=1&depth=0')).docs as { id: number }[]
  expect(media.length).toBeGreaterThan(0)
  try {
    await adminApi(request, 'POST', '/api/globals/site-settings', { logo: media[0].id })
    await expect
      .poll(
        async () => {
          await page.goto('/admin/login')
          return brand.locator('img').count()
        },
        { timeout: 10_000 },
      )
      .toBe(1)
    await expect(brand).toContainText(businessName)
    await expect.poll(() => brand.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
  } finally {
    await adminApi(request, 'POST', '/api/globals/site-settings', { logo: settings.logo ?? null })
  }

  await loginToAdmin(page)
  // Beside the page path in the header: the seller's mark, not Payload's.
  await expect(page.locator('.step-nav__home .admin-brand__icon')).toBeVisible()
})
