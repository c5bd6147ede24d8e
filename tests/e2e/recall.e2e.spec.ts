// Admin → Recall: the seller records a supplier's lot on a batch, two orders are taken by text
// from it, then the recall of the batch lists both with the totals, and its CSV has the same rows.
import fs from 'node:fs'

import { parse } from 'csv-parse/sync'

import { addBatch, addOrderOnDailyScreen, adminRestFrom, expect, followAdminMenu, openAdminDocument, screenshots, test, withAdminSession } from './fixtures'

// Its own client address: each sign-in counts against the per-address login allowance.
const api = adminRestFrom('198.51.100.51')

test.describe.configure({ timeout: 120_000 })

test('the seller recalls a batch: its orders, the totals and the CSV', async ({ page, request }) => {
  const code = `R-${String(Date.now()).slice(-6)}`
  const { doc: lot } = await api('POST', '/api/supplier-lots', { ingredient: 'Sea moss', supplier: 'Ocean Harvest', lot: '2291' })
  // No limit on jars, as a fresh site sells: the files after this one find the shop as the seed left it.
  const batch = await addBatch(api, { code, jarsLeft: null, supplierLots: [lot.id] })

  await withAdminSession(page)
  // The batch names the lot it was made from, under its own heading.
  await openAdminDocument(page, `/admin/collections/batches/${batch.id}`)
  await expect(page.getByText('Ingredients’ sources')).toBeVisible()
  await expect(page.locator('#field-supplierLots')).toContainText('Sea moss — Ocean Harvest lot 2291')
  // The recall that starts from this batch is one tap away (followed below for the lot).
  await expect(page.getByRole('link', { name: 'Recall this batch' })).toHaveAttribute('href', `/admin/recall?scope=batch&batch=${batch.id}`)
  await screenshots(page, 'recall-batch-lots')
  for (const order of [
    { source: 'Text or call', fullName: 'Rhea Recall', flavors: ['Peach Ginger'], method: 'Delivery' as const, email: 'rhea@example.com' },
    { source: 'In person', fullName: '=Ross Recall', flavors: ['Mixed Berry', 'Peach Ginger', 'Peach Ginger'], method: 'Delivery' as const },
  ]) {
    await addOrderOnDailyScreen(page, order)
  }

  // From the admin's menu, as the seller opens it.
  await page.goto('/admin')
  await followAdminMenu(page, page.locator('#nav-recall'))
  await expect(page.getByRole('heading', { name: 'Recall', exact: true })).toBeVisible()
  await page.getByRole('radio', { name: 'A batch', exact: true }).check()
  // Three years in, over a hundred batches: the picker groups them by the year they were made.
  await expect(page.locator('#recall-batch optgroup').filter({ has: page.locator(`option[value="${batch.id}"]`) })).toHaveAttribute('label', `Made in ${batch.madeOn.slice(0, 4)}`)
  await page.getByLabel('Batch', { exact: true }).selectOption({ label: `${code} · made ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(batch.madeOn))}` })
  await page.getByRole('button', { name: 'Show the orders' }).click()

  await expect(page).toHaveURL(new RegExp(`scope=batch&batch=${batch.id}`))
  await expect(page.getByRole('heading', { name: `Batch ${code}` })).toBeVisible()
  const rows = page.getByTestId('recall-row')
  await expect(rows).toHaveCount(2)
  // The two orders were given one phone (fillAddOrderForm): one customer, as the Customers view joins them.
  await expect(page.getByTestId('recall-customers')).toHaveText('1')
  await expect(page.getByTestId('recall-orders')).toHaveText('2')
  await expect(page.getByTestId('recall-jars')).toHaveText('4')
  await expect(page.getByTestId('recall-in-fridge')).toHaveText('4')
  await expect(rows.filter({ hasText: 'Rhea Recall' })).toContainText('rhea@example.com')
  await expect(rows.filter({ hasText: '=Ross Recall' })).toContainText('1 × Mixed Berry, 2 × Peach Ginger')
  await screenshots(page, 'recall-batch')
  // On a tablet's width, the narrowest that still shows the table, every column heading keeps its
  // words whole (the cells may break a long e-mail).
  await page.setViewportSize({ width: 800, height: 800 })
  const brokenHeadingWords = await page.locator('.recall__table thead th').evaluateAll((headings) =>
    headings.flatMap((heading) => {
      const text = heading.textContent ?? ''
      const words = [...text.matchAll(/\S+/g)]
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT)
      const nodes: Text[] = []
      while (walker.nextNode()) nodes.push(walker.currentNode as Text)
      return words.filter((word) => {
        // The word's characters, found in the heading's text nodes, in more than one line box: broken.
        let offset = word.index!
        const node = nodes.find((candidate) => (offset < candidate.length ? true : ((offset -= candidate.length), false)))
        if (!node || offset + word[0].length > node.length) return false
        const range = document.createRange()
        range.setStart(node, offset)
        range.setEnd(node, offset + word[0].length)
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1
      }).map((word) => word[0])
    }),
  )
  expect(brokenHeadingWords).toEqual([])
  await page.setViewportSize({ width: 1280, height: 800 })

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()])
  const csv: Record<string, string>[] = parse(fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, ''), { columns: true })
  expect(csv.map((row) => row.Name)).toEqual(["'=Ross Recall", 'Rhea Recall'])
  expect(csv.map((row) => row.Batch)).toEqual([code, code])
  expect(csv.find((row) => row.Name === 'Rhea Recall')).toMatchObject({ 'E-mail': 'rhea@example.com', 'Jars recalled': '1', 'Came in by': 'Text or call' })

  // The same recall from the supplier's lot's own page, and what a visitor gets.
  await openAdminDocument(page, `/admin/collections/supplier-lots/${lot.id}`)
  await page.getByRole('link', { name: 'Recall this lot' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/recall\\?scope=lot&lot=${lot.id}$`))
  await expect(page.getByRole('heading', { name: 'Sea moss — Ocean Harvest lot 2291' })).toBeVisible()
  await expect(rows).toHaveCount(2)
  await page.goto('/admin/recall?scope=made&from=2026-12-05&to=2026-12-01')
  await expect(page.getByTestId('recall-problem')).toHaveText('The first day comes before the last day.')
  await screenshots(page, 'recall-problem')
  const anonymous = await request.fetch(`/api/orders/recall.csv?scope=batch&batch=${batch.id}`)
  expect(anonymous.status()).toBe(401)
  // The screen without a session: only the way to the login page (inside the streamed page, as the admin's own).
  const signedOut = await (await request.get(`/admin/recall?scope=batch&batch=${batch.id}`, { maxRedirects: 0 })).text()
  expect(signedOut).toContain(`NEXT_REDIRECT;replace;/admin/login?redirect=${encodeURIComponent(`/admin/recall?scope=batch&batch=${batch.id}`)}`)
  expect(signedOut).not.toContain('Rhea Recall')

  // Its orders go again, so the files after this one find the orders as they left them.
  const { docs } = await api('GET', `/api/orders?where[batch][equals]=${batch.id}&limit=0&depth=0`)
  for (const order of docs as { id: number }[]) await api('DELETE', `/api/orders/${order.id}`)
})
