// Admin → Payments received (#53): the seller uploads a Venmo and a Cash App statement (the samples
// in tests/fixtures/statements, with this run's order references, amounts, dates and payment ids
// put in before the upload), reviews the four sections and confirms: the orders are paid in REST
// with the app's method and the payment's date. A file over 5 MB, one that is no CSV, a visitor
// and a post from another site are refused. Every payment this file imports is confirmed or left
// again by the end, so the files after it find no review waiting.
import fs from 'node:fs'
import path from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

import { statementNotices } from '@/features/payments/statements/formats'

import { addOrderOnDailyScreen, adminRestFrom, expect, followAdminMenu, loginToAdmin, screenshots, test } from './fixtures'

// Its own client address: each sign-in counts against the per-address login allowance.
const api = adminRestFrom('198.51.100.153')

const VIEW = '/admin/payments'
const sample = (name: string) => fs.readFileSync(path.resolve('tests/fixtures/statements', name), 'utf8')

type Order = { id: number; reference: string; totalPrice: number; paymentStatus: string; paymentMethod: string | null; paidAt: string | null }

test.describe.configure({ timeout: 180_000 })

/** Letters only, so a name stays a name for the matching (which drops digits' punctuation, not digits). */
const uniqueWord = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase())

/** An order as the seller types one into Add order: one jar delivered ($20 + $5), or three. */
async function addOrder(page: Page, fullName: string, jars: 1 | 3 = 1): Promise<Order> {
  const reference = await addOrderOnDailyScreen(page, { source: 'Text or call', fullName, flavors: Array(jars).fill('Peach Ginger'), method: 'Delivery' })
  const { docs } = (await api('GET', `/api/orders?depth=0&where[reference][equals]=${encodeURIComponent(reference)}`)) as { docs: Order[] }
  expect(docs).toHaveLength(1)
  return docs[0]!
}

const order = async (id: number) => (await api('GET', `/api/orders/${id}?depth=0`)) as Order

/** Uploads a statement through the view's form, as the seller does. */
async function upload(page: Page, name: string, content: string | Buffer, { keepPage = false } = {}) {
  if (!keepPage) await page.goto(VIEW)
  await page.getByLabel(/^Statement file/).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.isBuffer(content) ? content : Buffer.from(content) })
  await page.getByRole('button', { name: 'Upload' }).click()
}

const section = (page: Page, key: 'matched' | 'differs' | 'ambiguous' | 'unmatched') => page.getByTestId(`statement-${key}`)
const rowOf = (page: Page, key: Parameters<typeof section>[1], text: string) => section(page, key).getByTestId('statement-row').filter({ hasText: text })

/** Leaves every payment still waiting, as the seller would, so later files find no review waiting. */
async function leaveEverything(page: Page) {
  for (;;) {
    await page.goto(VIEW)
    const shown = page.getByRole('button', { name: /^Leave all \d+ shown$/ })
    const leave = (await shown.count()) ? shown : page.getByRole('button', { name: 'Leave', exact: true }).first()
    if ((await leave.count()) === 0) return
    await leave.click()
    await expect(page.getByTestId('statement-answer')).toContainText(/payments? left/)
  }
}

