// Runs after the order and review tests (files run in name order), so there is something waiting.
import { ADMIN } from './global-setup'
import { adminApi, expect, test } from './fixtures'

test('the admin dashboard shows what waits, and leads to the filtered list', async ({ page, request }) => {
  const waiting = await adminApi(request, 'GET', '/api/orders?where[status][equals]=new&limit=0')
  const pendingReviews = await adminApi(request, 'GET', '/api/reviews?where[status][equals]=pending&limit=0')

  await page.goto('/admin/login')
  await page.getByLabel(/email/i).fill(ADMIN.email)
  await page.getByLabel(/password/i).first().fill(ADMIN.password)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/admin$/)

  const card = (label: string) => page.getByTestId('dashboard-card').filter({ hasText: label })
  await expect(card('Orders waiting').locator('strong')).toHaveText(String(waiting.totalDocs))
  await expect(card('Reviews waiting').locator('strong')).toHaveText(String(pendingReviews.totalDocs))

  await card('Orders waiting').click()
  await expect(page).toHaveURL(/\/admin\/collections\/orders\?/)
  expect(waiting.totalDocs).toBeGreaterThan(0)
  await expect(page.getByText(waiting.docs[0].fullName).first()).toBeVisible()
})
