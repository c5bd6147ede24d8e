// The seller's day in the admin, through the real login form. Each test makes its own data the way
// customers do (the public order and review forms), so it holds whatever ran before.
import fs from 'node:fs'

import type { Page } from '@playwright/test'

import { neutralCsvCell } from '@/features/admin/csv'

import { adminApi, chooseInAdminSelect, expect, loginToAdmin, openAdminDocument, openAdminList, test, withAdminSession } from './fixtures'

type Doc = Record<string, unknown> & { id: number | string }

/** A customer's order through the public order page: the only way orders are created. */
async function placeOrder(page: Page, fullName: string, email: string) {
  await page.goto('/order?qty=3')
  await page.getByLabel('Jar 1 flavor *').selectOption({ label: 'Mixed Berry' })
  await page.getByLabel('Jar 2 flavor *').selectOption({ label: 'Mixed Berry' })
  await page.getByLabel('Jar 3 flavor *').selectOption({ label: 'Peach Ginger' })
  await page.getByRole('radio', { name: 'Delivery' }).check()
  await page.getByLabel('Full name *').fill(fullName)
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill('(734) 555-0188')
  await page.getByLabel('Address *').fill('200 Main St')
  await page.getByLabel('City *').selectOption({ label: 'Ann Arbor' })
  await page.getByLabel('ZIP code *').fill('48104')
  await page.getByLabel('Notes').fill('Leave at the side door.')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')
}

const listRow = (page: Page, text: string) => page.locator('tbody tr').filter({ hasText: text })

/** Taps a quick filter above an admin list and waits until the list shows its result. */
async function showOnly(page: Page, label: string) {
  const link = page.getByRole('navigation', { name: 'Quick filters' }).getByRole('link', { name: label, exact: true })
  // The list view settles its own address once it has loaded (Payload adds its query); a tap made
  // before that is undone by it, as it would be for a person, who would tap again.
  await page.waitForLoadState('networkidle')
  await expect(async () => {
    await link.click()
    await expect(link).toHaveAttribute('aria-current', 'true', { timeout: 3_000 })
  }).toPass({ timeout: 20_000 })
  await page.waitForLoadState('networkidle')
}

/** The cells of one CSV line; quoted cells may hold commas. */
const csvCells = (line: string) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) => cell.replace(/^"|"$/g, '').replaceAll('""', '"'))

test('the admin dashboard shows what waits, and leads to the filtered list', async ({ page, request }) => {
  await placeOrder(page, `Dana Dashboard ${Date.now()}`, `dashboard-${Date.now()}@example.com`)
  const waiting = await adminApi(request, 'GET', '/api/orders?where[status][equals]=new&limit=0')
  const pendingReviews = await adminApi(request, 'GET', '/api/reviews?where[status][equals]=pending&limit=0')

  await loginToAdmin(page)
  const card = (label: string) => page.getByTestId('dashboard-card').filter({ hasText: label })
  await expect(card('Orders waiting').locator('strong')).toHaveText(String(waiting.totalDocs))
  await expect(card('Reviews waiting').locator('strong')).toHaveText(String(pendingReviews.totalDocs))

  await card('Orders waiting').click()
  await expect(page).toHaveURL(/\/admin\/collections\/orders\?/)
  expect(waiting.totalDocs).toBeGreaterThan(0)
  await expect(page.getByText(waiting.docs[0].fullName).first()).toBeVisible()
})

