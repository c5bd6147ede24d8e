// What an anonymous visitor reaches outside the public pages: the admin only as its login screen,
// and none of the private collections through the REST API (tests/int/access.int.spec.ts has the rest).
import { expect, test } from './fixtures'

test('the admin shows its login screen', async ({ page }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login/)
  await expect(page.getByLabel(/email/i)).toBeVisible()
  await expect(page.getByLabel(/password/i).first()).toBeVisible()
})

test('the REST API hides private collections from anonymous visitors', async ({ request }) => {
  for (const slug of ['orders', 'email-captures', 'users', 'contact-messages']) {
    expect((await request.get(`/api/${slug}`)).status(), slug).toBe(403)
  }
  const faqs = await (await request.get('/api/faqs?limit=100')).json()
  expect(faqs.totalDocs).toBe(14)
  expect((await request.post('/api/faqs', { data: { question: 'Spam?', answer: 'Spam' } })).status()).toBe(403)
})
