// The sellers run the business from their phones: no admin page they open may scroll sideways at
// 390 × 844. Lists, documents (an order and its e-mails among them), globals, the seller's own views,
// the dashboard and the account page, measured as they show once Payload has filled its header (the
// breadcrumb's last item, a document's title, is set after the page starts). A list's table scrolls
// inside its own scroller, as Payload means it to; the page must not.

import type { Page } from '@playwright/test'

import { CUSTOMERS_VIEW, JAR_LABELS_VIEW, OPERATIONS_VIEW, PREP_SHEET_VIEW, RECALL_VIEW, STATEMENTS_VIEW, WAITING_LINE_VIEW } from '@/features/admin/adminViews'

import { addOrderOnDailyScreen, adminApi, adminPageSettled, expect, test, withAdminSession } from './fixtures'

test.use({ viewport: { width: 390, height: 844 } })

// Payload draws every list, document and global with the same few views: the busiest of each
// stand for the rest (a full walk of all 50-odd pages took 30 s), and every view of our own is here.
const LISTS = ['orders', 'email-outbox', 'reviews', 'batches']
const GLOBALS = ['site-settings', 'fulfilment', 'email-templates']
const VIEWS = [CUSTOMERS_VIEW.url, PREP_SHEET_VIEW.url, JAR_LABELS_VIEW.url, RECALL_VIEW.url, STATEMENTS_VIEW.url, WAITING_LINE_VIEW.url, OPERATIONS_VIEW.url, '/admin/account']

type Doc = { id: number }

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
  test.setTimeout(90_000) // some 25 admin pages, each a server render
  await withAdminSession(page)
  // An order with its e-mails: a document's title in the header is as long as the seller's data.
  const stamp = Date.now()
  const customer = `Pat Phone ${stamp}`
  const reference = await addOrderOnDailyScreen(page, { source: 'Text or call', fullName: customer, flavors: ['Mixed Berry'], method: 'Delivery', email: `phone-${stamp}@example.com` })
  const order = ((await adminApi(request, 'GET', `/api/orders?depth=0&where[reference][equals]=${reference}`)) as { docs: Doc[] }).docs[0]
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

    expect(wide, 'pages wider than the phone').toEqual([])
  } finally {
    // Kept out of the other spec files' counts of open orders.
    await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { status: 'cancelled' })
  }
})