test('a Venmo statement: uploaded, its four sections reviewed, each confirmed, the orders paid with Venmo on the payment’s date', async ({ page }) => {
  const [jane, marcus, ana, priya] = ['Jane', 'Marcus', 'Ana', 'Priya'].map((first) => `${first} ${uniqueWord()}`)
  await loginToAdmin(page)
  await leaveEverything(page)
  const byReference = await addOrder(page, jane!)
  const [firstOfTwo, secondOfTwo] = [await addOrder(page, marcus!), await addOrder(page, marcus!)]
  const threeJars = await addOrder(page, ana!, 3)
  const byHand = await addOrder(page, `Hand ${uniqueWord()}`)

  // The sample as Venmo exports it, paid just now, with ids of this run (a second run is new payments).
  const paidAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString()
  const stamp = String(Date.now())
  const statement = sample('venmo.csv')
    .replace(/^,(\d{19}),2026-11-\d\dT\d\d:\d\d:\d\d,/gm, (_, id: string) => `,${stamp}${id.slice(-6)},${paidAt.slice(0, 19)},`)
    .replace('SM-1001 thanks!,Jane Doe', `${byReference.reference} thanks!,${jane}`)
    .replace('sea moss 🌊,Marcus Lee,Seamoss Detroit,+ $60.00', `sea moss 🌊,${marcus},Seamoss Detroit,+ $${firstOfTwo.totalPrice}.00`)
    .replace('sm 1003,Ana Núñez', `sm ${threeJars.reference.slice(3)},${ana}`)
    .replace('Seamoss Detroit,Priya Shah,+ $45.00', `Seamoss Detroit,${priya},+ $${byHand.totalPrice}.00`)

  await page.goto('/admin')
  await followAdminMenu(page, page.locator('#nav-payments'))
  await expect(page.getByRole('heading', { name: 'Payments received', level: 1 })).toBeVisible()
  // Opened afresh, with Payload's menu closed as a phone shows it.
  await page.goto(VIEW)
  await expect(page.getByRole('button', { name: 'Open Menu' }).filter({ visible: true })).toBeVisible()
  await screenshots(page, 'statements-upload')
  await upload(page, 'venmo_statement.csv', statement)
  await expect(page).toHaveURL(/\/admin\/payments\?/)
  await expect(page.getByTestId('statement-answer')).toHaveText('Venmo statement read: 4 payments added, 0 already imported. Ignored: 2 outgoing payments, 1 refund.')

  // Matched by the reference in the note and the amount.
  await expect(rowOf(page, 'matched', jane!)).toContainText(byReference.reference)
  await expect(section(page, 'matched').getByRole('link', { name: byReference.reference })).toHaveAttribute('href', `/admin/collections/orders/${byReference.id}`)
  // $40 for an order of $55: shown as such.
  await expect(rowOf(page, 'differs', ana!)).toContainText(`Paid $40 of $${threeJars.totalPrice}`)
  // Two unpaid orders by one name, for the amount: both offered.
  const ambiguous = rowOf(page, 'ambiguous', marcus!)
  await expect(ambiguous.getByRole('radio')).toHaveCount(2)
  // No order by that name: the note, a formula in a spreadsheet, is shown as the text it is.
  const unmatched = rowOf(page, 'unmatched', priya!)
  await expect(unmatched).toContainText('=HYPERLINK("http://evil.example","Click")')
  await expect(unmatched.getByRole('link', { name: 'Click' })).toHaveCount(0)
  // The view's own content (Payload's menu and header are Payload's).
  const findings = await new AxeBuilder({ page }).include('.statements').analyze()
  expect(findings.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([])
  await screenshots(page, 'statements-review')

  await section(page, 'matched').getByRole('button', { name: 'Confirm all 1' }).click()
  await expect(page.getByTestId('statement-answer')).toHaveText(`1 order marked paid: ${byReference.reference}.`)

  await rowOf(page, 'ambiguous', marcus!).getByRole('radio', { name: new RegExp(secondOfTwo.reference) }).check()
  await rowOf(page, 'ambiguous', marcus!).getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByTestId('statement-answer')).toHaveText(`1 order marked paid: ${secondOfTwo.reference}.`)

  await rowOf(page, 'differs', ana!).getByRole('button', { name: 'Mark paid anyway' }).click()
  await expect(page.getByTestId('statement-answer')).toHaveText(`1 order marked paid: ${threeJars.reference}.`)

  await rowOf(page, 'unmatched', priya!).getByLabel('Order reference').fill(byHand.reference.toLowerCase().replace('-', ' '))
  await rowOf(page, 'unmatched', priya!).getByRole('button', { name: 'Mark that order paid' }).click()
  await expect(page.getByTestId('statement-answer')).toHaveText(`1 order marked paid: ${byHand.reference}.`)
  await expect(page.getByTestId('statement-nothing')).toBeVisible()
  await screenshots(page, 'statements-confirmed')

  for (const paid of [byReference, secondOfTwo, threeJars, byHand]) {
    expect(await order(paid.id)).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'venmo', paidAt })
  }
  expect((await order(firstOfTwo.id)).paymentStatus).toBe('unpaid')

  // The same file again changes nothing.
  await upload(page, 'venmo_statement.csv', statement)
  await expect(page.getByTestId('statement-answer')).toHaveText('Venmo statement read: 0 payments added, 4 already imported. Ignored: 2 outgoing payments, 1 refund.')
  await expect(page.getByTestId('statement-nothing')).toBeVisible()
})

