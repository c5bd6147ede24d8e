// The admin's times on Detroit's clock in a browser set to any zone (plugins/businessTimes.ts): an
// order's handover times on its page, when it was received in the Orders list, when its e-mail was
// sent in the E-mails list and on the e-mail's page. The times are written into the server's
// database at known instants (the server records them itself, closed to the REST API); 02:30 UTC
// is 9:30 PM in Detroit and 6:30 PM in Los Angeles, where Payload wrote it before.

import path from 'node:path'

import { createClient } from '@libsql/client'
import type { Page } from '@playwright/test'

import { addOrderOnDailyScreen, adminApi, expect, openAdminDocument, screenshots, test, withAdminSession } from './fixtures'

type Order = { id: number; reference: string }
type OutboxEmail = { id: number; status: string; subject: string }

test.describe.configure({ timeout: 120_000 })

/** Writes `sql` into the server's database, waiting for its lock as the app does. */
async function inServerDatabase(sql: string, args: (string | number)[]) {
  const database = createClient({ url: `file:${path.join(path.dirname(process.env.E2E_MAIL_DIR!), 'e2e.db')}` })
  try {
    await database.execute('PRAGMA busy_timeout = 10000')
    await database.execute({ sql, args })
  } finally {
    database.close()
  }
}

/** "Nov 29, 2026, 9:30 PM", with whatever space the browser's ICU puts before PM. */
const shown = (text: string) => new RegExp(`^${text.replace(/ (AM|PM)/, '\\s$1').replace(/[().]/g, '\\$&')}$`)

/** An admin list searched for `search` (the other files' newer records would page it away), once settled. */
async function searchedList(page: Page, slug: string, search: string) {
  await page.goto(`/admin/collections/${slug}?search=${encodeURIComponent(search)}`)
  await expect(page).toHaveURL(/[?&]limit=/)
  return page.locator('tbody tr').filter({ hasText: search })
}

for (const timezoneId of ['America/Los_Angeles', 'America/Detroit'] as const) {
  test(`a seller's browser in ${timezoneId}: an order's handover, receipt and e-mail read in Detroit's time`, async ({ browser, request }) => {
    const zone = timezoneId.split('/')[1].toLowerCase()
    const context = await browser.newContext({ timezoneId, viewport: { width: 1280, height: 800 }, baseURL: process.env.E2E_BASE_URL })
    let order: Order | undefined
    try {
      const page = await context.newPage()
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId)
      await withAdminSession(page)
      const stamp = Date.now()
      const reference = await addOrderOnDailyScreen(page, { source: 'Text or call', fullName: `Tess Zone ${stamp}`, flavors: ['Mixed Berry'], method: 'Delivery', email: `zone-${stamp}@example.com` })
      order = ((await adminApi(request, 'GET', `/api/orders?depth=0&where[reference][equals]=${reference}`)) as { docs: Order[] }).docs[0]
      // Confirmed: the customer's e-mail about it is sent, then dated as the rest. The customer's, not the
      // seller's "New order" about the same order, which the list searched by the customer's address leaves out.
      await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { status: 'confirmed' })
      const customersEmails = `/api/email-outbox?depth=0&where[about][equals]=order:${order.id}&where[to][equals]=${encodeURIComponent(`zone-${stamp}@example.com`)}&where[status][equals]=sent`
      const sentEmail = async () => ((await adminApi(request, 'GET', customersEmails)) as { docs: OutboxEmail[] }).docs[0]
      await expect.poll(sentEmail, { timeout: 20_000 }).toBeDefined()
      const email = (await sentEmail())!

      await inServerDatabase('UPDATE orders SET created_at = ?, left_fridge_at = ?, handed_over_at = ? WHERE id = ?', ['2026-11-30T02:10:00.000Z', '2026-11-30T01:54:00.000Z', '2026-11-30T02:30:00.000Z', order.id])
      await inServerDatabase('UPDATE email_outbox SET created_at = ?, sent_at = ? WHERE id = ?', ['2026-11-30T02:11:00.000Z', '2026-11-30T02:12:00.000Z', email.id])

      // The order's page: its sidebar's handover times.
      await openAdminDocument(page, `/admin/collections/orders/${order.id}`)
      await expect(page.locator('#field-leftFridgeAt')).toHaveValue(shown('Sun, Nov 29, 2026, 8:54 PM (Detroit time)'))
      await expect(page.locator('#field-handedOverAt')).toHaveValue(shown('Sun, Nov 29, 2026, 9:30 PM (Detroit time)'))
      await screenshots(page, `order-times-${zone}`)

      // The Orders list: when it was received.
      const orderRow = await searchedList(page, 'orders', reference)
      await expect(orderRow.locator('td.cell-createdAt')).toHaveText(shown('Nov 29, 2026, 9:10 PM'))
      await screenshots(page, `orders-list-times-${zone}`)

      // The E-mails list: queued and sent; the queued time still opens the e-mail.
      // The confirmation's row (another e-mail of the order may be there), found by its link.
      const row = (await searchedList(page, 'email-outbox', `zone-${stamp}@example.com`)).filter({ has: page.locator(`a[href$="/email-outbox/${email.id}"]`) })
      await expect(row.locator('td.cell-sentAt')).toHaveText(shown('Nov 29, 2026, 9:12 PM'))
      await expect(row.locator('td.cell-createdAt')).toHaveText(shown('Nov 29, 2026, 9:11 PM'))
      await screenshots(page, `emails-list-times-${zone}`)
      await row.locator('td.cell-createdAt').getByRole('link').click()
      await expect(page).toHaveURL(new RegExp(`/admin/collections/email-outbox/${email.id}$`))
      await expect(page.locator('#field-sentAt')).toHaveValue(shown('Sun, Nov 29, 2026, 9:12 PM (Detroit time)'))
      await screenshots(page, `email-times-${zone}`)
    } finally {
      if (order) await adminApi(request, 'PATCH', `/api/orders/${order.id}`, { status: 'cancelled' })
      await context.close()
    }
  })
}
