// The sellers run the business from their phones: no admin page they open may scroll sideways at
// 390 × 844. Lists, documents (an order and its e-mails among them), globals, the seller's own views,
// the dashboard and the account page, measured as they show once Payload has filled its header (the
// breadcrumb's last item, a document's title, is set after the page starts). A list's table scrolls
// inside its own scroller, as Payload means it to; the page must not. Filled in as the sellers'
// pages are: a batch with its supplier's lots and orders, the recall of it and of the lot, a drill's
// record, a statement just uploaded, an export ready to download, and Payload's side menu opened.
// In dark mode (Account → Theme, or the phone's own setting), the buttons that stand out by their
// colour keep their text readable.

import type { Page } from '@playwright/test'

import { CUSTOMERS_VIEW, JAR_LABELS_VIEW, OPERATIONS_VIEW, PREP_SHEET_VIEW, RECALL_VIEW, STATEMENTS_VIEW, WAITING_LINE_VIEW } from '@/features/admin/adminViews'

import { businessDay, storedDay } from '@/shared/time'

import { addOrderOnDailyScreen, adminApi, adminPageSettled, expect, openAdminDocument, test, withAdminSession } from './fixtures'

test.use({ viewport: { width: 390, height: 844 } })

// Payload draws every list, document and global with the same few views: the busiest of each
// stand for the rest (a full walk of all 50-odd pages took 30 s), and every view of our own is here.
const LISTS = ['orders', 'email-outbox', 'reviews', 'batches']
const GLOBALS = ['site-settings', 'fulfilment', 'email-templates']
const VIEWS = [CUSTOMERS_VIEW.url, PREP_SHEET_VIEW.url, JAR_LABELS_VIEW.url, RECALL_VIEW.url, STATEMENTS_VIEW.url, WAITING_LINE_VIEW.url, OPERATIONS_VIEW.url, '/admin/account']

type Doc = { id: number }

/** A statement as Venmo exports it (tests/fixtures/statements/venmo.csv), with these payments in it. */
function venmoStatement(payments: { id: string; note: string; name: string; amount: number }[]) {
  const paidAt = new Date().toISOString().slice(0, 19)
  return [
    'Account Statement - (@Seamoss-Detroit) - November 1st to November 28th 2026 ,,,,,,,,,,,,,,,,,,,,,',
    'Account Activity,,,,,,,,,,,,,,,,,,,,,',
    ',ID,Datetime,Type,Status,Note,From,To,Amount (total),Amount (tip),Amount (tax),Amount (fee),Tax Rate,Tax Exempt,Funding Source,Destination,Beginning Balance,Ending Balance,Statement Period Venmo Fees,Terminal Location,Year to Date Venmo Fees,Disclaimer',
    ...payments.map(({ id, note, name, amount }) => `,${id},${paidAt},Payment,Complete,${note},${name},Seamoss Detroit,+ $${amount}.00,,0,,0,,,Venmo balance,,,,Venmo,,`),
  ].join('\n')
}

/**
 * WCAG's contrast ratio of an element's text to its own background colour (the coloured buttons set
 * both), in the theme the page shows.
 */
function textContrast(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const style = getComputedStyle(element)
      const luminance = (color: string) => {
        const [r, g, b] = color
          .match(/[\d.]+/g)!
          .slice(0, 3)
          .map((channel) => {
            const value = Number(channel) / 255
            return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
          })
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
      }
      const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a)
      return (light! + 0.05) / (dark! + 0.05)
    })
}

