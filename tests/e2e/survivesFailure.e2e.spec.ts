import type { Page } from '@playwright/test'
import sharp from 'sharp'

import { adminApi, expect, fastForwardToPopup, test } from './fixtures'

/**
 * (Named to run after reviews.e2e.spec.ts, whose first test expects an empty review list.)
 *
 * Every public form when its post never gets an answer (the connection drops): the spec's failure
 * message (or ours where the spec has none), everything typed still there, never the error page.
 * Then the same form posted again once the network is back goes through.
 */

// Each test is its own visitor for the per-client limits.
test.beforeEach(async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.77.${testInfo.retry}.${testInfo.title.length}` })
})

/** Drops every post to `path` (server actions post to the page's own address) while `dropped` is true. */
async function dropPosts(page: Page, path: string) {
  const network = { dropped: true }
  await page.route((url) => url.pathname === path, (route) => (network.dropped && route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue()))
  return network
}

const alert = (page: Page) => page.locator('[role=alert][data-testid=form-message]')
const noErrorPage = async (page: Page) => expect(page.getByText('Unexpected Application Error!')).toHaveCount(0)

test('the order form keeps everything and shows the submission error when the post fails', async ({ page, request }) => {
  const email = `dropped-${Date.now()}@example.com`
  await page.goto('/order?qty=3')
  await page.getByLabel('Jar 1 flavor *').selectOption({ label: 'Mixed Berry' })
  await page.getByLabel('Jar 2 flavor *').selectOption({ label: 'Peach Ginger' })
  await page.getByLabel('Jar 3 flavor *').selectOption({ label: 'Pineapple Mango' })
  await page.getByRole('radio', { name: 'Pickup' }).check()
  await page.getByLabel('Full name *').fill('Dropped Dana')
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill('(313) 555-0199')
  await page.getByLabel('Address *').fill('9 Lost Signal Rd')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48201')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()

  const network = await dropPosts(page, '/order')
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(alert(page)).toContainText('Submission Error')
  await expect(alert(page)).toContainText('There was an issue submitting your order. Please try again or contact us directly.')
  await noErrorPage(page)
  await expect(page.getByLabel('Full name *')).toHaveValue('Dropped Dana')
  await expect(page.getByLabel('Address *')).toHaveValue('9 Lost Signal Rd')
  await expect(page.getByLabel('Jar 2 flavor *')).toHaveValue('peach-ginger')
  await expect(page.getByRole('radio', { name: 'Pickup' })).toBeChecked()
  await expect(page.getByLabel('I agree to be contacted via SMS/email about my order.')).toBeChecked()

  network.dropped = false
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')
  const orders = await adminApi(request, 'GET', `/api/orders?where[email][equals]=${encodeURIComponent(email)}`)
  expect(orders.docs).toHaveLength(1)
})

test('Apply shows the unexpected-error message and keeps the code when the check fails', async ({ page }) => {
  await page.goto('/order')
  await dropPosts(page, '/order')
  await page.getByLabel('Discount code').fill('HC25123456')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText(/Validation Error/)).toBeVisible()
  await expect(page.getByText(/Unexpected error: .+\. Please try again\./)).toBeVisible()
  await noErrorPage(page)
  await expect(page.getByLabel('Discount code')).toHaveValue('HC25123456')
})

test('the review form keeps the text and the chosen photo and shows its error when the post fails', async ({ page }) => {
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 40, b: 140 } } }).jpeg().toBuffer()
  await page.goto('/reviews')
  await page.getByLabel('Name').fill('Offline Olu')
  await page.getByLabel('Comment').fill('Written on a train, posted in a tunnel.')
  await page.getByLabel('Photo (optional)').setInputFiles({ name: 'jar.jpg', mimeType: 'image/jpeg', buffer: photo })

  const network = await dropPosts(page, '/reviews')
  await page.getByRole('button', { name: 'Submit Review' }).click()
  await expect(alert(page)).toContainText('Error')
  await expect(alert(page)).toContainText('Failed to submit review. Please try again.')
  await noErrorPage(page)
  await expect(page.getByLabel('Name')).toHaveValue('Offline Olu')
  await expect(page.getByLabel('Comment')).toHaveValue('Written on a train, posted in a tunnel.')
  await expect(page.getByRole('img', { name: 'Preview of your photo' })).toBeVisible()
  expect(await page.getByLabel('Photo (optional)').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1)

  network.dropped = false
  await page.getByRole('button', { name: 'Submit Review' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Review submitted!')
  await expect(page.getByTestId('review').first().getByRole('img', { name: 'Photo from Offline Olu' })).toBeVisible()
})

test('the contact form keeps the message and shows its error when the post fails', async ({ page }) => {
  await page.goto('/contact')
  await page.getByLabel('Name *').fill('Cut Off Cara')
  await page.getByLabel('Email *').fill('cara@example.com')
  await page.getByLabel('Message *').fill('Is the peach ginger back this week?')
  const network = await dropPosts(page, '/contact')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(alert(page)).toContainText('Something went wrong. Please try again.')
  await noErrorPage(page)
  await expect(page.getByLabel('Message *')).toHaveValue('Is the peach ginger back this week?')

  network.dropped = false
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Message Sent!')
  await expect(page.getByLabel('Message *')).toHaveValue('')
})

test.describe('the sign-up popup', () => {
  test.use({ emailPopup: 'allowed' })

  test('keeps the name and e-mail and shows its error when the post fails', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    const dialog = await fastForwardToPopup(page)
    await dropPosts(page, '/')
    await dialog.getByLabel('Name').fill('Patchy Pat')
    await dialog.getByLabel('Email').fill('patchy@example.com')
    await dialog.getByRole('button', { name: 'Join & Get Discount' }).click()
    await expect(dialog.getByText('Something went wrong. Please try again.')).toBeVisible()
    await noErrorPage(page)
    await expect(dialog.getByLabel('Name')).toHaveValue('Patchy Pat')
    await expect(dialog.getByLabel('Email')).toHaveValue('patchy@example.com')
  })
})

/** A real PNG of exactly `size` bytes: a small image padded with a private ancillary chunk. */
async function pngOfSize(size: number): Promise<Buffer> {
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 100, b: 220 } } }).png().toBuffer()
  const iend = image.length - 12
  const padding = size - image.length - 12
  const chunk = Buffer.alloc(12 + padding)
  chunk.writeUInt32BE(padding, 0)
  chunk.write('prVt', 4, 'latin1')
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + padding)), 8 + padding)
  return Buffer.concat([image.subarray(0, iend), chunk, image.subarray(iend)])
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

test('a photo of 10 MiB − 100 B is accepted, and one of 11 MB gets the too-large message', async ({ page }) => {
  await page.goto('/reviews')
  const input = page.getByLabel('Photo (optional)')
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: await pngOfSize(11_000_000) })
  await expect(page.getByText('Photo Too Large: Please choose a photo of 10MB or less.')).toBeVisible()
  await noErrorPage(page)

  await input.setInputFiles({ name: 'just-fits.png', mimeType: 'image/png', buffer: await pngOfSize(10 * 1024 * 1024 - 100) })
  await expect(page.getByRole('img', { name: 'Preview of your photo' })).toBeVisible()
  await page.getByLabel('Name').fill('Big Photo Bo')
  await page.getByLabel('Comment').fill('A very detailed photo of my jar.')
  await page.getByRole('button', { name: 'Submit Review' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Review submitted!', { timeout: 30_000 })
  await expect(page.getByTestId('review').first().getByRole('img', { name: 'Photo from Big Photo Bo' })).toBeVisible()
})
