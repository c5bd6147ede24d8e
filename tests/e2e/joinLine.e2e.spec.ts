// The waiting line's join form on /order (#52), as a visitor meets it: none on a fresh site (the
// line off), then, with the seller's Shop → Batch rules → Waiting line on, in the sold-out card for a
// batch sold out (any flavor or one) and folded under the order form for a flavor sold out alone;
// with JavaScript and without. The line is switched on through the REST API as the admin's save
// does, and off again after each test, with an open batch without a limit. Places cannot be deleted
// through the REST API (a place holding jars must give them back: the seller's Remove), so positions
// are counted from the places already in line for that flavor (none on this worker's fresh database
// unless a file before this one left some).

import type { Browser, Locator, Page } from '@playwright/test'

import { ordinal } from '@/features/ordering/waitingLine/rules'

import { addBatch, adminRestFrom, expect, expectNoSeriousA11yViolations, screenshots, sellWithoutLimit, test } from './fixtures'

// One admin sign-in for the REST calls of this file, from an address of its own.
const api = adminRestFrom('10.66.0.52')

const address = (name: string) => `line-join-${name}-${Date.now()}@example.com`

type Place = { id: number; email: string; phone?: string | null; flavor?: string | null; flavorName?: string | null; jarsWanted: number; status: string }

const placesOf = async (email: string) => ((await api('GET', `/api/waiting-line?depth=0&where[email][equals]=${encodeURIComponent(email)}`)) as { docs: Place[] }).docs

async function flavorIds(): Promise<Record<string, number>> {
  const { docs } = (await api('GET', '/api/flavors?limit=0&pagination=false&depth=0')) as { docs: { id: number; value: string }[] }
  return Object.fromEntries(docs.map((flavor) => [flavor.value, flavor.id]))
}

const setLine = (enabled: boolean) => api('POST', '/api/globals/stock', { waitingLine: { enabled } })

/** The places in line now for a flavor's key (null: any flavor), as the line counts a position. */
async function inLine(flavor: string | null): Promise<number> {
  const sameFlavor = flavor ? `where[flavor][equals]=${flavor}` : 'where[flavor][exists]=false'
  return ((await api('GET', `/api/waiting-line?depth=0&limit=1&where[status][in]=waiting,offered&${sameFlavor}`)) as { totalDocs: number }).totalDocs
}

/** "You are 3rd in line for Peach Ginger.": the place after `before` others. */
const joinedAs = (before: number, flavor: string) => `You are ${ordinal(before + 1)} in line for ${flavor}.`

async function cleanUp() {
  await setLine(false)
  // The places of this file leave the line (each worker's later files share its database).
  await api('DELETE', '/api/waiting-line?where[id][exists]=true')
  await sellWithoutLimit(api)
  const ids = await flavorIds()
  await api('PATCH', `/api/flavors/${ids['mixed-berry']}`, { available: true })
}

test.describe.configure({ timeout: 120_000 })
test.afterEach(cleanUp)

