import type { APIRequestContext } from '@playwright/test'

import { validOrderForm } from '../helpers/orders'
import { adminApi, expect, expectLoggedOnceEach, serverLogMark, test } from './fixtures'

// What reaches the forms' server actions on the production server is whatever a client sends:
// arguments that are no form, a body larger than the limit. An action that runs answers with the
// form's own message or a 4xx, never a 500. A body that is not React's format, or a post from
// another site, never reaches an action: Next refuses it itself, with its own 500, and the site
// logs it in one line. Nothing is stored either way.

/** Each form's page, a field of its form, its first message for an empty form, and where it stores. */
const FORMS = [
  { path: '/order', field: 'fullName', emptyForm: 'Please choose 1, 3 or 6 jars.', stored: '/api/orders' },
  { path: '/contact', field: 'message', emptyForm: 'Please fill in the name field.', stored: '/api/contact-messages' },
  { path: '/reviews', field: 'comment', emptyForm: 'Please fill in your name.', stored: '/api/reviews' },
] as const

const storedCount = async (request: APIRequestContext, collection: string) => (await adminApi(request, 'GET', `${collection}?depth=0&limit=1`)).totalDocs as number

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&amp;/g, '&')

/** The hidden inputs of the page's form that has `field`: React's reference to the form's server action. */
async function hiddenInputs(request: APIRequestContext, path: string, field: string): Promise<[string, string][]> {
  const html = await (await request.get(path)).text()
  const form = html.match(new RegExp(`<form\\b(?:(?!</form>)[\\s\\S])*?name="${field}"[\\s\\S]*?</form>`))?.[0] ?? ''
  return [...form.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)]
    .map(([tag]) => [decode(tag.match(/\sname="([^"]*)"/)?.[1] ?? ''), decode(tag.match(/\svalue="([^"]*)"/)?.[1] ?? '')] as [string, string])
    .filter(([name]) => name)
}

/** The id of the form's server action, as the browser sends it in the Next-Action header. */
async function actionId(request: APIRequestContext, path: string, field: string): Promise<string> {
  const reference = (await hiddenInputs(request, path, field)).find(([name]) => /^\$ACTION_\d+:0$/.test(name))?.[1]
  const id = reference && (JSON.parse(reference) as { id?: string }).id
  expect(id, `the action of ${path}`).toMatch(/^[0-9a-f]{20,}$/)
  return id!
}