/**
 * How far the page reaches past the screen, and the outermost elements that take it there (not
 * those inside a scroller of their own, which scroll there), or null when it fits.
 */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const screen = window.innerWidth
    const pageWidth = document.documentElement.scrollWidth
    if (pageWidth <= screen) return null
    const inScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true
      }
      return false
    }
    const past = new Set([...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > screen + 0.5 && !inScroller(element)))
    const outermost = [...past].filter((element) => !past.has(element.parentElement!))
    const name = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`
    return `${pageWidth} px wide: ${outermost.map((element) => `${name(element)} (right ${Math.round(element.getBoundingClientRect().right)} px)`).join(', ') || 'a pseudo-element'}`
  })
}

test("no admin page scrolls sideways on the seller's phone", async ({ page, request }) => {
  test.setTimeout(180_000) // some 45 admin pages, each a server render: 25–35 s, over a minute on a busy machine
  await withAdminSession(page)
  const stamp = Date.now()
  // A batch made from a supplier's lot, opened now: the order below takes its jars from it. No limit
  // on jars, as a fresh site sells, for the files after this one.
  const { doc: lot } = await adminApi(request, 'POST', '/api/supplier-lots', { ingredient: 'Sea moss', supplier: 'Ocean Harvest Wildcrafted Co-operative', lot: `PH-${stamp}` })
  const { doc: batch } = await adminApi(request, 'POST', '/api/batches', {
    madeOn: storedDay(businessDay(new Date()).key),
    opensAt: new Date(Date.now() - 1_000).toISOString(),
    announce: false,
    jarsLeft: null,
    supplierLots: [lot.id],
  })
  // An order with its e-mails: a document's title in the header is as long as the seller's data.
  const customer = `Pat Phone ${stamp}`
  const reference = await addOrderOnDailyScreen(page, { source: 'Text or call', fullName: customer, flavors: ['Mixed Berry'], method: 'Delivery', email: `phone-${stamp}@example.com` })
  const order = ((await adminApi(request, 'GET', `/api/orders?depth=0&where[reference][equals]=${reference}`)) as { docs: (Doc & { totalPrice: number })[] }).docs[0]
  try {
    const emails = async () => ((await adminApi(request, 'GET', `/api/email-outbox?depth=0&where[about][equals]=order:${order.id}`)) as { docs: (Doc & { subject: string })[] }).docs
    await expect.poll(async () => (await emails()).length).toBeGreaterThan(0)

    const wide: string[] = []
    const measure = async (path: string, ready: () => Promise<void>) => {
      await page.goto(path)
      await adminPageSettled(page)
      await ready()
      const overflow = await sidewaysOverflow(page)
      if (overflow) wide.push(`${path}: ${overflow}`)
    }
    const titled = (title?: string) => () => expect(page.locator('.step-nav__last')).toHaveText(title ?? /./)

    for (const email of await emails()) await measure(`/admin/collections/email-outbox/${email.id}`, titled(email.subject))
    await measure(`/admin/collections/orders/${order.id}`, titled(customer))
    await measure(`${CUSTOMERS_VIEW.url}?q=${stamp}`, titled())
    // The seeded ones: a flavor (a photo, lists of ingredients), the example supplier lot.
    for (const slug of ['flavors', 'supplier-lots']) {
      const [first] = ((await adminApi(request, 'GET', `/api/${slug}?depth=0&limit=1`)) as { docs: Doc[] }).docs
      await measure(`/admin/collections/${slug}/${first.id}`, titled())
    }
    for (const slug of LISTS) await measure(`/admin/collections/${slug}`, () => expect(page).toHaveURL(/[?&]limit=/))
    for (const slug of GLOBALS) await measure(`/admin/globals/${slug}`, titled())
    for (const path of VIEWS) await measure(path, titled())
    await measure('/admin', () => expect(page.getByRole('region', { name: 'Business at a glance' })).toBeVisible())

    // The batch with its lots and its order, the recall of each, and a drill's record.
    await measure(`/admin/collections/batches/${batch.id}`, titled())
    const recallRows = () => expect(page.getByTestId('recall-row')).toHaveCount(1)
    await measure(`${RECALL_VIEW.url}?scope=lot&lot=${lot.id}`, recallRows)
    await measure(`${RECALL_VIEW.url}?scope=batch&batch=${batch.id}`, recallRows)
    await page.getByRole('button', { name: 'Practice recall (drill)' }).click()
    await expect(page).toHaveURL(/\/admin\/recall\/\d+$/)
    const drill = page.url().split('/').pop()
    await measure(page.url(), () => expect(page.getByTestId('record-customers')).toHaveText('1'))
    await measure(`/admin/collections/recalls/${drill}`, titled())

    // A statement just uploaded: a payment matched to the order, and one of nobody's.
    const statement = venmoStatement([
      { id: `${stamp}001`, note: `${reference} thanks!`, name: customer, amount: order.totalPrice },
      { id: `${stamp}002`, note: 'rent', name: `Nobody Known ${stamp}`, amount: 612 },
    ])
    await page.goto(STATEMENTS_VIEW.url)
    await page.getByLabel(/^Statement file/).setInputFiles({ name: 'venmo.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) })
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByTestId('statement-answer')).toContainText('2 payments added')
    const overflow = await sidewaysOverflow(page)
    if (overflow) wide.push(`${STATEMENTS_VIEW.url} with a statement: ${overflow}`)

    // An export ready to download.
    const { doc: exported } = await adminApi(request, 'POST', '/api/exports', { name: `phone-${stamp}`, collectionSlug: 'orders', format: 'csv' })
    await measure(`/admin/collections/exports/${exported.id}`, () => expect(page.getByTestId('export-status')).toContainText('Ready to download'))

    expect(wide, 'pages wider than the phone').toEqual([])

    // Payload's side menu, opened on the phone with every group shown: each link within the screen.
    await page.goto('/admin')
    await adminPageSettled(page)
    await page.getByRole('button', { name: 'Open Menu' }).filter({ visible: true }).first().click()
    await expect(page.locator('.nav--nav-open')).toBeVisible()
    await expect(page.locator('.nav-group--collapsed')).toHaveCount(0)
    const menuPast = await page.locator('.nav a').evaluateAll((links) => links.filter((link) => link.getBoundingClientRect().right > window.innerWidth).map((link) => link.textContent))
    expect(menuPast, 'menu links past the screen').toEqual([])
    // Scrolled, the links pass under the strip that holds the close button: it hides them.
    await expect(page.locator('.nav__header')).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)')

    // Dark mode: the coloured buttons' white text reads at WCAG AA's 4.5:1 at least.
    await page.emulateMedia({ colorScheme: 'dark' })
    await openAdminDocument(page, `/admin/collections/orders/${order.id}`)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    expect(await textContrast(page, '.mark-paid__button'), 'Mark paid').toBeGreaterThanOrEqual(4.5)
    await page.goto(`${RECALL_VIEW.url}?scope=batch&batch=${batch.id}`)
    const tell = page.getByRole('link', { name: /^E-mail this customer/ })
    const drillButton = page.getByRole('button', { name: 'Practice recall (drill)' })
    expect(await textContrast(page, '.recall__tell'), 'E-mail this customer').toBeGreaterThanOrEqual(4.5)
    // The real recall stands apart from the drill beside it.
    expect(await tell.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(await drillButton.evaluate((element) => getComputedStyle(element).backgroundColor))
  } finally {
    // Kept out of the other spec files' counts of open orders, and no payment left waiting for them.
    await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { status: 'cancelled' })
    await page.emulateMedia({ colorScheme: null })
    await page.goto(STATEMENTS_VIEW.url)
    for (const row of [customer, `Nobody Known ${stamp}`]) {
      const leave = page.getByTestId('statement-row').filter({ hasText: row }).getByRole('button', { name: 'Leave', exact: true })
      if (await leave.count()) {
        await leave.click()
        await expect(page.getByTestId('statement-answer')).toContainText(/payments? left/)
      }
    }
  }
})