test('a paid order changed to more: a payment naming it for the difference is matched, shown with it, and confirming settles the difference', async ({ page }) => {
  const jane = `Jane ${uniqueWord()}`
  await loginToAdmin(page)
  await leaveEverything(page)
  const changed = await addOrder(page, jane)
  // Paid by cash, then changed to more on its page (#54): $15 still to pay.
  await api('PATCH', `/api/orders/${changed.id}`, { paymentStatus: 'paid', paymentMethod: 'cash', extraDue: 15 })
  const paidAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString()
  const stamp = String(Date.now())
  const statement = sample('venmo.csv')
    .replace(/^,(\d{19}),2026-11-\d\dT\d\d:\d\d:\d\d,/gm, (_, id: string) => `,${stamp}${id.slice(-6)},${paidAt.slice(0, 19)},`)
    .replace('SM-1001 thanks!,Jane Doe,Seamoss Detroit,+ $25.00', `${changed.reference} the rest,${jane},Seamoss Detroit,+ $15.00`)
  await upload(page, 'venmo_statement.csv', statement)
  await expect(rowOf(page, 'matched', jane)).toContainText(`${changed.reference} · ${jane} · $${changed.totalPrice} (paid but for $15 still to pay)`)
  await screenshots(page, 'statements-still-to-pay')
  await section(page, 'matched').getByRole('button', { name: 'Confirm all 1' }).click()
  await expect(page.getByTestId('statement-answer')).toHaveText(`1 order marked paid: ${changed.reference}.`)
  const settled = (await api('GET', `/api/orders/${changed.id}?depth=0`)) as Order & { extraDue: number | null; notes: string | null }
  expect(settled).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'cash', extraDue: null })
  expect(settled.notes).toMatch(/Still to pay \$15 paid: Venmo, [A-Z][a-z]{2} \d{1,2}, \d{4}$/)
  await leaveEverything(page)
})

