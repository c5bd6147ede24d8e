// The seller's day in the admin: the sales charts, the customers, the seller's own name and mark,
// orders entered by hand and the prep sheet. Orders are placed through the public order form or the
// admin's Add order form and deleted again at the end; Site settings, the windows and the flavors are
// put back as they were.
import fs from 'node:fs'

import type { APIRequestContext, Page, TestInfo } from '@playwright/test'

import { windowLabel } from '@/features/ordering/windows'
import { dollars } from '@/features/ordering/wording'
import { addDays, businessDay, startOfWeek, zonedInstant } from '@/shared/time'

import { adminApi, adminToken, type ByHand, expect, fillAddOrderForm, followAdminMenu, loginToAdmin, openAdminList, removeWindows, test, waitForMail, withAdminSession } from './fixtures'

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

// Admin screens under a loaded CI machine take longer than the default 45 s per test.
test.describe.configure({ timeout: 120_000 })
// A test that timed out cannot clean up in its own `finally`: the times are removed here too.
test.afterEach(async ({ request }) => {
  await removeWindows(request)
  // …and the prep sheet's test flavor, which later spec files must not see.
  const { docs } = (await adminApi(request, 'GET', '/api/flavors?depth=0&limit=0&where[value][like]=prep-')) as { docs: { id: number; value: string }[] }
  const token = await adminToken(request)
  for (const flavor of docs.filter((entry) => entry.value.startsWith('prep-'))) await request.delete(`/api/flavors/${flavor.id}`, { headers: { Authorization: `JWT ${token}` } })
})

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
    await followAdminMenu(page, page.locator('#nav-customers'))
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
    await expect(async () => {
      // Set again on each try: another file's test saving Site settings' form (seller, orderSettings) at
      // the same moment posts the logo it loaded, none.
      await adminApi(request, 'POST', '/api/globals/site-settings', { logo: media[0].id })
      await page.goto('/admin/login')
      // Waited for, not counted at once: on a browser's first visit Chrome loads the admin page twice (Payload
      // answers `Critical-CH: Sec-CH-Prefers-Color-Scheme`, and Chrome restarts the request to send that hint).
      await expect(brand.locator('img')).toHaveCount(1, { timeout: 5_000 })
    }).toPass({ timeout: 30_000 })
    await expect(brand).toContainText(businessName)
    await expect.poll(() => brand.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
  } finally {
    await adminApi(request, 'POST', '/api/globals/site-settings', { logo: settings.logo ?? null })
  }

  await loginToAdmin(page)
  // Beside the page path in the header: the seller's mark, not Payload's.
  await expect(page.locator('.step-nav__home .admin-brand__icon')).toBeVisible()
})

async function addOrderByHand(page: Page, order: ByHand) {
  await page.goto('/admin/orders/add')
  await fillAddOrderForm(page, order)
  // Saved: the browser is on the new order's page.
  await expect(page).toHaveURL(/\/admin\/collections\/orders\/\d+$/)
}

