// The seller's daily screen on a phone (/seller): signing in through the admin's sign-in page, a new
// order placed on the public order form, then Confirm, Mark paid, Ready and Completed, each a plain
// form that comes back with its confirmation; the customer search; the last Today list offline.
// The orders are deleted again at the end.

import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page, TestInfo } from '@playwright/test'

import { fullChromiumLaunchOptions } from '../../playwright.config'
import { adminApi, adminToken, expect, expectLoggedOnceEach, fillAddOrderForm, screenshots, serverLogMark, test, waitForMail, withAdminSession } from './fixtures'
import { ADMIN } from './global-setup'

type Order = { id: number; reference: string; status: string; paymentStatus: string; paymentMethod: string | null }

// A phone whose browser was never asked about notifications, which the headless shell cannot be.
test.use({ viewport: { width: 390, height: 844 }, launchOptions: fullChromiumLaunchOptions })
test.describe.configure({ timeout: 120_000 })

/** Each test orders from an address of its own, clear of the order form's per-address limit. */
const ownAddress = (page: Page, testInfo: TestInfo) => page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.39.${testInfo.retry}.${testInfo.title.length}` })

/** One jar, delivered ($20 + $5), through the public order page. */
async function placeOrder(page: Page, fullName: string, email: string, address = '39 Phone St') {
  await page.goto('/order?qty=1')
  await page.getByLabel('Jar 1 flavor *').selectOption({ label: 'Peach Ginger' })
  await page.getByRole('radio', { name: 'Delivery' }).check()
  await page.getByLabel('Full name *').fill(fullName)
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill('(313) 555-0139')
  await page.getByLabel('Address *').fill(address)
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48201')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')
}

/** The order stored under this (unique) name, read as the admin. */
async function storedOrderNamed(request: APIRequestContext, fullName: string): Promise<Order> {
  return ((await adminApi(request, 'GET', `/api/orders?where[fullName][equals]=${encodeURIComponent(fullName)}&depth=0`)) as { docs: Order[] }).docs[0]
}

/**
 * Signs in through the admin's form on its way to /seller, then waits until the screen's service
 * worker controls the page and has kept Today (the worker starts with the first visit; the next
 * one goes through it and is kept).
 */
async function signInWithTodayKept(page: Page) {
  await page.goto('/admin/login?redirect=%2Fseller')
  await page.getByLabel(/email/i).fill(ADMIN.email)
  await page.getByLabel(/password/i).first().fill(ADMIN.password)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/seller$/)
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 15_000 })
  await page.reload()
  await page.waitForFunction(async () => Boolean(await caches.match('/seller')), undefined, { timeout: 15_000 })
}

test('on the phone: sign in, see a new order, confirm it, mark it paid, make it ready and complete it', async ({ page, request }, testInfo) => {
  const stamp = Date.now()
  const fullName = `Phoebe Phone ${stamp}`
  const email = `phone-${stamp}@example.com`
  await ownAddress(page, testInfo)
  let order: Order | undefined
  try {
    await placeOrder(page, fullName, email)
    order = await storedOrderNamed(request, fullName)
    const card = page.locator(`article[data-reference="${order.reference}"]`)

    // Signed out: the admin's sign-in page, which brings the seller back to the daily screen.
    await page.goto('/seller/new')
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fseller%2Fnew$/)
    await page.getByLabel(/email/i).fill(ADMIN.email)
    await page.getByLabel(/password/i).first().fill(ADMIN.password)
    await page.getByRole('button', { name: /login/i }).click()
    await expect(page).toHaveURL(/\/seller\/new$/)

    await expect(page.getByRole('heading', { level: 1, name: 'New orders' })).toBeVisible()
    // Installable: its manifest and icons are served to a browser without the session, as browsers ask for them.
    await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', '/seller/manifest.webmanifest')
    const manifest = await request.get('/seller/manifest.webmanifest')
    expect(await manifest.json()).toMatchObject({ start_url: '/seller', display: 'standalone' })
    expect((await request.get('/seller/icon-192.png')).headers()['content-type']).toBe('image/png')
    await expect(card.getByRole('heading', { name: new RegExp(fullName) })).toBeVisible()
    await expect(card).toContainText('1 × Peach Ginger')
    await expect(card).toContainText('$25')
    await expect(card).toContainText('Not paid')
    await expect(card.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+13135550139')
    await expect(card.getByRole('link', { name: 'Text' })).toHaveAttribute('href', 'sms:+13135550139')
    await expect(card.getByRole('link', { name: 'Map' })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=39%20Phone%20St/)
    await screenshots(page, 'seller-new', { colorSchemes: ['light', 'dark'] })

    await card.getByRole('button', { name: 'Confirm' }).click()
    await expect(page).toHaveURL(/\/seller\/new\?done=confirm/)
    await expect(page.getByRole('status')).toHaveText(`${order.reference} confirmed.`)
    await expect(card).toHaveCount(0)
    await waitForMail((mail) => mail.to === email && mail.subject === `Order ${order!.reference} is confirmed`)

    // Confirmed, with its time arranged by text: on today's list.
    await page.getByRole('link', { name: 'Today' }).click()
    await expect(page).toHaveURL(/\/seller$/)
    await expect(card).toContainText('Time arranged by text')
    // This device can get a notification for each new order (subscribing needs a push service: tests/int/push.int.spec.ts).
    await expect(page.getByTestId('notify')).toContainText('Get a notification on this device for each new order.')
    await expect(page.getByTestId('notify').getByRole('button', { name: 'Notify me of new orders' })).toBeVisible()
    await card.getByLabel(`${order.reference} paid with`).selectOption({ label: 'Venmo' })
    await card.getByRole('button', { name: 'Mark paid' }).click()
    await expect(page.getByRole('status')).toHaveText(`${order.reference} marked paid (Venmo).`)
    await expect(card).toContainText('Paid')
    await expect(card.getByRole('button', { name: 'Mark paid' })).toHaveCount(0)
    await screenshots(page, 'seller-today', { colorSchemes: ['light', 'dark'] })

    await card.getByRole('button', { name: 'Ready' }).click()
    await expect(page.getByRole('status')).toHaveText(`${order.reference} is ready.`)
    await card.getByRole('button', { name: 'Completed' }).click()
    await expect(page.getByRole('status')).toHaveText(`${order.reference} completed.`)
    // Completed orders leave the day's list.
    await expect(card).toHaveCount(0)

    const stored = (await adminApi(request, 'GET', `/api/orders/${order.id}?depth=0`)) as Order
    expect(stored).toMatchObject({ status: 'completed', paymentStatus: 'paid', paymentMethod: 'venmo' })
    await waitForMail((mail) => mail.to === email && mail.subject === `Thank you for your order, ${fullName}`)

    // The customer search: the admin's Customers, on the phone.
    await page.getByRole('link', { name: 'Customers' }).click()
    await page.getByLabel('Name, e-mail or phone').fill(email)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/seller\/customers\?q=/)
    const customer = page.getByTestId('customer')
    await expect(customer).toHaveCount(1)
    await expect(customer).toContainText(fullName)
    await expect(customer).toContainText('1 order · $25')
    await expect(customer.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+13135550139')
    await screenshots(page, 'seller-customers', { colorSchemes: ['light', 'dark'] })

    // The full admin is one tap away, and links back.
    await page.getByRole('link', { name: 'Full admin' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.locator('#nav-daily-screen')).toHaveAttribute('href', '/seller')
  } finally {
    if (order) await request.delete(`/api/orders/${order.id}`, { headers: { Authorization: `JWT ${await adminToken(request)}` } })
  }
})

test('on the phone: Add order takes an order by text with the admin\'s form and rules, without the admin\'s script, and the New list says which one', async ({ page, request }) => {
  const fullName = `Tariq Texted ${Date.now()}`
  let order: Order | undefined
  try {
    await withAdminSession(page)
    await page.goto('/seller/new')
    await page.getByRole('link', { name: '+ Add an order taken by text or in person' }).click()
    await expect(page).toHaveURL(/\/seller\/add$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Add order' })).toBeVisible()
    // The daily screen's own page, not the admin's (its template and navigation).
    await expect(page.locator('body.seller')).toHaveCount(1)
    await expect(page.locator('.template-default, #nav-daily-screen')).toHaveCount(0)

    // The order rules answer as in the admin: no flavor chosen.
    await page.locator('.add-order__form').getByRole('radio', { name: 'Text or call' }).check()
    await page.locator('.add-order__form').getByRole('button', { name: 'Add order' }).click()
    await expect(page.locator('.add-order__message')).toBeVisible()
    await expect(page).toHaveURL(/\/seller\/add$/)
    // The field the refusal is about (the first one missing) takes the focus, marked and pointed at the message.
    const nameField = page.locator('.add-order__form [name="fullName"]')
    await expect(nameField).toBeFocused()
    await expect(nameField).toHaveAttribute('aria-invalid', 'true')
    await expect(nameField).toHaveAttribute('aria-describedby', 'add-order-message')
    await screenshots(page, 'seller-add-refused', { colorSchemes: ['light', 'dark'] })

    // The form needs no script: the package and the method chosen show their fields (CSS :has).
    const form = page.locator('.add-order__form')
    await form.getByRole('radio', { name: /^3 jars ·/ }).check()
    await expect(form.getByLabel('Jar 3 flavor')).toBeVisible()
    await expect(form.getByLabel('Jar 4 flavor')).toBeHidden()
    await form.getByRole('radio', { name: 'Delivery', exact: true }).check()
    await expect(form.getByText('No delivery times are set up: arrange the time with the customer.')).toBeVisible()
    await expect(form.getByText('No pickup times are set up: arrange the time with the customer.')).toBeHidden()
    // The consent's label wraps on a phone: its box keeps its size beside it.
    const consentBox = await form.getByRole('checkbox', { name: /The customer agreed to be contacted/ }).boundingBox()
    expect(consentBox?.width).toBeCloseTo(20, 0)
    await screenshots(page, 'seller-add-3-jars', { colorSchemes: ['light', 'dark'] })

    await fillAddOrderForm(page, { source: 'Text or call', fullName, flavors: ['Mixed Berry'], method: 'Delivery' })
    await expect(page).toHaveURL(/\/seller\/new\?added=/)
    order = await storedOrderNamed(request, fullName)
    expect(order).toMatchObject({ source: 'text', quantity: 1, totalPrice: 25, status: 'new' })
    await expect(page.getByRole('status')).toHaveText(`${order.reference} added.`)
    const card = page.locator(`article[data-reference="${order.reference}"]`)
    await expect(card).toContainText('1 × Mixed Berry')
    await expect(card.getByRole('button', { name: 'Confirm' })).toBeVisible()
    await screenshots(page, 'seller-added', { colorSchemes: ['light', 'dark'] })
    await page.goto('/seller/add')
    await screenshots(page, 'seller-add', { colorSchemes: ['light', 'dark'] })

    // Signed out: the sign-in page, which brings the seller back to Add order.
    await page.context().clearCookies()
    await page.goto('/seller/add')
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fseller%2Fadd$/)
  } finally {
    if (order) await request.delete(`/api/orders/${order.id}`, { headers: { Authorization: `JWT ${await adminToken(request)}` } })
  }
})

test('on the phone: a customer with two orders, name and street typed without a space: the cards wrap within the screen and a screen reader tells them apart', async ({ page, request }, testInfo) => {
  const stamp = Date.now()
  const fullName = `Wilhelmina${'a'.repeat(40)}${stamp}`
  await ownAddress(page, testInfo)
  let orders: Order[] = []
  try {
    for (const visit of [1, 2]) await placeOrder(page, fullName, `long-${visit}-${stamp}@example.com`, '1234567890WoodwardAvenueApartmentBuildingCUnit56RearEntrance')
    orders = ((await adminApi(request, 'GET', `/api/orders?where[fullName][equals]=${fullName}&depth=0`)) as { docs: Order[] }).docs
    expect(orders).toHaveLength(2)
    await withAdminSession(page)
    for (const path of ['/seller/new', `/seller/customers?q=${stamp}`]) {
      await page.goto(path)
      // Each card's heading sits right under the page's own (h1), as a screen reader's list of headings reads them.
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(fullName) }).first()).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390)
    }
    await page.goto('/seller/new')
    for (const order of orders) await expect(page.getByRole('navigation', { name: `Contact ${fullName} about ${order.reference}` })).toBeVisible()
    const { violations } = await new AxeBuilder({ page }).withRules(['heading-order', 'landmark-unique']).analyze()
    expect(violations.map((violation) => violation.id)).toEqual([])
  } finally {
    const token = await adminToken(request)
    for (const order of orders) await request.delete(`/api/orders/${order.id}`, { headers: { Authorization: `JWT ${token}` } })
  }
})

test('on the phone: a tab of the top bar shows where the keyboard is, in light and dark', async ({ page }) => {
  await withAdminSession(page)
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.goto('/seller/new')
    const owed = page.getByRole('navigation', { name: 'Daily screen' }).getByRole('link', { name: /^Owed/ })
    const unfocused = await owed.screenshot()
    // Today, New, then Owed: reached by the keyboard, as its ring is drawn for.
    for (let step = 0; step < 3; step++) await page.keyboard.press('Tab')
    await expect(owed).toBeFocused()
    expect(await owed.screenshot(), colorScheme).not.toEqual(unfocused)
  }
})

test('on a narrow phone: the top bar shows the current tab whole, however far along the bar it is', async ({ page }) => {
  await withAdminSession(page)
  await page.setViewportSize({ width: 320, height: 700 })
  const bar = page.getByRole('navigation', { name: 'Daily screen' })
  for (const [path, tab] of [
    ['/seller/recall', 'Recall'],
    ['/seller/customers', 'Customers'],
    ['/seller', 'Today'],
  ] as const) {
    await page.goto(path)
    const current = bar.getByRole('link', { name: tab, exact: true })
    await expect(current).toHaveAttribute('aria-current', 'page')
    await expect(async () => {
      const [shown, tabBox] = [await bar.boundingBox(), await current.boundingBox()]
      expect(tabBox!.x, path).toBeGreaterThanOrEqual(shown!.x)
      expect(tabBox!.x + tabBox!.width, path).toBeLessThanOrEqual(shown!.x + shown!.width + 0.5)
    }).toPass({ timeout: 5_000 })
  }
})

test.describe('Add order refused before an order is read', () => {
  // Add order is a server action: Next checks its Origin and reads its body before the action runs,
  // and refuses a forgery or a body it cannot read with its own 500, logged once each.
  test("posted from another site's page, even as the form's own action, or unreadable, it is refused by Next and stores nothing", async ({ page, baseURL, request }) => {
    await page.goto('/admin/login?redirect=%2Fseller%2Fadd')
    await page.getByLabel(/email/i).fill(ADMIN.email)
    await page.getByLabel(/password/i).first().fill(ADMIN.password)
    await page.getByRole('button', { name: /login/i }).click()
    await expect(page).toHaveURL(/\/seller\/add$/)
    // What a forger can copy from the page: every hidden field of the form, the action's among them.
    const hidden = await page.locator('.add-order__form input[type=hidden]').evaluateAll((inputs) => inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value]))
    const fields = [...hidden, ['source', 'text'], ['quantity', '1'], ['flavor1', 'mixed-berry'], ['deliveryMethod', 'pickup'], ['fullName', 'Olga Otherside'], ['phone', '(313) 555-0100']]

    // A page on another site that posts an order to the seller's Add order in the seller's browser.
    const inputs = fields.map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replaceAll('"', '&quot;')}">`).join('')
    await page.route('https://elsewhere.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<form method="post" enctype="multipart/form-data" action="${baseURL}/seller/add">${inputs}<button>Send</button></form>` }),
    )
    await page.goto('https://elsewhere.example/')
    const forged = serverLogMark()
    const [answer] = await Promise.all([page.waitForResponse(`${baseURL}/seller/add`), page.getByRole('button', { name: 'Send' }).click()])
    expect(answer.status()).toBe(500)
    await expectLoggedOnceEach(forged, 'POST', '/seller/add', 1)
    const stored = await adminApi(request, 'GET', '/api/orders?where[fullName][equals]=Olga%20Otherside&depth=0')
    expect(stored.totalDocs).toBe(0)

    // A body that does not read as the form it says it is, from the site's own page.
    const garbled = serverLogMark()
    const unreadable = await page.request.post('/seller/add', {
      headers: { Origin: new URL(baseURL!).origin, 'Content-Type': 'multipart/form-data; boundary=x' },
      data: 'fullName=Una',
      maxRedirects: 0,
    })
    expect(unreadable.status()).toBe(500)
    await expectLoggedOnceEach(garbled, 'POST', '/seller/add', 1)
    expect((await adminApi(request, 'GET', '/api/orders?where[fullName][equals]=Una&depth=0')).totalDocs).toBe(0)
  })
})

