// What the seller sees of the waiting line (#52): Admin → Waiting line with places in several
// states (waiting, holding jars, removed), Remove behind its confirmation step, and the daily
// screen's "jars held for the waiting line". Places are taken as visitors take them, by the join
// form on /order; jars come free as the seller adds them to the batch through the REST API (the
// batches' hook offers them to the line, whatever freed them). Every file of a worker shares its
// server: places left in line by a file before this one are removed first, through the view, so
// the jars freed here go to this file's places; this file's own are removed at the end, with the
// line off again, and the menu's link is then gone, as on a fresh site.
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'

import { addBatch, adminPageSettled, adminRestFrom, expect, followAdminMenu, screenshots, sellWithoutLimit, test, withAdminSession } from './fixtures'

// Its own client address: each sign-in counts against the per-address login allowance.
const api = adminRestFrom('198.51.100.152')

const VIEW = '/admin/waiting-line'
const setLine = (enabled: boolean) => api('POST', '/api/globals/stock', { waitingLine: { enabled, holdHours: 2, placeDays: 30 } })

test.describe.configure({ timeout: 180_000 })

test.afterEach(async () => {
  await setLine(false)
  await sellWithoutLimit(api)
})

// Each test is its own visitor for the join form's per-client limits.
test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.152.${testInfo.retry}.${testInfo.title.length % 250}` })
})

/**
 * Follows a Remove… link and waits until the page has settled, as the seller reads the confirmation
 * before tapping: a tap on "Remove from line" while Payload's template still starts lands beside it
 * (`adminPageSettled`; seen under load, 2 taps in 14 made 0.4 s after the link).
 */
async function openRemove(page: Page, remove: Locator) {
  await remove.click()
  await page.waitForURL(/[?&]remove=/)
  await expect(page.getByTestId('waiting-line-confirm')).toBeVisible()
  await adminPageSettled(page)
}

/** Removes every place still in line, one after another, as the seller would with the view's Remove. */
async function removeEveryPlace(page: Page) {
  for (;;) {
    await page.goto(VIEW)
    const remove = page.getByRole('link', { name: 'Remove…' }).first()
    if ((await remove.count()) === 0) return
    await openRemove(page, remove)
    await page.getByRole('button', { name: 'Remove from line' }).click()
    await expect(page.getByTestId('waiting-line-done')).toContainText('Removed ')
  }
}

/** Takes a place with the join form on /order, as a visitor does. */
async function join(page: Page, place: { email: string; phone?: string; jars: 1 | 3 | 6 }) {
  await page.goto('/order')
  const form = page.getByTestId('sold-out').getByRole('form', { name: 'Get in line' })
  await form.getByLabel('Email *').fill(place.email)
  if (place.phone) await form.getByLabel('Phone (optional)').fill(place.phone)
  await form.getByLabel('Flavor').selectOption({ label: 'Peach Ginger' })
  await form.getByRole('radio', { name: place.jars === 1 ? '1 jar' : `${place.jars} jars` }).check()
  await form.getByRole('button', { name: 'Get in line' }).click()
  await expect(form.getByTestId('form-message')).toContainText('in line for Peach Ginger')
}

/**
 * The seller signed in, the line on and empty, and Peach Ginger sold out in the batch open now
 * (counted per flavor: nothing else left either), until /order offers its line. Returns the batch.
 */
async function peachSoldOutWithLineOn(page: Page) {
  const { docs: flavors } = (await api('GET', '/api/flavors?limit=0&pagination=false&depth=0')) as { docs: { id: number; value: string }[] }
  const peach = flavors.find((flavor) => flavor.value === 'peach-ginger')!.id
  await withAdminSession(page)
  await setLine(true)
  await removeEveryPlace(page)
  const batch = await addBatch(api, { flavors: [{ flavor: peach, made: 3, left: 0 }] })
  await expect
    .poll(async () => {
      await page.goto('/order')
      return page.getByTestId('sold-out').getByRole('form', { name: 'Get in line' }).count()
    }, { timeout: 15_000 })
    .toBe(1)
  return batch
}

const row = (page: Page, email: string): Locator => page.getByTestId('waiting-line-place').filter({ hasText: email })

test('the seller reads the line per flavor, removes places (held jars go to the next in line), and the daily screen says what is held', async ({ page, browser }) => {
  const stamp = Date.now()
  const [ana, bo, cy, di] = ['ana', 'bo', 'cy', 'di'].map((name) => `line-admin-${name}-${stamp}@example.com`)

  // A visitor is sent to sign in, and reads nobody's place.
  const visitorContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL })
  const visitor = await visitorContext.newPage()
  await visitor.goto(VIEW)
  await expect(visitor).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fwaiting-line$/)
  await visitorContext.close()

  const batch = await peachSoldOutWithLineOn(page)
  await join(page, { email: ana, phone: '(313) 555-0141', jars: 1 })
  await join(page, { email: bo, jars: 3 })
  await join(page, { email: cy, jars: 1 })
  await join(page, { email: di, jars: 1 })

  // Two jars come free: Ana's 1 fits, Bo's 3 does not (he keeps his turn), Cy's 1 fits.
  await api('PATCH', `/api/batches/${batch.id}`, { flavors: [{ ...batch.flavors![0], left: 2 }] })

  // The line on: the dashboard's card says what is held, and Waiting line in the admin's menu leads to the view.
  await page.goto('/admin')
  await expect(page.getByTestId('dashboard-card').filter({ hasText: 'Held for the waiting line' })).toContainText('2')
  await followAdminMenu(page, page.locator('#nav-waiting-line'))
  await expect(page).toHaveURL(/\/admin\/waiting-line$/)
  await expect(page.getByTestId('waiting-line-settings')).toContainText('The waiting line is on.')
  await expect(page.getByTestId('waiting-line-settings')).toContainText('held for each for 2 hours; a place is kept 30 days')
  await expect(page.getByTestId('waiting-line-settings').getByRole('link')).toHaveAttribute('href', '/admin/globals/stock')
  await expect(page.getByTestId('waiting-line-held')).toHaveText('Jars held now: 2')
  const peachLine = page.getByTestId('waiting-line-line').filter({ hasText: 'Peach Ginger' })
  await expect(peachLine.locator('td')).toHaveText(['2', '2', '2'])
  await expect(page.getByRole('heading', { level: 2, name: 'Peach Ginger' })).toBeVisible()
  await expect(page.getByTestId('waiting-line-place')).toHaveCount(4)
  await expect(row(page, ana)).toContainText('(313) 555-0141')
  await expect(row(page, ana).getByRole('cell', { name: /^Offered: holding 1 jar until / })).toBeVisible()
  await expect(row(page, bo).locator('th')).toHaveText('2')
  await expect(row(page, bo)).toContainText('Waiting')
  await expect(row(page, cy)).toContainText('Offered: holding 1 jar until')
  await expect(row(page, di)).toContainText('Waiting')
  // The view's own content (Payload's menu has contrast findings of its own, outside this view).
  const findings = await new AxeBuilder({ page }).include('.waiting-line').analyze()
  expect(findings.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([])
  await screenshots(page, 'waiting-line-admin')

  // Remove Cy, who holds a jar: a confirmation first, then the jar goes to Di, next whose count fits.
  await openRemove(page, row(page, cy).getByRole('link', { name: 'Remove…' }))
  await expect(page.getByTestId('waiting-line-confirm')).toContainText(`Remove ${cy} from the line for Peach Ginger? The 1 jar held for them goes to the next in line`)
  await screenshots(page, 'waiting-line-confirm')
  await page.getByRole('button', { name: 'Remove from line' }).click()
  await expect(page.getByTestId('waiting-line-done')).toHaveText(`Removed ${cy} (Peach Ginger) from the line. Any jars held for them went to the next in line or back on sale.`)
  await expect(page.getByTestId('waiting-line-place')).toHaveCount(3)
  await expect(row(page, di)).toContainText('Offered: holding 1 jar until')
  await expect(row(page, di).locator('th')).toHaveText('3')
  await expect(page.getByTestId('waiting-line-held')).toHaveText('Jars held now: 2')

  // Remove Bo, waiting: nothing held, nothing passed on.
  await openRemove(page, row(page, bo).getByRole('link', { name: 'Remove…' }))
  await expect(page.getByTestId('waiting-line-confirm')).not.toContainText('held for them')
  await page.getByRole('button', { name: 'Remove from line' }).click()
  await expect(page.getByTestId('waiting-line-done')).toContainText(`Removed ${bo}`)
  await expect(page.getByTestId('waiting-line-place')).toHaveCount(2)
  await expect(peachLine.locator('td')).toHaveText(['0', '2', '2'])

  // The ended places on their own list.
  await page.getByRole('link', { name: 'Recently ended' }).click()
  await expect(row(page, cy)).toContainText('Removed by the shop')
  await expect(row(page, bo)).toContainText('Removed by the shop')
  await expect(row(page, ana)).toHaveCount(0)
  await screenshots(page, 'waiting-line-ended')

  // A Remove confirmed on a page left open after the place was removed elsewhere changes nothing, and says so.
  const stale = await page.context().newPage()
  await stale.goto(VIEW)
  await openRemove(stale, row(stale, ana).getByRole('link', { name: 'Remove…' }))
  await expect(stale.getByTestId('waiting-line-confirm')).toContainText(ana)
  await page.goto(VIEW)
  await openRemove(page, row(page, ana).getByRole('link', { name: 'Remove…' }))
  await page.getByRole('button', { name: 'Remove from line' }).click()
  await expect(page.getByTestId('waiting-line-done')).toContainText(`Removed ${ana}`)
  await stale.getByRole('button', { name: 'Remove from line' }).click()
  await expect(stale.getByTestId('waiting-line-done')).toHaveText(`${ana} (Peach Ginger) was no longer in line (it was claimed, passed on or had ended): nothing changed.`)
  await stale.close()
  // Ana's jar went to nobody (Di holds one already, nobody else waits): back on sale; Di's is held.
  await expect(page.getByTestId('waiting-line-held')).toHaveText('Jars held now: 1')

  // The daily screen, on the phone: the jars held, linking to the view.
  const phone = await browser.newContext({ storageState: await page.context().storageState(), viewport: { width: 390, height: 844 }, baseURL: process.env.E2E_BASE_URL })
  try {
    const screen = await phone.newPage()
    await screen.goto('/seller')
    await expect(screen.getByTestId('held-for-line')).toHaveText('1 jar held for the waiting line →')
    await expect(screen.getByTestId('held-for-line').getByRole('link')).toHaveAttribute('href', VIEW)
    await screenshots(screen, 'waiting-line-daily-screen')
  } finally {
    await phone.close()
  }

  // Everyone removed and the line off: no jars held, and no Waiting line in the menu (a fresh site's menu).
  await removeEveryPlace(page)
  await setLine(false)
  await page.goto('/seller')
  await expect(page.getByTestId('to-collect')).toBeVisible()
  await expect(page.getByTestId('held-for-line')).toHaveCount(0)
  await page.goto('/admin')
  await expect(page.locator('#nav-customers')).toBeAttached()
  await expect(page.locator('#nav-waiting-line')).toHaveCount(0)
  await expect(page.getByTestId('dashboard-card').filter({ hasText: 'Held for the waiting line' })).toHaveCount(0)
  // The view still answers the seller, saying the line is off.
  await page.goto(VIEW)
  await expect(page.getByTestId('waiting-line-settings')).toContainText('The waiting line is off')
  await expect(page.getByTestId('waiting-line-held')).toHaveText('Jars held now: 0')
})

/** The seller, signed in on the waiting line's view, with `email` alone in line for a sold-out Peach Ginger. */
async function aloneInPeachLine(page: Page, email: string) {
  await peachSoldOutWithLineOn(page)
  await join(page, { email, jars: 1 })
  await page.goto(VIEW)
}

// The page's scripts (Next's chunks): held back, the page is its server's HTML alone.
const SCRIPTS = /\/_next\/static\/.+\.js(\?|$)/

test('a tap on "Remove from line" made before the page’s scripts have loaded is posted by the form itself', async ({ page }) => {
  const eve = `line-admin-eve-${Date.now()}@example.com`
  await aloneInPeachLine(page, eve)
  const confirmation = await row(page, eve).getByRole('link', { name: 'Remove…' }).getAttribute('href')

  const held: { continue: () => Promise<void> }[] = []
  await page.route(SCRIPTS, (route) => void held.push(route))
  await page.goto(confirmation!, { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Remove from line' }).click()
  await page.unroute(SCRIPTS)
  // Their page is gone (the post's answer replaced it): the browser dropped them.
  for (const route of held.splice(0)) await route.continue().catch(() => undefined)
  await expect(page.getByTestId('waiting-line-done')).toHaveText(`Removed ${eve} (Peach Ginger) from the line. Any jars held for them went to the next in line or back on sale.`)
  const { docs } = (await api('GET', `/api/waiting-line?where[email][equals]=${encodeURIComponent(eve)}&depth=0`)) as { docs: { status: string }[] }
  expect(docs.map((place) => place.status)).toEqual(['removed'])
})

test('"Remove from line" stays under the seller’s finger while Payload’s template starts (its menu shown for one render)', async ({ page }) => {
  const gus = `line-admin-gus-${Date.now()}@example.com`
  await aloneInPeachLine(page, gus)
  await openRemove(page, row(page, gus).getByRole('link', { name: 'Remove…' }))
  const button = page.getByRole('button', { name: 'Remove from line' })
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport)
    const settled = await button.boundingBox()
    // The classes Payload's template has for that one render (docs/upstream/payload-admin-nav-shift.md).
    await page.locator('.template-default').evaluate((template) => {
      template.classList.add('template-default--nav-open')
      template.classList.remove('template-default--nav-animate')
    })
    expect(await button.boundingBox()).toEqual(settled)
    await page.locator('.template-default').evaluate((template) => {
      template.classList.remove('template-default--nav-open')
      template.classList.add('template-default--nav-animate')
    })
  }
  await button.click()
  await expect(page.getByTestId('waiting-line-done')).toContainText(`Removed ${gus}`)
})