test('the seller adds an order taken by text: priced by the site, listed with where it came from', async ({ page, request }) => {
  const fullName = `Tess Texted ${Date.now()}`
  try {
    await withAdminSession(page)
    await openAdminList(page, 'orders')
    await page.getByRole('link', { name: '+ Add order' }).click()
    await expect(page).toHaveURL(/\/admin\/orders\/add$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Add order' })).toBeVisible()
    // A visitor gets the login page, not the form.
    const anonymous = await request.get('/admin/orders/add', { maxRedirects: 0 })
    expect(await anonymous.text()).toContain('NEXT_REDIRECT;replace;/admin/login?redirect=%2Fadmin%2Forders%2Fadd')

    await addOrderByHand(page, { source: 'Text or call', fullName, flavors: ['Mixed Berry', 'Peach Ginger', 'Peach Ginger'], method: 'Delivery' })
    await expect(page.getByTestId('order-overview')).toContainText(fullName)

    const [stored] = await ordersOf(request, fullName)
    expect(stored).toMatchObject({ source: 'text', totalPrice: 55, quantity: 3, status: 'new', consent: false })
    expect((stored as Order & { email?: string | null }).email ?? null).toBeNull()
    // Only the seller hears of it: the customer gave no e-mail address.
    await waitForMail((mail) => mail.subject.includes(fullName))

    await page.goto(`/admin/collections/orders?where[fullName][equals]=${encodeURIComponent(fullName)}`)
    const row = page.locator('tbody tr').filter({ hasText: fullName })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('Text or call')
  } finally {
    await deleteOrders(request, await ordersOf(request, fullName))
  }
})

test("the prep sheet shows a day's jars per flavor, pickups and deliveries in time order, and prints without the admin", async ({ page, request }) => {
  const stamp = Date.now()
  // Two days ahead, past the default lead time of a day, on the seller's calendar.
  const day = addDays(businessDay(new Date()).key, 2)
  const weekday = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][new Date(`${day}T12:00:00Z`).getUTCDay()]
  const label = (start: string, end: string, place: string | null) => windowLabel(zonedInstant(day, start), zonedInstant(day, end), place)
  const flavor = { name: `Prep Plum ${stamp}`, value: `prep-plum-${stamp}` }
  const names = { pickup: `Pia Pickup ${stamp}`, late: `Lee Late ${stamp}`, early: `Ed Early ${stamp}` }
  const fulfilment = await adminApi(request, 'GET', '/api/globals/fulfilment?depth=0')
  let flavorId: number | undefined
  try {
    await adminApi(request, 'POST', '/api/globals/fulfilment', {
      windows: [
        { method: 'pickup', weekday, start: '10:00', end: '12:00', place: 'Test Market' },
        { method: 'delivery', weekday, start: '17:00', end: '19:00' },
        { method: 'delivery', weekday, start: '13:00', end: '15:00' },
      ],
    })
    flavorId = ((await adminApi(request, 'POST', '/api/flavors', { ...flavor, available: true })) as { doc: { id: number } }).doc.id

    await withAdminSession(page)
    await addOrderByHand(page, { source: 'In person', fullName: names.pickup, flavors: [flavor.name, flavor.name, 'Mixed Berry'], method: 'Pickup', time: label('10:00', '12:00', 'Test Market') })
    // Entered before the earlier delivery: the route follows the times, not the order of entry.
    await addOrderByHand(page, { source: 'Social message', fullName: names.late, flavors: [flavor.name], method: 'Delivery', time: label('17:00', '19:00', null) })
    await addOrderByHand(page, { source: 'Text or call', fullName: names.early, flavors: [flavor.name], method: 'Delivery', time: label('13:00', '15:00', null), email: `early-${stamp}@example.com` })

    await openAdminList(page, 'orders')
    // The orders list's own link (the side menu has one too, closed on this screen).
    await page.locator('.order-actions').getByRole('link', { name: 'Prep sheet' }).click()
    await expect(page).toHaveURL(/\/admin\/prep$/)
    // With no day chosen it opens on the first day with a booked order: today's or later ones may
    // come from other tests, so choose the day.
    await page.getByLabel('Day', { exact: true }).fill(day)
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/prep\\?day=${day}$`))

    const sheet = page.locator('.prep-sheet')
    await expect(sheet.getByRole('heading', { level: 1 })).toContainText(new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`)))
    await expect(page.getByTestId('prep-make').getByRole('row', { name: flavor.name })).toContainText('4')
    const pickup = page.getByTestId('prep-pickups').getByTestId('prep-stop').filter({ hasText: names.pickup })
    // The day is the sheet's: each stop shows its time (and place).
    await expect(pickup.locator('[data-label=Time]')).toHaveText(label('10:00', '12:00', 'Test Market').split(' · ').slice(1).join(' · '))
    await expect(pickup).toContainText('(734) 555-0177')
    await expect(pickup).toContainText(`2 × ${flavor.name}, 1 × Mixed Berry`)
    const deliveries = page.getByTestId('prep-deliveries').getByTestId('prep-stop').filter({ hasText: String(stamp) })
    await expect(deliveries).toHaveCount(2)
    await expect(deliveries.nth(0)).toContainText(names.early)
    await expect(deliveries.nth(1)).toContainText(names.late)
    await expect(deliveries.nth(0)).toContainText('40 Liberty St, Ann Arbor 48104')
    await expect(deliveries.nth(0).getByRole('link', { name: 'Map' })).toHaveAttribute('href', /google\.com\/maps\/search\/.*40%20Liberty%20St/)
    // One jar delivered: $20 + $5 to collect.
    await expect(deliveries.nth(0).locator('[data-label=Collect]')).toHaveText('$25')

    // On paper: the sheet without the admin's menu, header and buttons.
    for (const chrome of ['.app-header', '.step-nav', '.prep-sheet__tools']) await expect(page.locator(chrome).first()).toBeVisible()
    await expect(page.locator('.nav').first()).toBeAttached()
    await page.emulateMedia({ media: 'print' })
    for (const chrome of ['.nav', '.app-header', '.step-nav', '.prep-sheet__tools']) await expect(page.locator(chrome).first()).toBeHidden()
    await expect(page.getByRole('button')).toHaveCount(0)
    await expect(page.getByTestId('prep-make')).toBeVisible()
    await expect(pickup).toBeVisible()
    await page.emulateMedia({ media: 'screen' })

    // The CSV of the same day: the seller's browser downloads it; a visitor gets 401.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()])
    expect(download.suggestedFilename()).toBe(`prep-sheet-${day}.csv`)
    const text = fs.readFileSync(await download.path(), 'utf8')
    expect(text).toContain(`Make,,,,,4,${flavor.name}`)
    for (const name of Object.values(names)) expect(text).toContain(name)
    expect((await request.get(`/api/orders/prep.csv?day=${day}`)).status()).toBe(401)
  } finally {
    for (const name of Object.values(names)) await deleteOrders(request, await ordersOf(request, name))
    const token = await adminToken(request)
    if (flavorId) await request.delete(`/api/flavors/${flavorId}`, { headers: { Authorization: `JWT ${token}` } })
    await adminApi(request, 'POST', '/api/globals/fulfilment', { windows: fulfilment.windows ?? [] })
  }
})