// Each test is its own visitor for the per-client limits.
test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.52.${testInfo.retry}.${testInfo.title.length}` })
})

/** /order, loaded again until `read` gives what is expected: a change of the batch or the rules shows within seconds. */
function pollOrderPage<T>(page: Page, read: () => Promise<T>) {
  return expect.poll(
    async () => {
      await page.goto('/order')
      return read()
    },
    { timeout: 15_000, intervals: [250, 500, 1000] },
  )
}

/** Fills a join form and posts it; answers the form's answer box. */
async function join(form: Locator, place: { email: string; phone?: string; flavor: string; jars: 1 | 3 | 6 }) {
  await form.getByLabel('Email *').fill(place.email)
  if (place.phone) await form.getByLabel('Phone (optional)').fill(place.phone)
  await form.getByLabel('Flavor').selectOption({ label: place.flavor })
  await form.getByRole('radio', { name: place.jars === 1 ? '1 jar' : `${place.jars} jars` }).check()
  await form.getByRole('button', { name: 'Get in line' }).click()
}

const answerOf = (form: Locator) => form.getByTestId('form-message')

async function withoutJavaScript(browser: Browser, visit: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, baseURL: process.env.E2E_BASE_URL })
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': '10.52.9.1' })
  try {
    await visit(await context.newPage())
  } finally {
    await context.close()
  }
}

test('a fresh site (the line off) shows no join form, sold out or a flavor sold out', async ({ page }) => {
  const ids = await flavorIds()
  await addBatch(api, { jarsLeft: 0 })
  await pollOrderPage(page, () => page.getByTestId('sold-out').count()).toBe(1)
  await expect(page.getByRole('form', { name: 'Join our e-mail list' })).toBeVisible()
  await expect(page.getByTestId('line-join')).toHaveCount(0)
  await expect(page.getByRole('form', { name: 'Get in line' })).toHaveCount(0)

  await addBatch(api, { flavors: [{ flavor: ids['peach-ginger'], made: 6, left: 0 }, { flavor: ids['mixed-berry'], made: 6, left: 6 }] })
  await pollOrderPage(page, () => page.getByTestId('sold-out').count()).toBe(0)
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible()
  await expect(page.getByTestId('line-join-flavor')).toHaveCount(0)
  await expect(page.getByText('Get in line')).toHaveCount(0)
})

test('the batch sold out, the line on: places taken in turn with JavaScript and without, the same address answered with its place', async ({ page, browser }) => {
  const [first, second, third] = [address('first'), address('second'), address('third')]
  const [peach, any] = [await inLine('peach-ginger'), await inLine(null)]
  await addBatch(api, { jarsLeft: 0 })
  await setLine(true)
  await pollOrderPage(page, () => page.getByTestId('line-join').count()).toBe(1)
  const soldOut = page.getByTestId('sold-out')
  const form = soldOut.getByRole('form', { name: 'Get in line' })
  // Beside the e-mail list's sign-up, and saying it is not that list.
  await expect(soldOut.getByRole('form', { name: 'Join our e-mail list' })).toBeVisible()
  await expect(form).toContainText('Joining the line is not joining our e-mail list')
  expect(await form.getByLabel('Flavor').locator('option').allTextContents()).toEqual(['Any flavor', 'Mixed Berry', 'Pineapple Mango', 'Peach Ginger'])
  await screenshots(page, 'line-join-sold-out')
  await expectNoSeriousA11yViolations(page)

  // A mistake is answered before anything is stored.
  await join(form, { email: 'not-an-address', flavor: 'Peach Ginger', jars: 1 })
  await expect(answerOf(form)).toContainText('Please enter a valid email address.')

  await join(form, { email: first, phone: '(313) 555-0152', flavor: 'Peach Ginger', jars: 3 })
  await expect(answerOf(form)).toContainText(joinedAs(peach, 'Peach Ginger'))
  await expect(answerOf(form)).toContainText('joining the line does not add you to our e-mail list')
  await screenshots(page, 'line-join-joined')
  await join(form, { email: second, flavor: 'Peach Ginger', jars: 1 })
  await expect(answerOf(form)).toContainText(joinedAs(peach + 1, 'Peach Ginger'))
  await join(form, { email: first.toUpperCase(), flavor: 'Peach Ginger', jars: 6 })
  await expect(answerOf(form)).toContainText(`You are already ${ordinal(peach + 1)} in line for Peach Ginger.`)

  expect(await placesOf(first)).toMatchObject([{ phone: '(313) 555-0152', flavor: 'peach-ginger', flavorName: 'Peach Ginger', jarsWanted: 3, status: 'waiting' }])
  expect(await placesOf(second)).toMatchObject([{ phone: null, flavor: 'peach-ginger', jarsWanted: 1, status: 'waiting' }])

  // Without JavaScript: the page comes back with the answer, for any flavor (a line of its own).
  await withoutJavaScript(browser, async (visitor) => {
    await visitor.goto('/order')
    const plain = visitor.getByTestId('sold-out').getByRole('form', { name: 'Get in line' })
    await join(plain, { email: third, flavor: 'Any flavor', jars: 1 })
    await expect(answerOf(plain)).toContainText(joinedAs(any, 'any flavor'))
    await expect(answerOf(plain)).toBeInViewport()
    await screenshots(visitor, 'line-join-without-script')
    await join(plain, { email: third, flavor: 'Peach Ginger', jars: 1 })
    await expect(answerOf(plain)).toContainText(joinedAs(peach + 2, 'Peach Ginger'))
    await join(plain, { email: third, flavor: 'Any flavor', jars: 3 })
    await expect(answerOf(plain)).toContainText(`You are already ${ordinal(any + 1)} in line for any flavor.`)
  })
  expect((await placesOf(third)).map((place) => [place.flavor ?? null, place.jarsWanted])).toEqual(
    expect.arrayContaining([
      [null, 1],
      ['peach-ginger', 1],
    ]),
  )
})

test('a flavor sold out while others sell: "Sold out of Pineapple Mango? Get in line for it" under the order form, with JavaScript and without; a flavor marked not available too', async ({ page, browser }) => {
  const ids = await flavorIds()
  const [first, second] = [address('flavor-first'), address('flavor-second')]
  const mango = await inLine('pineapple-mango')
  await addBatch(api, {
    flavors: [
      { flavor: ids['peach-ginger'], made: 6, left: 6 },
      { flavor: ids['mixed-berry'], made: 6, left: 6 },
      { flavor: ids['pineapple-mango'], made: 6, left: 0 },
    ],
  })
  await setLine(true)
  await pollOrderPage(page, () => page.getByTestId('line-join-flavor').count()).toBe(1)
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible()
  const folded = page.getByTestId('line-join-flavor')
  await folded.getByText('Sold out of Pineapple Mango? Get in line for it').click()
  const form = folded.getByRole('form', { name: 'Get in line' })
  expect(await form.getByLabel('Flavor').locator('option').allTextContents()).toEqual(['Pineapple Mango'])
  await join(form, { email: first, flavor: 'Pineapple Mango', jars: 1 })
  await expect(answerOf(form)).toContainText(joinedAs(mango, 'Pineapple Mango'))
  await screenshots(page, 'line-join-flavor')

  await withoutJavaScript(browser, async (visitor) => {
    await visitor.goto('/order')
    const plainFolded = visitor.getByTestId('line-join-flavor')
    await plainFolded.getByText('Sold out of Pineapple Mango? Get in line for it').click()
    const plain = plainFolded.getByRole('form', { name: 'Get in line' })
    await join(plain, { email: second, flavor: 'Pineapple Mango', jars: 6 })
    // The page comes back with the answer shown, the fold open at it.
    await expect(answerOf(visitor.getByTestId('line-join-flavor'))).toContainText(joinedAs(mango + 1, 'Pineapple Mango'))
    await expect(answerOf(visitor.getByTestId('line-join-flavor'))).toBeInViewport()
  })
  expect(await placesOf(second)).toMatchObject([{ flavor: 'pineapple-mango', jarsWanted: 6, status: 'waiting' }])

  // A flavor the seller marks not available shows as sold out too, and can be waited for.
  await api('PATCH', `/api/flavors/${ids['mixed-berry']}`, { available: false })
  await pollOrderPage(page, () => page.getByTestId('line-join-flavor').locator('summary').textContent()).toBe('Sold out of Mixed Berry or Pineapple Mango? Get in line for it')
  expect(await page.getByTestId('line-join-flavor').getByLabel('Flavor').locator('option').allTextContents()).toEqual(['Mixed Berry', 'Pineapple Mango'])
})

test('the join action called without a form answers with the form\'s own message, never 500, and stores nothing', async ({ page, request }) => {
  await addBatch(api, { jarsLeft: 0 })
  await setLine(true)
  await pollOrderPage(page, () => page.getByTestId('line-join').count()).toBe(1)
  // React's reference to the form's server action, as the browser sends it in the Next-Action header.
  const reference = await page.getByTestId('line-join').locator('input[type=hidden][name$=":0"]').first().getAttribute('value')
  const id = (JSON.parse(reference ?? '{}') as { id?: string }).id
  expect(id).toMatch(/^[0-9a-f]{20,}$/)
  const before = await inLine(null)
  for (const args of ['[]', '[null]', '["$undefined","$undefined"]', '[{},{}]', '[{},{"email":"plain@example.com","flavor":"*","jars":"1"}]', '[{},42]']) {
    const answer = await request.post('/order', { headers: { 'Next-Action': id!, 'Content-Type': 'text/plain;charset=UTF-8', Accept: 'text/x-component' }, data: args })
    expect(answer.status(), args).toBeLessThan(500)
    if (answer.ok()) expect(await answer.text(), args).toContain('Please enter your email address')
  }
  expect(await inLine(null)).toBe(before)
})
