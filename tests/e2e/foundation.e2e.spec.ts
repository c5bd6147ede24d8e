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

test('search engines get a sitemap, robots rules and structured data', async ({ page, request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const route of ['/benefits', '/about', '/reviews', '/order', '/faq', '/contact']) expect(sitemap).toContain(`${route}</loc>`)
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain('Disallow: /admin')
  expect(robots).toContain('Sitemap:')

  await page.goto('/')
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  const types = jsonLd.map((text) => JSON.parse(text)['@type'])
  expect(types).toEqual(expect.arrayContaining(['LocalBusiness', 'Product']))
  const business = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'LocalBusiness')
  expect(business.areaServed.map((area: { name: string }) => area.name)).toEqual(['Metro Detroit', 'Metro Ann Arbor'])
  const product = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Product')
  expect(product.offers.map((offer: { price: string }) => offer.price)).toEqual(['20.00', '50.00', '100.00'])
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /og-image\.png/)
})
