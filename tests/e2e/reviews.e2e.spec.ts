import sharp from 'sharp'

import { expect, expectNoSeriousA11yViolations, test } from './fixtures'

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
