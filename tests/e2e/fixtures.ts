import fs from 'node:fs'
import path from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type APIRequestContext, type Cookie, type Locator, type Page } from '@playwright/test'

import { POPUP_DISMISSED_KEY } from '@/features/discounts/popupMemory'
import { WEEKDAYS, type Weekday, weekdayOf } from '@/features/ordering/windows'
import type { Batch } from '@/payload-types'
import { addDays, businessDay, storedDay, zonedInstant } from '@/shared/time'

import { ADMIN, type E2EServer } from './global-setup'

/**
 * This worker's own server (global-setup.ts starts one per worker; a restarted worker keeps its
 * `TEST_PARALLEL_INDEX`, so its server): named in the environment the spec files read,
 * E2E_BASE_URL, E2E_MAIL_DIR and E2E_SERVER_LOG, before any of them runs.
 */
const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]') as E2EServer[]
const ownServer = servers[Number(process.env.TEST_PARALLEL_INDEX ?? 0)]
if (ownServer) Object.assign(process.env, { E2E_BASE_URL: ownServer.baseURL, E2E_MAIL_DIR: ownServer.mailDir, E2E_SERVER_LOG: ownServer.serverLog })

export type ReceivedMail = { to: string; subject: string; text: string; html: string; replyTo?: string }

export const test = base.extend<{ baseURL: string; emailPopup: 'suppressed' | 'allowed' }>({
  // The server's port is chosen by the global setup, after the config is read.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL!)
  },
  // The home page's sign-up dialog makes the page behind it inert; only its own tests let it open.
  emailPopup: ['suppressed', { option: true }],
  context: async ({ context, emailPopup }, use) => {
    if (emailPopup === 'suppressed') {
      await context.addInitScript((key) => window.localStorage.setItem(key, String(Date.now())), POPUP_DISMISSED_KEY)
    }
    await use(context)
  },
})

export { expect }

/** Every e-mail the test SMTP server has received so far. */
export function receivedMail(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR!
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail)
}

export async function waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = receivedMail().find(match)
    if (found) return found
    if (Date.now() > deadline) throw new Error('expected e-mail did not arrive')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

export function serverLog(): string {
  return fs.readFileSync(process.env.E2E_SERVER_LOG!, 'utf8')
}

/** How much the server has printed so far: pass it to `serverLogSince`. */
export const serverLogMark = (): number => fs.statSync(process.env.E2E_SERVER_LOG!).size

/** The lines the server printed after `mark`. */
export function serverLogSince(mark: number): string[] {
  return fs.readFileSync(process.env.E2E_SERVER_LOG!).subarray(mark).toString('utf8').split('\n').filter(Boolean)
}

/**
 * A request Next refused is logged once, in one line, by the site's `onRequestError`
 * (src/instrumentation.ts: `[<route type>] <METHOD> <path>: <error>`), and no stack into any file
 * is printed for it: Next's own print of the error hides its frames in production, leaving at
 * most a built-in one (`at JSON.parse (<anonymous>)`). Waits for `count` such lines about `path`
 * after `mark` (a line can follow its answer), then checks that no more come.
 */
export async function expectLoggedOnceEach(mark: number, method: string, path: string, count: number) {
  const requestLines = () => serverLogSince(mark).filter((line) => /^\[(?:action|render|route|proxy)\] /.test(line) && line.slice(line.indexOf(' ') + 1).startsWith(`${method} ${path}: `))
  await expect.poll(() => requestLines().length, { message: `one log line for each ${method} ${path}` }).toBeGreaterThanOrEqual(count)
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(requestLines(), `one log line for each ${method} ${path}`).toHaveLength(count)
  const framesInFiles = serverLogSince(mark).filter((line) => /^\s+at /.test(line) && /\/|node:/.test(line))
  expect(framesInFiles, 'stack frames printed').toEqual([])
}

/**
 * An admin session for the REST API, as the seller's browser would hold it. Kept for a few minutes
 * and shared by the worker's spec files: every sign-in counts against the per-address login
 * allowance that all of them share on the worker's server.
 */
let session: { token: string; until: number } | undefined
export async function adminToken(request: APIRequestContext): Promise<string> {
  if (session && session.until > Date.now()) return session.token
  const response = await request.post('/api/users/login', { data: ADMIN })
  expect(response.ok()).toBeTruthy()
  session = { token: (await response.json()).token as string, until: Date.now() + 5 * 60_000 }
  return session.token
}