test('an order reads clearly, its status moves on, and the list filters find it', async ({ page, request }) => {
  const fullName = `Stella Status ${Date.now()}`
  await placeOrder(page, fullName, `status-${Date.now()}@example.com`)

  await withAdminSession(page)
  await openAdminList(page, 'orders')
  await showOnly(page, 'New')
  await expect(listRow(page, fullName)).toContainText('2 × Mixed Berry, 1 × Peach Ginger')
  await listRow(page, fullName).getByRole('link').first().click()

  const summary = page.getByTestId('order-overview')
  await expect(summary.getByRole('link', { name: 'Call (734) 555-0188' })).toHaveAttribute('href', 'tel:+17345550188')
  await expect(summary.getByRole('link', { name: 'Text' })).toHaveAttribute('href', 'sms:+17345550188')
  await expect(summary.getByRole('link', { name: /^E-mail status-/ })).toHaveAttribute('href', /^mailto:status-\d+@example\.com$/)
  await expect(summary.locator('.order-overview__jars').getByRole('listitem')).toHaveText(['Mixed Berry', 'Mixed Berry', 'Peach Ginger'])
  await expect(summary).toContainText('200 Main St')
  await expect(summary).toContainText('Leave at the side door.')
  await expect(summary.getByRole('row', { name: /Total/ })).toContainText('$55')
  // Prices computed by the site are shown read-only.
  await expect(page.getByLabel('Total ($)')).toBeDisabled()

  await chooseInAdminSelect(page, 'status', 'Confirmed')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Updated successfully.')).toBeVisible()

  const stored = await adminApi(request, 'GET', `/api/orders?where[fullName][equals]=${encodeURIComponent(fullName)}`)
  expect(stored.docs[0]).toMatchObject({ status: 'confirmed', totalPrice: 55 })

  await openAdminList(page, 'orders')
  await showOnly(page, 'Confirmed')
  await expect(listRow(page, fullName)).toContainText('Confirmed')
  await showOnly(page, 'New')
  await expect(listRow(page, fullName)).toHaveCount(0)
  await showOnly(page, 'Today')
  await expect(listRow(page, fullName)).toHaveCount(1)

  // Found by its phone typed another way than the order stored it ('(734) 555-0188').
  await openAdminList(page, 'orders')
  await page.getByPlaceholder('Search by Order, Full name, E-mail Or Phone').fill('734.555.0188')
  await expect(page).toHaveURL(/[?&]search=734\.555\.0188/)
  await expect(listRow(page, fullName)).toHaveCount(1)

  // Found alone by its whole reference, typed in lower case.
  const reference = (stored.docs[0] as { reference: string }).reference
  await openAdminList(page, 'orders')
  await page.getByPlaceholder('Search by Order, Full name, E-mail Or Phone').fill(reference.toLowerCase())
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await expect(listRow(page, fullName)).toHaveCount(1)
})

test('a CSV export of the orders is prepared in the background, then downloads with every order and its total', async ({ page, request }) => {
  const fullName = `Ezra Export ${Date.now()}`
  await placeOrder(page, fullName, `export-${Date.now()}@example.com`)
  const orders = (await adminApi(request, 'GET', '/api/orders?limit=0&pagination=false')).docs as Doc[]
  expect(orders.length).toBeGreaterThan(1)

  await withAdminSession(page)
  await openAdminList(page, 'orders')
  await page.locator('.list-controls .popup-button').click()
  await page.getByText('Export Orders').click()
  await expect(page.getByLabel('Limit')).toHaveValue('')
  // Saving answers at once with the export being prepared; the file is made in the background.
  const saving = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/exports')
  await page.getByRole('button', { name: 'Save' }).click()
  const saved = await (await saving).json()
  expect(saved.doc.status).toBe('preparing')
  expect(saved.doc.filename ?? null).toBeNull()
  const status = page.getByTestId('export-status')
  await expect(status).toContainText('Ready to download')
  const downloading = page.waitForEvent('download')
  await status.getByRole('link', { name: /^Download / }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.csv$/)
  const csv = fs.readFileSync(await download.path(), 'utf8')

  const [header, ...rows] = csv.replace(/^\uFEFF/, '').trim().split('\n').map(csvCells)
  expect(header).toEqual(expect.arrayContaining(['reference', 'createdAt', 'fullName', 'totalPrice', 'status']))
  expect(rows).toHaveLength(orders.length)
  const column = (row: string[], name: string) => row[header.indexOf(name)]
  for (const order of orders) {
    // By its reference: two orders may share a moment (adminTimes.e2e dates its orders alike).
    const row = rows.find((cells) => column(cells, 'reference') === order.reference)
    expect(row, `${order.fullName} ${order.reference}`).toBeDefined()
    expect(column(row!, 'createdAt')).toBe(order.createdAt)
    // As every CSV cell of the admin's: a name another file typed as a formula ("=Ross Recall") starts with '.
    expect(column(row!, 'fullName')).toBe(neutralCsvCell(order.fullName))
    expect(column(row!, 'totalPrice')).toBe(String(order.totalPrice))
  }
  expect(column(rows.find((cells) => column(cells, 'fullName') === fullName)!, 'totalPrice')).toBe('55')
})