test('without JavaScript, a Cash App statement: the payments matched by reference and by name confirmed in one tap, the orders paid with Cash App; the other left', async ({ page: withScript, browser }) => {
  const [tom, dana] = [`Tom ${uniqueWord()}`, `Dana ${uniqueWord()}`]
  await loginToAdmin(withScript)
  await leaveEverything(withScript)
  const tomsOrder = await addOrder(withScript, tom)
  const danasOrder = await addOrder(withScript, dana)
  // The same session in a browser running no script: every form is the browser's own post.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled: false, storageState: await withScript.context().storageState() })
  const page = await context.newPage()
  const paidAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString()
  const run = Date.now().toString(36)
  const statement = sample('cashapp.csv')
    .replace(/^"(r[a-z0-9]+)","2026-11-\d\d \d\d:\d\d:\d\d EST"/gm, (_, id: string) => `"${id}${run}","${paidAt.slice(0, 10)} ${paidAt.slice(11, 19)} UTC"`)
    .replace('"$25","$0","$25","","","","PAYMENT DEPOSITED","SM-1004","Tom Baker"', `"$${tomsOrder.totalPrice}","$0","$${tomsOrder.totalPrice}","","","","PAYMENT DEPOSITED","${tomsOrder.reference}","${tom}"`)
    // No reference: found by the payer's name and the amount.
    .replace('"$35","$0","$35","","","","PAYMENT DEPOSITED","for the gel","Dana White"', `"$${danasOrder.totalPrice}","$0","$${danasOrder.totalPrice}","","","","PAYMENT DEPOSITED","for the gel","${dana}"`)
    // No order of any file has this reference.
    .replace('SM 1005 big order', 'SM 9999999 big order')

  await upload(page, 'cash_app_report.csv', statement)
  await expect(page.getByTestId('statement-answer')).toHaveText('Cash App statement read: 3 payments added, 0 already imported. Ignored: 2 outgoing payments, 1 refund.')
  await expect(rowOf(page, 'matched', tom)).toContainText(tomsOrder.reference)
  await expect(rowOf(page, 'matched', 'for the gel')).toContainText(danasOrder.reference)
  await expect(section(page, 'unmatched').getByTestId('statement-row')).toHaveCount(1)
  await section(page, 'matched').getByRole('button', { name: 'Confirm all 2' }).click()
  // Paid at the same second here: in either order.
  await expect(page.getByTestId('statement-answer')).toHaveText(
    new RegExp(`^2 orders marked paid: (${tomsOrder.reference}, ${danasOrder.reference}|${danasOrder.reference}, ${tomsOrder.reference})\\.$`),
  )
  for (const paid of [tomsOrder, danasOrder]) expect(await order(paid.id)).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'cashapp', paidAt })

  await rowOf(page, 'unmatched', 'Lee Chen').getByRole('button', { name: 'Leave' }).click()
  await expect(page.getByTestId('statement-answer')).toHaveText('1 payment left: not an order’s, kept out of the review.')
  await expect(page.getByTestId('statement-nothing')).toBeVisible()
  await context.close()
})

test('another app’s CSV: its columns chosen (guessed from their names), the same file again, its payments in the review', async ({ page }) => {
  const omar = `Omar ${uniqueWord()}`
  // Names of this run: a generic row's id is its content, and an earlier run's rows are known.
  const statement = sample('generic.csv').replace('Omar Farouk,SM-1007', `${omar},SM-9999998`).replace('Bea Quinn', `Bea ${uniqueWord()}`)
  await loginToAdmin(page)
  await leaveEverything(page)
  await page.goto(VIEW)
  await page.getByLabel('From').selectOption({ label: 'Another app, paid with Zelle' })
  await upload(page, 'bank.csv', statement, { keepPage: true })
  const columns = page.getByTestId('statement-columns')
  await expect(columns).toContainText(statementNotices.chooseColumns)
  await expect(columns.getByLabel('Date')).toHaveValue('When')
  await expect(columns.getByLabel('Amount')).toHaveValue('Paid')
  await expect(columns.getByLabel('Name')).toHaveValue('Customer')
  await expect(columns.getByLabel('Note')).toHaveValue('Memo')
  await expect(columns.getByLabel('Paid with')).toHaveValue('zelle')
  await screenshots(page, 'statements-columns')
  await columns.getByLabel('The same file again').setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) })
  await columns.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByTestId('statement-answer')).toHaveText('Statement read: 2 payments added, 0 already imported. Ignored: 1 outgoing payment.')
  await expect(rowOf(page, 'unmatched', omar)).toContainText('$25')
  await leaveEverything(page)
})