/** No pickup or delivery times, as the seed has it: run after every test that sets some, even one that timed out. */
export async function removeWindows(request: APIRequestContext) {
  await adminApi(request, 'POST', '/api/globals/fulfilment', { windows: [] })
}

export async function adminApi(request: APIRequestContext, method: 'GET' | 'PATCH' | 'POST', url: string, data?: unknown) {
  let response = await request.fetch(url, { method, data, headers: { Authorization: `JWT ${await adminToken(request)}` } })
  if (response.status() === 401 || response.status() === 403) {
    // The kept session ended (a test signed out, or changed the password): sign in again.
    session = undefined
    response = await request.fetch(url, { method, data, headers: { Authorization: `JWT ${await adminToken(request)}` } })
  }
  expect(response.ok(), `${method} ${url} → ${response.status()}`).toBeTruthy()
  return response.json()
}

/**
 * Signs the seller in through the admin's own login form, as a person would. Only the test that
 * checks the sign-in itself uses it; the others take the kept session (`loginToAdmin`).
 */
export async function loginThroughForm(page: Page) {
  await page.goto('/admin/login')
  await page.getByLabel(/email/i).fill(ADMIN.email)
  await page.getByLabel(/password/i).first().fill(ADMIN.password)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/admin$/)
}

/**
 * The session cookie Payload set at this worker's last admin sign-in, kept as a browser keeps it:
 * each test's page gets it, so the form and the password's hashing are gone through once, not
 * once a test, and the per-address login allowance the worker's spec files share is spared.
 */
let adminCookies: Cookie[] | undefined

/**
 * Gives the page's browser the seller's session, opening no page: signed in through Payload's
 * `POST /api/users/login` from the page's own request context (which shares the browser's
 * cookies), so the cookie is the one Payload sets. A kept session that no longer signs in (a test
 * signed out, or changed the password) is replaced by a new sign-in.
 */
export async function withAdminSession(page: Page) {
  const context = page.context()
  if (adminCookies) {
    await context.addCookies(adminCookies)
    // Payload reads the session cookie only from a request its browser marks as the site's own
    // (Sec-Fetch-Site, or an Origin it trusts): without it this check never saw the kept session.
    const me = await page.request.get('/api/users/me', { headers: { 'Sec-Fetch-Site': 'same-origin' } })
    if (me.ok() && (await me.json()).user) return
  }
  const key = (cookie: Cookie) => `${cookie.name}=${cookie.value}`
  const before = new Set((await context.cookies()).map(key))
  const login = await page.request.post('/api/users/login', { data: ADMIN })
  expect(login.ok(), `admin login → ${login.status()}`).toBeTruthy()
  adminCookies = (await context.cookies()).filter((cookie) => !before.has(key(cookie)))
  expect(adminCookies, 'the session cookie set by the login').not.toEqual([])
}

/** The seller, signed in, on the admin's dashboard. */
export async function loginToAdmin(page: Page) {
  await withAdminSession(page)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin$/)
}

/**
 * Opens an admin list and waits until it has settled its own address: once loaded, Payload writes
 * its query (limit, sort) into the address with a router replace, which undoes a navigation a
 * click started just before. A person would tap again; a test waits instead.
 */
export async function openAdminList(page: Page, slug: string) {
  await page.goto(`/admin/collections/${slug}`)
  await expect(page).toHaveURL(/[?&]limit=/)
}

/**
 * Opens an admin edit form (a document or a global) and waits until Payload marks it ready: a click
 * on "Add" or a row's menu before the form has mounted and loaded its state does nothing, and
 * the field it should have made never appears.
 */
export async function openAdminDocument(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('form[data-form-ready="true"]')).toBeAttached()
}

/**
 * Waits until an admin page (at most 1440 px wide) has started its scripts and closed its side menu
 * again: Payload's template shows the menu for a moment as it starts, before it has measured the
 * window, shifting the page aside, and a tap made then lands beside its button and does nothing.
 * The tap itself makes React start that part of the page at once, so it moves under the finger.
 */
export async function adminPageSettled(page: Page) {
  await expect(page.locator('.template-default--nav-hydrated:not(.template-default--nav-open)')).toBeAttached()
}

/**
 * Follows a link of the admin's side menu. Below 1440 px Payload closes the menu once the page has
 * measured the window, a moment after it shows (a closed menu is inert), so the menu is opened
 * again, as a seller would, until the link answers.
 */