test('offline, the last Today list is shown and marked, and a tap sends nothing', async ({ page, request }, testInfo) => {
  const stamp = Date.now()
  const fullName = `Olive Offline ${stamp}`
  await ownAddress(page, testInfo)
  let order: Order | undefined
  try {
    await placeOrder(page, fullName, `offline-${stamp}@example.com`)
    order = await storedOrderNamed(request, fullName)
    // Confirmed, with its time arranged by text: on today's list.
    await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { status: 'confirmed' })
    const card = page.locator(`article[data-reference="${order.reference}"]`)

    await signInWithTodayKept(page)
    await expect(card).toBeVisible()

    await page.context().setOffline(true)
    await page.goto('/seller')
    await expect(page.getByRole('status')).toContainText('Offline: the list as loaded')
    await expect(card).toContainText(fullName)
    await screenshots(page, 'seller-offline', { colorSchemes: ['light', 'dark'] })

    await card.getByRole('button', { name: 'Ready' }).click()
    await expect(page.getByRole('heading', { name: 'You are offline: nothing was sent.' })).toBeVisible()
    await page.context().setOffline(false)
    expect(((await adminApi(request, 'GET', `/api/orders/${order.id}?depth=0`)) as Order).status).toBe('confirmed')

    // Signed out, the next visit online takes the kept list off the phone.
    await page.context().clearCookies()
    await page.goto('/seller')
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fseller$/)
    expect(await page.evaluate(async () => Boolean(await caches.match('/seller')))).toBe(false)
  } finally {
    await page.context().setOffline(false)
    if (order) await request.delete(`/api/orders/${order.id}`, { headers: { Authorization: `JWT ${await adminToken(request)}` } })
  }
})

