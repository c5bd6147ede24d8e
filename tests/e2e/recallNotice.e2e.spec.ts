// A recall from the screen: a drill's report, then the real recall (its confirmation step, the
// record), the customer's e-mail and its "I have read this notice" link, and the held order on the
// order's page and the prep sheet.
import { addBatch, addOrderOnDailyScreen, adminRestFrom, expect, openAdminDocument, screenshots, sellWithoutLimit, test, waitForMail, withAdminSession } from './fixtures'

// Its own client address: each sign-in counts against the per-address login allowance.
const api = adminRestFrom('198.51.100.52')

test.describe.configure({ timeout: 150_000 })

let recalledBatch: number | undefined

test.afterAll(async () => {
  // The recall stopped its batch and held its orders: the files after this one find the shop
  // selling as the seed left it, and no held order on their prep sheet or daily screen.
  await sellWithoutLimit(api)
  if (recalledBatch === undefined) return
  const { docs } = await api('GET', `/api/orders?where[batch][equals]=${recalledBatch}&depth=0&limit=10`)
  for (const order of docs as { id: number }[]) await api('PATCH', `/api/orders/${order.id}`, { status: 'cancelled' })
})

test('a drill, then a real recall: the record, the e-mail, its confirmation and the held order', async ({ page, request, browser, baseURL }) => {
  const code = `N-${String(Date.now()).slice(-6)}`
  const email = `nina.${code.toLowerCase()}@example.com`
  const batch = await addBatch(api, { code, jarsLeft: null })
  recalledBatch = batch.id

  await withAdminSession(page)
  for (const order of [
    { source: 'Text or call', fullName: 'Nina Notice', flavors: ['Peach Ginger'], method: 'Delivery' as const, email },
    { source: 'In person', fullName: 'Nina Notice', flavors: ['Mixed Berry', 'Peach Ginger', 'Peach Ginger'], method: 'Delivery' as const },
  ]) {
    await addOrderOnDailyScreen(page, order)
  }

  const screen = `/admin/recall?scope=batch&batch=${batch.id}`
  await page.goto(screen)
  await expect(page.getByTestId('recall-actions')).toBeVisible()
  await screenshots(page, 'recall-actions')

  // The drill: the list timed, nobody e-mailed, its short report.
  await page.getByRole('button', { name: 'Practice recall (drill)' }).click()
  await expect(page).toHaveURL(/\/admin\/recall\/\d+$/)
  await expect(page.getByTestId('recall-record-title')).toHaveText(`Practice recall (drill): Batch ${code}`)
  await expect(page.getByTestId('record-customers')).toHaveText('1')
  await expect(page.getByTestId('record-find-time')).toHaveText(/^\d+\.\d\d s$/)
  await expect(page.getByTestId('record-drill-note')).toContainText('nobody was e-mailed')
  await screenshots(page, 'recall-drill')
  const stillOpen = await api('GET', `/api/batches/${batch.id}?depth=0`)
  expect(stillOpen.jarsLeft ?? null).toBeNull()

  // The real one: its confirmation step shows the e-mail, then the record.
  await page.goto(screen)
  await page.getByRole('link', { name: 'E-mail this customer' }).click()
  await expect(page.getByTestId('recall-letter')).toContainText(`Recall notice from`)
  await expect(page.getByTestId('recall-letter')).toContainText(`batch ${code}`)
  await page.getByLabel(/Why are these jars recalled/).fill('Our sea moss supplier recalled the lot this batch was made from.')
  await screenshots(page, 'recall-tell')
  await page.getByRole('button', { name: 'Send the recall e-mail to 1 customer' }).click()
  await expect(page).toHaveURL(/\/admin\/recall\/\d+$/)
  const recordUrl = page.url()
  await expect(page.getByTestId('recall-record-title')).toHaveText(`Recall: Batch ${code}`)
  await expect(page.getByTestId('record-held')).toHaveText('2')
  const stopped = await api('GET', `/api/batches/${batch.id}?depth=0`)
  expect(stopped.jarsLeft).toBe(0)

  // The customer's e-mail, and its link: a button records the confirmation, once.
  const mail = await waitForMail((received) => received.to.includes(email) && received.subject.startsWith('Recall notice'))
  expect(mail.text).toContain('Hi Nina Notice')
  const link = mail.text.match(/\/recall-notice\?notice=[\w.%-]+/)![0]
  const forged = await request.get(link.replace(/.(?=$)/, (last) => (last === 'A' ? 'B' : 'A')))
  expect(forged.status()).toBe(404)
  expect((await request.post(`/recall-notice/confirm?notice=${encodeURIComponent(link.split('notice=')[1].replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')))}`)).status()).toBe(400)
  // Opened as a customer's mail app may open it: without JavaScript.
  const customer = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const notice = await customer.newPage()
  await notice.goto(link)
  await screenshots(notice, 'recall-notice-button')
  await notice.getByRole('button', { name: 'I have read this notice' }).click()
  await expect(notice.getByTestId('recall-confirmed')).toBeVisible()
  await screenshots(notice, 'recall-notice-thanks')
  await customer.close()

  await page.goto(recordUrl)
  await expect(page.getByTestId('record-confirmed')).toHaveText('1')
  await expect(page.getByTestId('record-row')).toContainText('Sent')
  await screenshots(page, 'recall-record')

  // The held order: marked on its page, and on the prep sheet once confirmed, not counted.
  const { docs } = await api('GET', `/api/orders?where[batch][equals]=${batch.id}&depth=0&sort=createdAt`)
  await api('PATCH', `/api/orders/${docs[0].id}`, { status: 'confirmed' })
  await openAdminDocument(page, `/admin/collections/orders/${docs[0].id}`)
  await expect(page.getByTestId('order-held')).toContainText('HELD — recall')
  await screenshots(page, 'recall-order-held')
  // The record in Orders → Recalls: read-only but for its notes, and the way to its page.
  const recallId = recordUrl.split('/').pop()
  await openAdminDocument(page, `/admin/collections/recalls/${recallId}`)
  await expect(page.getByRole('link', { name: /Open this recall’s record/ })).toHaveAttribute('href', `/admin/recall/${recallId}`)
  await screenshots(page, 'recall-admin-record')
  await page.goto('/admin/prep')
  await expect(page.getByTestId('prep-held').first()).toBeVisible()
  await screenshots(page, 'recall-prep-held')
})
