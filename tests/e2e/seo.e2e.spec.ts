// What search engines read: the sitemap (src/app/sitemap.ts), robots rules (src/app/robots.ts) and the
// home page's structured data (src/features/content/structuredData.ts). It expects the seeded delivery
// areas and prices: orderSettings.e2e.spec.ts, which runs before it, puts the settings it edits back.
import { expect, test } from './fixtures'

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
  // A fresh install's home hero photo (drawn by the seed) is what a shared link shows.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/api\/media\/file\/.+/)
})
