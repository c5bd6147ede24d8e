import http from 'node:http'

import type { APIRequestContext, Browser } from '@playwright/test'

import { adminApi, expect, test, waitForMail } from './fixtures'

// The unsubscribe link of a list e-mail, as the welcome e-mail carries it (the same address as its
// List-Unsubscribe header): the page with its button, the mail app's one-click POST, and the answers.

test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.88.${testInfo.retry}.${testInfo.title.length}` })
})

/** Joins the list through the home page's popup, as a new visitor, and returns the unsubscribe link of the welcome e-mail. */
async function joinAndGetUnsubscribeLink(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: { 'x-forwarded-for': `10.88.1.${email.length}` } })
  const page = await context.newPage()
  await page.goto('/')
  const dialog = page.getByRole('dialog', { name: 'Get 25% Off Your First Order' })
  await expect(dialog).toBeVisible({ timeout: 5000 })
  await dialog.getByLabel('Name').fill('Una Subscriber')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Join & Get Discount' }).click()
  const mail = await waitForMail((message) => message.to.includes(email))
  await context.close()
  const link = mail.text.match(/Unsubscribe: (\S+)/)?.[1]
  expect(link).toMatch(/\/unsubscribe\?email=[^&]+&key=[\w-]+$/)
  return link!
}

const unsubscribed = async (request: APIRequestContext, email: string) =>
  (await adminApi(request, 'GET', `/api/unsubscribes?depth=0&where[email][equals]=${encodeURIComponent(email)}`)).totalDocs as number

const oneClick = (request: APIRequestContext, url: string) =>
  request.post(url, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, data: 'List-Unsubscribe=One-Click', maxRedirects: 0 })

test("the mail app's one-click POST to the List-Unsubscribe address unsubscribes at once; an altered link records nothing", async ({ browser, request }) => {
  const email = `one-click-${Date.now()}@example.com`
  const link = await joinAndGetUnsubscribeLink(browser, email)

  const forged = new URL(link)
  forged.searchParams.set('email', `victim-${Date.now()}@example.com`)
  const refused = await oneClick(request, forged.href)
  expect(refused.status()).toBeGreaterThanOrEqual(400)
  expect(refused.status()).toBeLessThan(500)
  expect(await unsubscribed(request, forged.searchParams.get('email')!)).toBe(0)
  expect(await unsubscribed(request, email)).toBe(0)

  const answer = await oneClick(request, link)
  expect(answer.status()).toBe(200)
  expect(await unsubscribed(request, email)).toBe(1)
  // A second press (or a retry) is no error and stores nothing new.
  expect((await oneClick(request, link)).status()).toBe(200)
  expect(await unsubscribed(request, email)).toBe(1)
})

test('the button unsubscribes and the Done page names the address; a "done" address in a made-up link is not shown', async ({ browser, page, request }) => {
  const email = `button-${Date.now()}@example.com`
  const link = await joinAndGetUnsubscribeLink(browser, email)

  // Opening the link (as a mail scanner does) changes nothing.
  await page.goto(link)
  await expect(page.getByText(`Stop refill reminders and list e-mails to ${email}?`)).toBeVisible()
  expect(await unsubscribed(request, email)).toBe(0)
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByTestId('unsubscribe-done')).toContainText(`Done: ${email} gets no more refill reminders or list e-mails from us.`)
  expect(await unsubscribed(request, email)).toBe(1)

  // Anyone can type an address bar: the page shows no text it cannot vouch for.
  const forged = 'Your order SM-1042 was cancelled. For a refund call 555-0100'
  const queries: Record<string, string>[] = [{ done: '1', email: forged }, { done: '1', email: forged, key: new URL(link).searchParams.get('key')! }]
  for (const query of queries) {
    await page.goto(`/unsubscribe?${new URLSearchParams(query)}`)
    await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible()
    await expect(page.getByText(forged)).toHaveCount(0)
    await expect(page.getByTestId('unsubscribe-done')).toHaveCount(0)
  }
  // A signed address that did not unsubscribe is not said to have done so either.
  const other = `not-yet-${Date.now()}@example.com`
  const otherLink = await joinAndGetUnsubscribeLink(browser, other)
  await page.goto(`${otherLink}&done=1`)
  await expect(page.getByTestId('unsubscribe-done')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible()
})

/** A POST with headers a proxy in front would add (fetch will not send a Host of our choosing). */
function postThroughProxy(url: string, headers: Record<string, string>): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'Content-Length': '0', ...headers } }, (response) => {
      response.resume()
      resolve({ status: response.statusCode ?? 0, location: response.headers.location })
    })
    request.on('error', reject)
    request.end()
  })
}

test("the button's redirect stays on the site's address whatever Host or X-Forwarded-* headers the request carries", async ({ browser }) => {
  const email = `proxied-${Date.now()}@example.com`
  const link = await joinAndGetUnsubscribeLink(browser, email)
  const site = process.env.E2E_BASE_URL!
  const confirm = new URL(link)
  confirm.pathname = '/unsubscribe/confirm'
  const proxyHeaders: Record<string, string>[] = [
    { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
    { Host: 'evil.example' },
    { Host: 'shop.example.com', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Port': '8443' },
  ]
  for (const headers of proxyHeaders) {
    for (const url of [confirm.href, `${confirm.href}&key=forged`]) {
      const answer = await postThroughProxy(url, headers)
      expect(answer.status).toBe(303)
      // Relative, or on SITE_URL: never an address built from the request.
      const location = new URL(answer.location!, site)
      expect(location.origin, `${JSON.stringify(headers)} → ${answer.location}`).toBe(site)
      expect(location.pathname).toBe('/unsubscribe')
    }
  }
})