test('a section of more than 50 payments is paged on its own, a button on its second page comes back to it, and the 50 shown are left at once', async ({ page }) => {
  await loginToAdmin(page)
  await leaveEverything(page)
  // 51 payments of $7 by people without orders, after Venmo's own title and header lines.
  const [title, activity, header, , jane] = sample('venmo.csv').split('\n')
  const stamp = String(Date.now())
  const paidAt = new Date().toISOString().slice(0, 19)
  const rows = Array.from({ length: 51 }, (_, index) =>
    jane!
      .replace(/^,\d{19},[^,]+,/, `,${stamp}${String(index).padStart(6, '0')},${paidAt},`)
      .replace('SM-1001 thanks!,Jane Doe', `lunch,Friend ${uniqueWord()}`)
      .replace('+ $25.00', '+ $7.00'),
  )
  await upload(page, 'venmo_long.csv', [title, activity, header, ...rows].join('\n'))
  await expect(page.getByTestId('statement-answer')).toHaveText('Venmo statement read: 51 payments added, 0 already imported.')
  const unmatched = section(page, 'unmatched')
  await expect(unmatched.getByRole('heading')).toHaveText('Unmatched (51)')
  await expect(unmatched.getByTestId('statement-row')).toHaveCount(50)
  await expect(unmatched.getByText('Page 1 of 2')).toBeVisible()

  await unmatched.getByRole('link', { name: 'Next →' }).click()
  await expect(page).toHaveURL(/[?&]unmatchedPage=2$/)
  await expect(section(page, 'unmatched').getByTestId('statement-row')).toHaveCount(1)
  await section(page, 'unmatched').getByRole('button', { name: 'Leave' }).click()
  await expect(page.getByTestId('statement-answer')).toHaveText('1 payment left: not an order’s, kept out of the review.')
  // Back on the pages it was posted from; the second is gone, so its last one shows.
  await expect(page).toHaveURL(/[?&]unmatchedPage=2(&|$)/)
  await expect(section(page, 'unmatched').getByRole('heading')).toHaveText('Unmatched (50)')
  await expect(section(page, 'unmatched').getByTestId('statement-row')).toHaveCount(50)
  // A personal account's payments, left at once.
  await section(page, 'unmatched').getByRole('button', { name: 'Leave all 50 shown' }).click()
  await expect(page.getByTestId('statement-answer')).toHaveText('50 payments left: not an order’s, kept out of the review.')
  await expect(page.getByTestId('statement-nothing')).toBeVisible()
})

test('a file over 5 MB and one that is not a CSV are refused with why; a visitor and another site’s page are refused', async ({ page, browser, request }) => {
  await loginToAdmin(page)

  // Over the limit by its declared length: refused before the body is read.
  await upload(page, 'huge.csv', Buffer.alloc(6 * 1024 * 1024, 'a,b,c\n'))
  await expect(page.getByRole('alert')).toHaveText(statementNotices.tooLarge)
  await page.getByRole('link', { name: 'Back to Payments received' }).click()
  await expect(page).toHaveURL(/\/admin\/payments$/)

  // Just over: the form's length is within the body's allowance, the file is not.
  await upload(page, 'just-over.csv', Buffer.alloc(5 * 1024 * 1024 + 1, 'a,b,c\n'))
  await expect(page.getByRole('alert')).toHaveText(statementNotices.tooLarge)

  await upload(page, 'photo.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))
  await expect(page.getByRole('alert')).toHaveText(statementNotices.notCsv)

  const venmo = Buffer.from(sample('venmo.csv'))
  const multipart = { file: { name: 'venmo.csv', mimeType: 'text/csv', buffer: venmo } }
  // From another site's page, with the admin's session: 403, nothing imported.
  const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
  const elsewhere = await request.post('/api/statements/upload', { multipart, headers: { Origin: 'https://evil.example', Cookie: cookies }, maxRedirects: 0 })
  expect(elsewhere.status()).toBe(403)
  const review = await request.post('/api/statements/review', { form: { intent: 'confirm-all' }, headers: { Origin: 'https://evil.example', Cookie: cookies }, maxRedirects: 0 })
  expect(review.status()).toBe(403)

  // A visitor: the view sends to sign in; a post is sent there too, its file unread.
  const visitorContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL })
  const visitor = await visitorContext.newPage()
  await visitor.goto(VIEW)
  await expect(visitor).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fpayments$/)
  const origin = new URL(process.env.E2E_BASE_URL!).origin
  const anonymous = await visitorContext.request.post('/api/statements/upload', { multipart, headers: { Origin: origin }, maxRedirects: 0 })
  expect(anonymous.status()).toBe(303)
  expect(anonymous.headers().location).toMatch(/\/admin\/login\?redirect=%2Fadmin%2Fpayments$/)
  await visitorContext.close()

  // Nothing of the sample was imported by any of them.
  await page.goto(VIEW)
  await expect(page.getByTestId('statement-nothing')).toBeVisible()
})