test('signed out in the admin, the phone keeps no list of customers: offline, Today shows none of them', async ({ page, request }, testInfo) => {
  const stamp = Date.now()
  const fullName = `Sid Signout ${stamp}`
  await ownAddress(page, testInfo)
  let order: Order | undefined
  try {
    await placeOrder(page, fullName, `signout-${stamp}@example.com`)
    order = await storedOrderNamed(request, fullName)
    await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { status: 'confirmed' })

    await signInWithTodayKept(page)

    // The admin's own Log out, as the seller leaves a shared or lost phone.
    await page.goto('/admin/logout')
    await expect(page).toHaveURL(/\/admin\/login/)
    await expect(page.getByRole('button', { name: /login/i })).toBeVisible()

    await page.context().setOffline(true)
    // With nothing kept, the browser has no page to show offline at all.
    await page.goto('/seller').catch(() => undefined)
    await expect(page.getByText(fullName)).toHaveCount(0)
    await expect(page.getByText('Offline: the list as loaded')).toHaveCount(0)
    await screenshots(page, 'seller-offline-signed-out')
  } finally {
    await page.context().setOffline(false)
    if (order) await request.delete(`/api/orders/${order.id}`, { headers: { Authorization: `JWT ${await adminToken(request)}` } })
  }
})