test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.99.${testInfo.retry}.${testInfo.title.length}` })
})

for (const { path, field, emptyForm } of FORMS) {
  test(`the action of ${path} called without a form answers, never 500`, async ({ request }) => {
    const id = await actionId(request, path, field)
    for (const args of ['[]', '[null]', '["$undefined","$undefined"]', '[{},{}]', '[{},{"fullName":"Plain Object"}]', '[{},"fullName=Text"]', '[{},42]']) {
      const answer = await request.post(path, { headers: { 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8', Accept: 'text/x-component' }, data: args })
      expect(answer.status(), `${path} ${args}`).toBeLessThan(500)
      if (answer.ok()) expect(await answer.text(), `${path} ${args}`).toContain(emptyForm)
    }
  })
}

// React's reply encoding: "$Q1" is a Map whose entries part 1 holds, "$B1" a Blob, "$S" a typed
// array with no part at all, "$n…" a BigInt. React cannot decode them and Next answers 500 before
// the action runs, as for arguments that are not JSON.
for (const { path, field, stored } of FORMS) {
  test(`the action of ${path} called with arguments that refer to parts the body does not have is refused by Next, logged once each, and stores nothing`, async ({ request }) => {
    const id = await actionId(request, path, field)
    const before = await storedCount(request, stored)
    const mark = serverLogMark()
    let posts = 0
    for (const args of ['["$Q1"]', '["$B1"]', '["$S"]', '[{},"$W2"]', '["$nabc"]', '["$"]']) {
      const answer = await request.post(path, { headers: { 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8', Accept: 'text/x-component' }, data: args })
      expect(answer.status(), `${path} ${args}`).toBe(500)
      posts++
    }
    for (const [args, part] of [['[{},"$Q1"]', ''], ['[{},"$Q1"]', '"not a list"'], ['[{},"$B1"]', '"not a file"']]) {
      const multipart = new FormData()
      multipart.set('0', args)
      if (part) multipart.set('1', part)
      expect((await request.post(path, { headers: { 'Next-Action': id, Accept: 'text/x-component' }, multipart })).status(), `${path} ${args} ${part}`).toBe(500)
      posts++
    }
    await expectLoggedOnceEach(mark, 'POST', path, posts)
    expect(await storedCount(request, stored)).toBe(before)
  })
}

// 12,000,000 characters lie between the actions' limit and what the proxy used to buffer (500
// then); 12 and 13 MiB above both.
test('an order with 12 MB of notes answers 413 or "too long", never 500, and is not stored', async ({ request }) => {
  for (const size of [12_000_000, 12 * 1024 * 1024, 13_000_000]) {
    const email = `huge-notes-${size}-${Date.now()}@example.com`
    const body = new FormData()
    for (const [name, value] of await hiddenInputs(request, '/order', 'fullName')) body.append(name, value)
    for (const [name, value] of Object.entries({ ...validOrderForm, email, notes: 'n'.repeat(size), submissionKey: crypto.randomUUID() })) body.set(name, value)
    const answer = await request.post('/order', { multipart: body })
    if (answer.status() !== 413) {
      expect(answer.status(), `${size} characters`).toBe(200)
      expect(await answer.text()).toContain('The notes can be at most 1000 characters.')
    }
    expect((await adminApi(request, 'GET', `/api/orders?depth=0&where[email][equals]=${encodeURIComponent(email)}`)).totalDocs).toBe(0)
  }
})

/** The order form as a browser without JavaScript posts it, under an e-mail address of its own. */
async function orderFormPost(request: APIRequestContext, email: string): Promise<FormData> {
  const body = new FormData()
  for (const [name, value] of await hiddenInputs(request, '/order', 'fullName')) body.append(name, value)
  for (const [name, value] of Object.entries({ ...validOrderForm, email, submissionKey: crypto.randomUUID() })) body.set(name, value)
  return body
}

const storedOrders = async (request: APIRequestContext, email: string) =>
  (await adminApi(request, 'GET', `/api/orders?depth=0&where[email][equals]=${encodeURIComponent(email)}`)).totalDocs

// Next compares the Origin with the request's own host and refuses the action, with its own 500.
test('an order posted from a page on another site is refused by Next, logged once each, and not stored', async ({ request }) => {
  const email = `other-site-${Date.now()}@example.com`
  const id = await actionId(request, '/order', 'fullName')
  const mark = serverLogMark()
  const origins = ['https://shop.example', 'null', 'not a url']
  for (const origin of origins) {
    const withoutScript = await request.post('/order', { multipart: await orderFormPost(request, email), headers: { Origin: origin } })
    expect(withoutScript.status(), `a form from ${origin}`).toBe(500)
    const withScript = await request.post('/order', { headers: { Origin: origin, 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8', Accept: 'text/x-component' }, data: '[{},{}]' })
    expect(withScript.status(), `an action call from ${origin}`).toBe(500)
  }
  await expectLoggedOnceEach(mark, 'POST', '/order', origins.length * 2)
  expect(await storedOrders(request, email)).toBe(0)

  const sameSite = await request.post('/order', { multipart: await orderFormPost(request, email), headers: { Origin: new URL(process.env.E2E_BASE_URL!).origin } })
  expect(sameSite.status()).toBe(200)
  expect(await storedOrders(request, email)).toBe(1)
})

// Without JavaScript, React posts the form's action as JSON in its `$ACTION_<n>:<m>` fields; React
// cannot decode them and Next answers 500 before the action runs.
test("an order whose React fields are not JSON is refused by Next, logged once each, and not stored", async ({ request }) => {
  const email = `garbled-action-${Date.now()}@example.com`
  const mark = serverLogMark()
  const garbledValues = ['[{"status":', '']
  for (const garbled of garbledValues) {
    const body = await orderFormPost(request, email)
    const field = [...body.keys()].find((name) => /^\$ACTION_\d+:1$/.test(name))!
    body.set(field, garbled)
    expect((await request.post('/order', { multipart: body })).status(), `${field}=${garbled}`).toBe(500)
  }
  await expectLoggedOnceEach(mark, 'POST', '/order', garbledValues.length)
  expect(await storedOrders(request, email)).toBe(0)
})