test('a review hidden in the admin leaves /reviews and its average', async ({ page, request }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '10.77.0.1' })
  const name = `Hugo Hidden ${Date.now()}`
  await page.goto('/reviews')
  await page.getByLabel('Name').fill(name)
  await page.getByRole('radiogroup', { name: 'Rating' }).getByRole('radio', { name: '1 star', exact: true }).click()
  await page.getByLabel('Comment').fill('Not for me, sorry.')
  await page.getByRole('button', { name: 'Submit Review' }).click()
  await expect(page.getByTestId('review').filter({ hasText: name })).toHaveCount(1)

  await withAdminSession(page)
  await openAdminList(page, 'reviews')
  await showOnly(page, 'Published')
  await listRow(page, name).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Hide selected' }).click()
  await expect(page.getByText('1 review hidden.')).toBeVisible()
  await expect(listRow(page, name)).toHaveCount(0)

  const published = (await adminApi(request, 'GET', '/api/reviews?where[status][equals]=published&limit=0&pagination=false')).docs as { rating: number }[]
  const average = published.length ? published.reduce((sum, review) => sum + review.rating, 0) / published.length : 0
  await page.goto('/reviews')
  await expect(page.getByTestId('review').filter({ hasText: name })).toHaveCount(0)
  const summary = page.getByTestId('review-summary')
  await expect(summary).toContainText((Math.round(average * 10) / 10).toFixed(1))
  await expect(summary).toContainText(`${published.length} review${published.length === 1 ? '' : 's'}`)
})

test('an FAQ moved to the top and edited in the admin shows first on /faq', async ({ page, request }) => {
  const faqs = (await adminApi(request, 'GET', '/api/faqs?sort=_order&limit=0&pagination=false')).docs as (Doc & { question: string })[]
  const last = faqs[faqs.length - 1]
  const question = `Can I freeze the gel? (${Date.now()})`

  await withAdminSession(page)
  await page.goto('/admin/collections/faqs?sort=_order&limit=50')
  const handle = (row: string) => listRow(page, row).locator('.sort-row')
  await handle(last.question).hover()
  await page.mouse.down()
  const firstBox = (await handle(faqs[0].question).boundingBox())!
  await page.mouse.move(firstBox.x + firstBox.width / 2, firstBox.y + 2, { steps: 12 })
  await page.mouse.move(firstBox.x + firstBox.width / 2, firstBox.y - 4, { steps: 4 })
  await page.mouse.up()
  await expect.poll(async () => (await adminApi(request, 'GET', '/api/faqs?sort=_order&limit=1')).docs[0].id, { timeout: 10_000 }).toBe(last.id)

  // After a reorder Payload reloads the list and writes its query into the address (`&depth=1`): a
  // click on a row just before that replace is undone by it, so the click is made again until it holds.
  const editForm = new RegExp(`/admin/collections/faqs/${last.id}$`)
  await expect(async () => {
    if (!editForm.test(page.url())) await listRow(page, last.question).getByRole('link').first().click({ timeout: 2_000 })
    await expect(page).toHaveURL(editForm, { timeout: 3_000 })
  }).toPass({ timeout: 20_000 })
  await page.getByRole('textbox', { name: 'Question *' }).fill(question)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Updated successfully.')).toBeVisible()

  await expect
    .poll(async () => {
      await page.goto('/faq')
      return page.locator('details[name="faq"] summary').first().textContent()
    }, { timeout: 10_000 })
    .toContain(question)
})

test('a phone number changed in site settings shows in the header and footer', async ({ page, request }) => {
  const original = (await adminApi(request, 'GET', '/api/globals/site-settings')).phone as string
  await withAdminSession(page)
  try {
    await openAdminDocument(page, '/admin/globals/site-settings')
    await page.getByLabel('Phone (for texts and calls)').fill('(248) 555-0177')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Updated successfully.')).toBeVisible()

    await expect
      .poll(async () => {
        await page.goto('/')
        return page.getByRole('banner').getByRole('link', { name: 'Text to Order' }).getAttribute('href')
      }, { timeout: 10_000 })
      .toBe('sms:+12485550177')
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText('(248) 555-0177')
    await expect(footer.locator('a[href^="tel:"]')).toHaveAttribute('href', 'tel:+12485550177')
  } finally {
    await adminApi(request, 'POST', '/api/globals/site-settings', { phone: original })
  }
})
