// Admin → Operations: the seller sees how long sent e-mails keep their text, the database's, the
// backups' and the saved exports' size and the disk's free space, on a phone and a desktop, and the
// warning once the free space is under their threshold (set here above what the test machine has free).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import AxeBuilder from '@axe-core/playwright'

import { adminApi, expect, followAdminMenu, loginToAdmin, test, withAdminSession } from './fixtures'

/** Where the pictures go: E2E_SHOTS when set (to look at them), else a temporary folder. */
const SHOTS = process.env.E2E_SHOTS ?? path.join(os.tmpdir(), 'seamoss-e2e-shots')
const shot = (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true })
  return path.join(SHOTS, name)
}

test.afterEach(async ({ request }) => {
  await adminApi(request, 'POST', '/api/globals/operations', { minFreeDiskPercent: 10 })
})

test('the seller reads the e-mail retention, the sizes and the free space, on a desktop and a phone', async ({ page }) => {
  await loginToAdmin(page)
  await followAdminMenu(page, page.locator('#nav-operations'))
  await expect(page).toHaveURL(/\/admin\/operations$/)
  await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible()
  await expect(page.getByTestId('retention-days')).toHaveText('90 days after sending')
  await expect(page.getByTestId('database-size')).toContainText(/\d+(\.\d)? (kB|MB|GB)/)
  await expect(page.getByTestId('backups-size')).toContainText(/\d+ backups?, \d+(\.\d)? (bytes|kB|MB|GB) in all/)
  // Other tests on this server may have saved exports meanwhile (exports.int counts them exactly).
  await expect(page.getByTestId('exports-size')).toHaveText(/^(None kept\.|\d+ files?, \d+(\.\d)? (bytes|kB|MB|GB) in all\. Delete those already downloaded\.)$/)
  await expect(page.getByTestId('disk-free')).toContainText(/free of .*; warns under 10%/)
  await expect(page.getByTestId('disk-warning')).toHaveCount(0)
  // The view's own content (Payload's menu is Payload's).
  const { violations } = await new AxeBuilder({ page }).include('.operations').analyze()
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([])
  await page.screenshot({ path: shot('operations-1280.png'), fullPage: true })

  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await expect(page.getByTestId('disk-free')).toBeVisible()
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: shot('operations-390.png'), fullPage: true })
})

test('the view warns once the free space is under the seller’s threshold', async ({ page, request }) => {
  const stats = fs.statfsSync(os.tmpdir())
  test.skip(stats.bavail / stats.blocks >= 0.9, 'the test machine has more than 90% of its disk free')
  await adminApi(request, 'POST', '/api/globals/operations', { minFreeDiskPercent: 90 })
  await withAdminSession(page)
  await page.goto('/admin/operations')
  await expect(page.getByTestId('disk-warning')).toContainText(/The disk is almost full: .* free \(\d+%\), under the 90% you set/)
  await page.screenshot({ path: shot('operations-warning-1280.png'), fullPage: true })
})
