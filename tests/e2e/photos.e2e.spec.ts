// The seller's photos (issue #13): a photo uploaded to the media library in the admin and chosen as
// the home hero's photo shows on `/` as a responsive, optimised image (next/image's srcset) and
// becomes the picture of a shared link. The home page is put back as it was afterwards.
import sharp from 'sharp'

import { adminApi, adminToken, expect, openAdminDocument, test, withAdminSession } from './fixtures'

/** A small product-like picture: a plum jar shape on a light background. */
function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="#efe5f6"/>
    <circle cx="600" cy="430" r="300" fill="#d3f1ec"/>
    <rect x="470" y="250" width="260" height="60" rx="14" fill="#4a2269"/>
    <rect x="440" y="310" width="320" height="380" rx="50" fill="#7438a3"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

/** What the test changes, put back after it also when it fails or times out. */
const changed: { hero?: Record<string, unknown>; mediaId?: string } = {}

test.afterEach(async ({ request }) => {
  const { hero, mediaId } = changed
  delete changed.hero
  delete changed.mediaId
  if (hero) await adminApi(request, 'POST', '/api/globals/home-page', { hero })
  if (mediaId) {
    const token = await adminToken(request)
    expect((await request.delete(`/api/media/${mediaId}`, { headers: { Authorization: `JWT ${token}` } })).ok()).toBeTruthy()
  }
})

test('a photo uploaded in the admin and set as the hero shows on the home page with a srcset', async ({ page, request }) => {
  const stamp = Date.now()
  const filename = `e2e-hero-${stamp}.jpg`
  const alt = `A jar of gel, uploaded by the photo test ${stamp}`
  changed.hero = (await adminApi(request, 'GET', '/api/globals/home-page?depth=0')).hero

  await withAdminSession(page)

  // Upload it to the media library, with its description.
  await openAdminDocument(page, '/admin/collections/media/create')
  await page.locator('input[type=file]').setInputFiles({ name: filename, mimeType: 'image/jpeg', buffer: await photo() })
  await page.getByLabel('Description (for screen readers)').fill(alt)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/media\/\d+/)
  changed.mediaId = page.url().match(/\/media\/(\d+)/)![1]

  // Choose it as the hero's photo, in place of the one there (the seeded picture).
  await openAdminDocument(page, '/admin/globals/home-page')
  const field = page.locator('#field-hero__photo')
  const remove = field.locator('.upload-relationship-details__remove')
  const choose = field.getByRole('button', { name: 'Choose from existing' })
  await expect(remove.or(choose)).toBeVisible()
  if (await remove.isVisible()) await remove.click()
  await choose.click()
  const drawer = page.locator('.drawer--is-open')
  await drawer.getByPlaceholder(/search/i).fill(filename.replace('.jpg', ''))
  await drawer.getByText(filename, { exact: true }).click()
  await expect(field.getByText(filename)).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Updated successfully.')).toBeVisible()

  // The home page shows it at once, resized by next/image for each screen, fetched first.
  const hero = page.getByRole('img', { name: alt })
  await expect
    .poll(async () => {
      await page.goto('/')
      return hero.count()
    }, { timeout: 15_000 })
    .toBe(1)
  await expect(hero).toBeVisible()
  const optimised = `/_next/image?url=${encodeURIComponent(`/api/media/file/${filename}`)}`
  const srcset = (await hero.getAttribute('srcset')) ?? ''
  const candidates = srcset.split(',').map((entry) => entry.trim().split(' '))
  expect(candidates.length).toBeGreaterThan(3)
  for (const [url, width] of candidates) {
    expect(url.startsWith(optimised)).toBe(true)
    expect(width).toMatch(/^\d+w$/)
  }
  expect(await hero.getAttribute('sizes')).toBeTruthy()
  expect(await hero.getAttribute('fetchpriority')).toBe('high')
  expect(await hero.getAttribute('width')).toBe('1200')
  expect(await hero.getAttribute('height')).toBe('900')
  // The browser picked one of them, loaded it, and the server answers it as a modern format.
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  const chosen = await hero.evaluate((img: HTMLImageElement) => img.currentSrc)
  expect(chosen).toContain(optimised)
  const resized = await request.get(chosen, { headers: { Accept: 'image/avif,image/webp,*/*' } })
  expect(resized.ok()).toBeTruthy()
  expect(resized.headers()['content-type']).toMatch(/^image\/(avif|webp)$/)

  // …and it is the picture of a shared link, by its absolute address.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`^https?://[^/]+/api/media/file/${filename}$`))
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', new RegExp(`/api/media/file/${filename}$`))

  // The seller rewrites the photo's description in the media library: the home page, which cached
  // the photo's details, follows at once.
  const rewritten = `${alt}, described again`
  await adminApi(request, 'PATCH', `/api/media/${changed.mediaId}`, { alt: rewritten })
  await expect
    .poll(async () => {
      await page.goto('/')
      return page.getByRole('img', { name: rewritten }).count()
    }, { timeout: 15_000 })
    .toBe(1)

  // Put back (as the hook would): the home page no longer shows the test photo.
  await adminApi(request, 'POST', '/api/globals/home-page', { hero: changed.hero })
  delete changed.hero
  await expect
    .poll(async () => {
      await page.goto('/')
      return page.getByRole('img', { name: new RegExp(`photo test ${stamp}`) }).count()
    }, { timeout: 10_000 })
    .toBe(0)
})
