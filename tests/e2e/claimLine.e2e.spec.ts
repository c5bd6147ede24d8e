// The waiting line's offer (#52), as the customers in line meet it: jars freed by a cancelled order
// are offered by e-mail with two links; the claim link opens the order form filled in with the held
// jars, which the public still sees sold out, and the order takes them (with JavaScript and
// without); the "No thanks" link's page passes them on to the next in line and says so. Places are
// taken through /order's join form, as visitors take them; the line is switched on through the
// REST API as the admin's save does, and off again after.

import type { Browser, Page } from '@playwright/test'

import { addBatch, adminRestFrom, expect, type ReceivedMail, screenshots, sellWithoutLimit, test, waitForMail } from './fixtures'

// One admin sign-in for the REST calls of this file, from an address of its own.
const api = adminRestFrom('10.66.0.53')

const stamp = Date.now()
const address = (name: string) => `line-claim-${name}-${stamp}@example.com`

type Place = { id: number; email: string; status: string; heldCount?: number | null; order?: number | null }
type Order = { id: number; email: string; quantity: number; flavors: string; jarsFromBatch: number; status: string }

const placeOf = async (email: string) => ((await api('GET', `/api/waiting-line?depth=0&where[email][equals]=${encodeURIComponent(email)}`)) as { docs: Place[] }).docs[0]
const ordersOf = async (email: string) => ((await api('GET', `/api/orders?depth=0&where[email][equals]=${encodeURIComponent(email)}`)) as { docs: Order[] }).docs
const setLine = (enabled: boolean) => api('POST', '/api/globals/stock', { waitingLine: { enabled, holdHours: 2 } })

async function flavorIds(): Promise<Record<string, number>> {
  const { docs } = (await api('GET', '/api/flavors?limit=0&pagination=false&depth=0')) as { docs: { id: number; value: string }[] }
  return Object.fromEntries(docs.map((flavor) => [flavor.value, flavor.id]))
}

test.describe.configure({ timeout: 240_000 })

test.afterAll(async () => {
  await setLine(false)
  // The places of this file leave the line (each worker's later files share its database).
  await api('DELETE', '/api/waiting-line?where[id][exists]=true')
  await sellWithoutLimit(api)
})

/** The customer's part of the order form (the held jars' package and flavors are already chosen on the claim page). */
async function fillDetails(page: Page, who: { fullName: string; email: string }) {
  await page.getByRole('radio', { name: 'Delivery' }).check()
  await page.getByLabel('Full name *').fill(who.fullName)
  await page.getByLabel('Email *').fill(who.email)
  await page.getByLabel('Phone *').fill('(313) 555-0153')
  await page.getByLabel('Address *').fill('53 Woodward Ave')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48226')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
}

const jarSelect = (page: Page, jar: number) => page.getByLabel(`Jar ${jar} flavor *`)

/** Three Peach Ginger through /order, as any visitor orders them. */
async function orderThreePeach(page: Page, email: string): Promise<Order> {
  await page.goto('/order')
  await page.getByRole('radio', { name: /3 jars/ }).check()
  for (const jar of [1, 2, 3]) await jarSelect(page, jar).selectOption('peach-ginger')
  await fillDetails(page, { fullName: 'Bea Buyer', email })
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByTestId('order-confirmation')).toBeVisible()
  return (await ordersOf(email))[0]
}

/** A place in line for 3 Peach Ginger, through the join form folded under the order form. */
async function joinForPeach(page: Page, email: string) {
  await expect
    .poll(
      async () => {
        await page.goto('/order')
        return page.getByTestId('line-join-flavor').count()
      },
      { timeout: 15_000, intervals: [250, 500, 1000] },
    )
    .toBe(1)
  const folded = page.getByTestId('line-join-flavor')
  await folded.getByText(/Sold out of .*Peach Ginger.*\? Get in line for it/).click()
  const form = folded.getByRole('form', { name: 'Get in line' })
  await form.getByLabel('Email *').fill(email)
  await form.getByLabel('Flavor').selectOption({ label: 'Peach Ginger' })
  await form.getByRole('radio', { name: '3 jars' }).check()
  await form.getByRole('button', { name: 'Get in line' }).click()
  await expect(form.getByTestId('form-message')).toContainText('in line for Peach Ginger')
}

/** The offer e-mail to `email` and its two links (paths, to open on this server). */
async function offerTo(email: string): Promise<{ mail: ReceivedMail; claim: string; decline: string }> {
  const mail = await waitForMail((received) => received.to.includes(email) && received.subject.startsWith('Held for you until'))
  const claim = mail.text.match(/\/order\/claim\?place=[\w.%-]+/)?.[0]
  const decline = mail.text.match(/\/waiting-line\?place=[\w.%-]+/)?.[0]
  expect(claim, 'the claim link').toBeTruthy()
  expect(decline, 'the "No thanks" link').toBeTruthy()
  return { mail, claim: claim!, decline: decline! }
}

async function withoutJavaScript<T>(browser: Browser, visit: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, baseURL: process.env.E2E_BASE_URL })
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': '10.53.9.1' })
  try {
    return await visit(await context.newPage())
  } finally {
    await context.close()
  }
}

