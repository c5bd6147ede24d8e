import sharp from 'sharp'

import { REVIEWS_PER_PAGE } from '@/features/reviews/rules'

import { adminApi, adminToken, expect, expectNoSeriousA11yViolations, test } from './fixtures'

// Each test is its own visitor for the per-client rate limit.
test.beforeEach(async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.9.${testInfo.workerIndex}.${testInfo.repeatEachIndex + testInfo.retry * 10 + testInfo.title.length}` })
})

const summary = (page: import('@playwright/test').Page) => page.getByTestId('review-summary')

test('starts empty, then a posted 4-star review comes first and moves the average', async ({ page }) => {
  await page.goto('/reviews')
  await expect(page.getByText('No reviews yet')).toBeVisible()
  await expect(summary(page)).toContainText('0.0')
  await expect(summary(page)).toContainText('0 reviews')
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('Name').fill('Rae Reviewer')
  await page.getByRole('radiogroup', { name: 'Rating' }).getByRole('radio', { name: '4 stars' }).click()
  await page.getByLabel('Comment').fill('Smooth, fresh and the mango flavor is lovely.')
  await page.getByRole('button', { name: 'Submit Review' }).click()

  const result = page.locator('[role=status][data-testid=form-message]')
  await expect(result).toContainText('Review submitted!')
  await expect(result).toContainText('Thank you for your feedback.')
  await expect(page.getByLabel('Name')).toHaveValue('')
  const first = page.getByTestId('review').first()
  await expect(first).toContainText('Rae Reviewer')
  await expect(first).toContainText('Smooth, fresh and the mango flavor is lovely.')
  await expect(first.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible()
  await expect(summary(page)).toContainText('4.0')
  await expect(summary(page)).toContainText('1 review')
})

test('refuses a review without a name or comment', async ({ page }) => {
  await page.goto('/reviews')
  await page.getByLabel('Comment').fill('No name given')
  await page.getByRole('button', { name: 'Submit Review' }).click()
  // The browser's own check stops the form at the empty name; nothing is posted or cleared.
  expect(await page.getByLabel('Name').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true)
  await expect(page.getByLabel('Comment')).toHaveValue('No name given')
  await expect(page.getByTestId('review')).toHaveCount(1)
})

test('a photo shows a preview, can be removed, and shows in the list after posting', async ({ page }) => {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 60, b: 160 } } }).jpeg().toBuffer()
  await page.goto('/reviews')
  await expect(page.getByText('PNG, JPG up to 10MB')).toBeVisible()
  const input = page.getByLabel('Photo (optional)')

  await input.setInputFiles({ name: 'jar.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(page.getByRole('img', { name: 'Preview of your photo' })).toBeVisible()
  await page.getByRole('button', { name: 'Remove photo' }).click()
  await expect(page.getByRole('img', { name: 'Preview of your photo' })).toBeHidden()

  await input.setInputFiles({ name: 'jar.jpg', mimeType: 'image/jpeg', buffer: photo })
  await page.getByLabel('Name').fill('Pia Photo')
  await page.getByLabel('Comment').fill('Here is my jar!')
  await page.getByRole('button', { name: 'Submit Review' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Review submitted!')
  await expect(page.getByRole('img', { name: 'Preview of your photo' })).toBeHidden()
  const first = page.getByTestId('review').first()
  await expect(first).toContainText('Pia Photo')
  const image = first.getByRole('img', { name: 'Photo from Pia Photo' })
  await expect(image).toBeVisible()
  expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true)
})

test('the rating can be chosen with the keyboard alone', async ({ page }) => {
  await page.goto('/reviews')
  const group = page.getByRole('radiogroup', { name: 'Rating' })
  await expect(group.getByRole('radio', { name: '5 stars' })).toBeChecked()
  await group.getByRole('radio', { name: '5 stars' }).focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(group.getByRole('radio', { name: '3 stars' })).toBeChecked()
  await expect(group.getByRole('radio', { name: '3 stars' })).toBeFocused()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a name and a comment with words wider than the screen wrap inside their card', async ({ page }) => {
    const name = `Lou${'o'.repeat(45)}ngname`
    const word = `Seamoss${'s'.repeat(60)}!`
    await page.goto('/reviews')
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Comment').fill(`Loved it: ${word}`)
    await page.getByRole('button', { name: 'Submit Review' }).click()
    await expect(page.getByTestId('review').first()).toContainText(word)
    await expect(page.getByTestId('review').first()).toContainText(name)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})

/** The published reviews' names, newest first, as the database holds them. */
async function publishedNames(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  const { docs } = await adminApi(request, 'GET', '/api/reviews?where[status][equals]=published&sort=-createdAt,-id&limit=1000&depth=0&select[name]=true')
  return (docs as { name: string }[]).map((review) => review.name)
}

const listedNames = (page: import('@playwright/test').Page) => page.getByTestId('review').locator('p.font-semibold').evaluateAll((names) => names.map((name) => name.firstChild?.textContent))

test('without JavaScript, "More reviews" leads page by page to the oldest review; the rating stays every review\'s', async ({ page, browser, request }) => {
  test.setTimeout(180_000)
  // More than one page of reviews, posted as visitors do (each from its own address).
  const missing = REVIEWS_PER_PAGE + 3 - (await publishedNames(request)).length
  await page.goto('/reviews')
  for (let n = 1; n <= missing; n++) {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.10.${n}.7` })
    await page.getByLabel('Name').fill(`Paged Reader ${n}`)
    await page.getByLabel('Comment').fill(`Review number ${n} of a long list.`)
    await page.getByRole('button', { name: 'Submit Review' }).click()
    await expect(page.getByTestId('review').first()).toContainText(`Paged Reader ${n}`)
  }
  const names = await publishedNames(request)
  const lastPage = Math.ceil(names.length / REVIEWS_PER_PAGE)
  expect(lastPage).toBeGreaterThan(1)

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL })
  const visitor = await context.newPage()
  try {
    // A review's post expires the cached pages; the site promises the change within seconds.
    await expect(async () => {
      expect((await visitor.goto('/reviews'))?.status()).toBe(200)
      expect(await listedNames(visitor)).toEqual(names.slice(0, REVIEWS_PER_PAGE))
    }).toPass({ timeout: 10_000 })
    await expect(visitor.locator('link[rel=canonical]')).toHaveAttribute('href', /\/reviews$/)
    await expect(visitor.locator('meta[name=robots]')).toHaveCount(0)
    await expect(visitor.getByRole('link', { name: 'Newer reviews' })).toHaveCount(0)
    for (let number = 1; ; number++) {
      const onThisPage = names.slice((number - 1) * REVIEWS_PER_PAGE, number * REVIEWS_PER_PAGE)
      expect(await listedNames(visitor), `page ${number}`).toEqual(onThisPage)
      // Every page: the average and count of all published reviews, also in the structured data.
      await expect(summary(visitor)).toContainText(`${names.length} reviews`)
      const product = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Product')
      expect(product.aggregateRating.reviewCount).toBe(names.length)
      expect(product.review.map((review: { author: { name: string } }) => review.author.name)).toEqual(onThisPage)
      const more = visitor.getByRole('link', { name: 'More reviews' })
      if (number === lastPage) {
        await expect(more).toHaveCount(0)
        break
      }
      await more.click()
      await expect(visitor).toHaveURL(new RegExp(`/reviews/page/${number + 1}$`))
      await expect(visitor.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`/reviews/page/${number + 1}$`))
      await expect(visitor.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex, follow')
      await expect(visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews', exact: true })).toHaveAttribute('aria-current', 'true')
    }

    await visitor.getByRole('link', { name: 'Newer reviews' }).click()
    await expect(visitor).toHaveURL(lastPage === 2 ? /\/reviews$/ : new RegExp(`/reviews/page/${lastPage - 1}$`))

    // Past the last page, and page 1 under a second address: the site's 404 page.
    for (const path of [`/reviews/page/${lastPage + 1}`, '/reviews/page/1', '/reviews/page/02', '/reviews/page/9999999']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(404)
      expect(await response.text()).toContain('Oops! Page not found')
    }
  } finally {
    await context.close()
  }
  // (axe needs the page's JavaScript.)
  await page.goto('/reviews/page/2')
  await expectNoSeriousA11yViolations(page)
})