export async function followAdminMenu(page: Page, link: Locator) {
  await expect(async () => {
    const openMenu = page.getByRole('button', { name: 'Open Menu' }).filter({ visible: true })
    if (await openMenu.count()) await openMenu.first().click({ timeout: 2_000 })
    await link.click({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
}

/**
 * Chooses `option` in one of the admin's select fields (`#field-<name>`). A click that lands while
 * the edit form is still settling opens nothing, so the list is opened again until the option shows.
 */
export async function chooseInAdminSelect(page: Page, field: string, option: string) {
  const select = page.locator(`#field-${field}`)
  await expect(async () => {
    await select.click()
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await expect(select).toContainText(option)
}

/**
 * With the page's clock installed before its `goto` (`page.clock.install()`), lets the home page's
 * sign-up popup's 3 seconds pass at once (emailPopup.e2e.spec.ts checks the seconds themselves) and
 * returns the dialog, shown. The popup counts them from the page's load, or from its script's start
 * when that comes later, which can be just after `goto` returned (seen 2 ms after): a clock moved on
 * before then leaves them to pass in real time, so it is moved on again until the dialog shows.
 */
export async function fastForwardToPopup(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Get 25% Off Your First Order' })
  await expect(async () => {
    await page.clock.fastForward(3_000)
    await expect(dialog).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  return dialog
}

/** Fails on any serious or critical accessibility violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([])
}

/**
 * A REST client signed in once as the admin, from a client address of its own: each sign-in
 * counts against the per-address login allowance the whole suite shares.
 */
export function adminRestFrom(address: string) {
  let token: string | undefined
  return async function api(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, data?: unknown) {
    const base = process.env.E2E_BASE_URL!
    if (!token) {
      const login = await fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(ADMIN),
      })
      expect(login.ok, `admin login → ${login.status}`).toBeTruthy()
      token = ((await login.json()) as { token: string }).token
    }
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { Authorization: `JWT ${token}`, ...(data === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: data === undefined ? undefined : JSON.stringify(data),
    })
    expect(response.ok, `${method} ${url} → ${response.status}`).toBeTruthy()
    return response.json()
  }
}

/**
 * The weekday (as Shop → Pickup & delivery stores it) `days` calendar days after today on the
 * seller's calendar, by the day module the server uses: whole days, not 24-hour steps (a day
 * across a summer-time change has 23 or 25 hours), and never UTC's date.
 */
export function weekdayIn(days: number): Weekday {
  return WEEKDAYS[weekdayOf(addDays(businessDay(new Date()).key, days))].value
}

/** An admin REST client made by `adminRestFrom`. */
export type AdminRest = ReturnType<typeof adminRestFrom>

/**
 * Adds a batch through the REST API, as the seller adds one in Shop → Batches: made today and
 * opened a second ago unless `fields` say otherwise, so by default it is the batch opened last,
 * the one orders take from. Not announced to the e-mail list unless asked: the list holds the
 * other spec files' visitors.
 */
export async function addBatch(api: AdminRest, fields: Partial<Omit<Batch, 'id'>> = {}): Promise<Batch> {
  // Made today as the seller's day picker stores it (noon UTC of the day): an instant's UTC date is tomorrow in a Detroit evening.
  const { doc } = await api('POST', '/api/batches', { madeOn: storedDay(businessDay(new Date()).key), opensAt: new Date(Date.now() - 1_000).toISOString(), announce: false, ...fields })
  return doc as Batch
}

/** The batch orders take from now (the one opened last), or null while the seller keeps none. */
export async function batchOpenNow(api: AdminRest): Promise<Batch | null> {
  const opened = encodeURIComponent(new Date().toISOString())
  const { docs } = await api('GET', `/api/batches?where[opensAt][less_than_equal]=${opened}&sort=-opensAt&limit=1&depth=0`)
  return (docs[0] as Batch | undefined) ?? null
}

/**
 * No limit on jars, as a fresh site sells: a batch that took orders cannot be deleted, so a new
 * one without a count is opened after it, unless the open batch already has no limit.
 */
export async function sellWithoutLimit(api: AdminRest): Promise<void> {
  const open = await batchOpenNow(api)
  if (open && !open.flavors?.length && open.jarsLeft == null && !open.closesAt) return
  await addBatch(api, { jarsLeft: null })
}

/**
 * The refill plans' suites: a weekly pickup time four days from now (past the 24-hour notice,
 * within the two weeks offered) before each test; afterwards the time is removed and the plans
 * stopped, so later spec files see the seed. Registers the hooks in the calling file.
 */
export function withWeeklyPickupForRefills(api: AdminRest): void {
  test.beforeEach(async () => {
    await api('POST', '/api/globals/fulfilment', { windows: [{ method: 'pickup', weekday: weekdayIn(4), start: '10:00', end: '14:00', place: 'Eastern Market' }] })
  })
  test.afterEach(async ({ request }) => {
    await removeWindows(request)
    const { docs } = (await api('GET', '/api/refill-plans?depth=0&limit=100&where[status][not_equals]=stopped')) as { docs: { id: number }[] }
    for (const plan of docs) await api('PATCH', `/api/refill-plans/${plan.id}`, { status: 'stopped' })
  })
}

/**
 * For a test that works out the seller's today apart from the server and compares the two: one
 * started in the last two minutes of that day waits for the next, so both read the same day.
 */
export async function awayFromMidnight(): Promise<void> {
  const now = new Date()
  const untilTomorrow = zonedInstant(addDays(businessDay(now).key, 1), '00:00').getTime() - now.getTime()
  if (untilTomorrow > 2 * 60_000) return
  test.info().setTimeout(test.info().timeout + untilTomorrow + 1_000)
  await new Promise((resolve) => setTimeout(resolve, untilTomorrow + 1_000))
}

/** An order taken by text, a message or in person, as the seller types it into Add order (the admin's, or the daily screen's). */
export type ByHand = { source: string; fullName: string; flavors: string[]; method: 'Pickup' | 'Delivery'; time?: string; email?: string }

/** Fills the Add order form on the page and saves it. */
export async function fillAddOrderForm(page: Page, order: ByHand) {
  const form = page.locator('.add-order__form')
  await form.getByRole('radio', { name: order.source }).check()
  await form.getByRole('radio', { name: new RegExp(`^${order.flavors.length} jars? ·`) }).check()
  for (const [index, flavor] of order.flavors.entries()) await form.getByLabel(`Jar ${index + 1} flavor`).selectOption({ label: flavor })
  await form.getByRole('radio', { name: order.method, exact: true }).check()
  if (order.time) await form.getByLabel(`${order.method} time`).selectOption({ label: order.time })
  await form.getByLabel('Full name').fill(order.fullName)
  await form.getByLabel('Phone').fill('(734) 555-0177')
  if (order.email) await form.getByLabel('E-mail (optional)').fill(order.email)
  await form.getByLabel('Address').fill('40 Liberty St')
  await form.getByLabel('City').selectOption({ label: 'Ann Arbor' })
  await form.getByLabel('ZIP code').fill('48104')
  await form.getByRole('button', { name: 'Add order' }).click()
}

/**
 * An order added with the daily screen's Add order, for a test about what comes after (the same
 * service as the admin's form, which sellerDay.e2e tests): it answers with the light New list
 * rather than the admin's edit form, about a second less an order. Its reference, as the list's
 * address names it.
 */
export async function addOrderOnDailyScreen(page: Page, order: ByHand): Promise<string> {
  await page.goto('/seller/add')
  await fillAddOrderForm(page, order)
  await expect(page).toHaveURL(/\/seller\/new\?added=/)
  return new URL(page.url()).searchParams.get('added')!
}

/**
 * With E2E_SHOTS set to a folder, the whole page at phone and desktop widths (and in each of
 * `colorSchemes`, named by it, when given); nothing otherwise. From the top: scrolled down (to a
 * focused field, say), a sticky bar would show halfway down the full page.
 */
export async function screenshots(page: Page, name: string, { colorSchemes }: { colorSchemes?: readonly ('light' | 'dark')[] } = {}) {
  const folder = process.env.E2E_SHOTS
  if (!folder) return
  fs.mkdirSync(folder, { recursive: true })
  const before = page.viewportSize()
  for (const colorScheme of colorSchemes ?? [null]) {
    if (colorScheme) await page.emulateMedia({ colorScheme })
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport)
      await page.evaluate(() => window.scrollTo(0, 0))
      const file = [name, colorScheme, viewport.width].filter(Boolean).join('-')
      await page.screenshot({ path: path.join(folder, `${file}.png`), fullPage: true })
    }
  }
  if (colorSchemes) await page.emulateMedia({ colorScheme: null })
  if (before) await page.setViewportSize(before)
}