const cancel = (order: Order) => api('PATCH', `/api/orders/${order.id}`, { status: 'cancelled' })

test('an offer claimed through its link (with JavaScript and without), another passed on with "No thanks"', async ({ page, browser, context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': '10.53.1.1' })
  const [claimer, decliner, lastInLine] = [address('claimer'), address('decliner'), address('last')]
  const ids = await flavorIds()
  await addBatch(api, {
    flavors: [
      { flavor: ids['peach-ginger'], made: 6, left: 6 },
      { flavor: ids['mixed-berry'], made: 10, left: 10 },
      { flavor: ids['pineapple-mango'], made: 10, left: 10 },
    ],
  })
  await setLine(true)

  // Peach Ginger sold out by two orders; three people get in line for three jars each.
  const first = await orderThreePeach(page, address('buyer-a'))
  const second = await orderThreePeach(page, address('buyer-b'))
  for (const email of [claimer, decliner, lastInLine]) await joinForPeach(page, email)

  // The first order cancelled: its jars are held for the first in line, who gets the offer with both links.
  await cancel(first)
  const offer = await offerTo(claimer)
  expect(offer.mail.subject).toContain('3 jars of Peach Ginger')
  expect((await placeOf(claimer)).status).toBe('offered')
  // The public still sees Peach Ginger sold out: its jars are held.
  await page.goto('/order')
  await expect(jarSelect(page, 1).locator('option', { hasText: 'Peach Ginger' })).toBeDisabled()

  // The claim link: the form filled in with the held jars, which this visitor may order.
  await page.goto(offer.claim)
  await expect(page.getByTestId('claim-held')).toContainText('3 jars of Peach Ginger are held for you until')
  await expect(page.getByRole('radio', { name: /3 jars/ })).toBeChecked()
  for (const jar of [1, 2, 3]) await expect(jarSelect(page, jar)).toHaveValue('peach-ginger')
  await expect(jarSelect(page, 1).locator('option', { hasText: 'Peach Ginger' })).toBeEnabled()
  await screenshots(page, 'line-claim-form')
  await fillDetails(page, { fullName: 'Clara Claimer', email: claimer })
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByTestId('order-confirmation')).toBeVisible()
  await expect(page.getByRole('heading', { name: /Thank you! Your order number is/ })).toBeVisible()
  // Placed by the page's script (a post without it comes back at the answer's anchor), the banner gone.
  expect(page.url()).not.toContain('#order-answer')
  await expect(page.getByTestId('claim-held')).toBeHidden()
  await screenshots(page, 'line-claim-confirmation')
  const [claimed] = await ordersOf(claimer)
  expect(claimed).toMatchObject({ quantity: 3, jarsFromBatch: 3 })
  expect(claimed.flavors).toMatch(/peach-ginger/)
  expect(await placeOf(claimer)).toMatchObject({ status: 'claimed', order: claimed.id })
  // The link again: already ordered, and the way to the order page.
  await page.goto(offer.claim)
  await expect(page.getByTestId('claim-refused')).toContainText('Already Ordered')

  // The second order cancelled: the next in line says "No thanks", without JavaScript.
  await cancel(second)
  const declined = await offerTo(decliner)
  await withoutJavaScript(browser, async (visitor) => {
    await visitor.goto(declined.decline)
    await expect(visitor.getByTestId('decline-form')).toContainText('3 jars of Peach Ginger are held for you until')
    await screenshots(visitor, 'line-decline-before')
    await visitor.getByRole('button', { name: 'Pass them on' }).click()
    await expect(visitor.getByTestId('decline-done')).toContainText('Thank you: the 3 jars held for you went to the next person in line. You have left the line.')
    await screenshots(visitor, 'line-decline-after')
  })
  expect((await placeOf(decliner)).status).toBe('passed')

  // Passed on to the last in line, who claims them without JavaScript.
  const passedOn = await offerTo(lastInLine)
  await withoutJavaScript(browser, async (visitor) => {
    await visitor.goto(passedOn.claim)
    await expect(visitor.getByTestId('claim-held')).toContainText('3 jars of Peach Ginger are held for you until')
    await fillDetails(visitor, { fullName: 'Lee Last', email: lastInLine })
    await visitor.getByRole('button', { name: 'Place Order' }).click()
    await expect(visitor.getByRole('heading', { name: /Thank you! Your order number is/ })).toBeVisible()
  })
  const [lastOrder] = await ordersOf(lastInLine)
  expect(lastOrder).toMatchObject({ quantity: 3, jarsFromBatch: 3 })
  expect(await placeOf(lastInLine)).toMatchObject({ status: 'claimed', order: lastOrder.id })

  // Both pages are rendered per request, each with a fresh nonce for its scripts.
  for (const link of [offer.claim, offer.decline]) {
    const nonces = await Promise.all([1, 2].map(async () => (await page.request.get(link)).headers()['content-security-policy']?.match(/'nonce-[^']+'/)?.[0]))
    expect(nonces[0], link).toBeTruthy()
    expect(nonces[0]).not.toBe(nonces[1])
  }

  // A link not ours changes nothing and says so.
  await page.goto(offer.claim.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')))
  await expect(page.getByTestId('claim-refused')).toContainText('Not in Line')
})