test('a photo whose review the seller hides is no longer served, resized either', async ({ page, request }) => {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 40, b: 90 } } }).jpeg().toBuffer()
  const name = `Hana Hidden ${Date.now()}`
  await page.goto('/reviews')
  await page.getByLabel('Photo (optional)').setInputFiles({ name: 'private.jpg', mimeType: 'image/jpeg', buffer: photo })
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Comment').fill('My jar, and my kitchen.')
  await page.getByRole('button', { name: 'Submit Review' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Review submitted!')
  const review = ((await adminApi(request, 'GET', `/api/reviews?where[name][equals]=${encodeURIComponent(name)}&depth=1`)) as { docs: { id: number; image: { filename: string } }[] }).docs[0]
  try {
    const image = page.getByRole('img', { name: `Photo from ${name}` })
    await expect(image).toBeVisible()
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const resizedUrl = await image.evaluate((img: HTMLImageElement) => img.currentSrc)
    expect(resizedUrl).toContain('/_next/image?')
    const asVisitor = { headers: { Accept: 'image/avif,image/webp,*/*' } }
    expect((await request.get(resizedUrl, asVisitor)).ok()).toBe(true)

    // The seller hides it (say the photo shows the customer's address): neither copy is served now.
    await adminApi(request, 'PATCH', `/api/reviews/${review.id}`, { status: 'hidden' })
    expect((await request.get(`/api/media/file/${review.image.filename}`)).status()).toBe(403)
    const resized = await request.get(resizedUrl, asVisitor)
    expect(resized.ok(), `${resized.status()} ${resized.headers()['content-type']}`).toBe(false)
    expect(resized.headers()['content-type'] ?? '').not.toMatch(/^image\//)
  } finally {
    await request.delete(`/api/reviews/${review.id}`, { headers: { Authorization: `JWT ${await adminToken(request)}` } })
  }
})
