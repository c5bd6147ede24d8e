import type { Page, Request } from '@playwright/test'

import { expect, expectNoSeriousA11yViolations, test, waitForMail } from './fixtures'

const TITLE = 'Get 25% Off Your First Order'

test.use({ emailPopup: 'allowed' })

/**
 * Holds the page's clock still from before it opens (Playwright's `page.clock`), so its seconds pass
 * only when the test says (`page.clock.runFor`), exactly, and no test waits them out. Call before
 * the page's first `goto`. Returns `settled`: resolves once the page's own scripts have loaded and
 * run (its popup timer set, if it sets one), seen as half a second without a request in flight
 * other than those matching `held` (requests the test holds back).
 */
async function holdPageClock(page: Page, { held }: { held?: RegExp } = {}): Promise<() => Promise<void>> {
  const inFlight = new Set<Request>()
  page.on('request', (request) => {
    if (!held?.test(request.url())) inFlight.add(request)
  })
  const finished = (request: Request) => inFlight.delete(request)
  page.on('requestfinished', finished)
  page.on('requestfailed', finished)
  const start = new Date()
  await page.clock.install({ time: start })
  await page.clock.pauseAt(new Date(start.getTime() + 1_000))
  return async function settled() {
    let quietSince = Date.now()
    await expect
      .poll(
        () => {
          if (inFlight.size > 0) quietSince = Date.now()
          return Date.now() - quietSince >= 500
        },
        { message: "the page's requests done", intervals: [100] },
      )
      .toBe(true)
  }
}

/**
 * Opens `path` and lets the popup's 3 seconds pass at once; the clock then runs on as usual (the
 * dialog's focus and the form's answers need no more help). Returns `settled` (`holdPageClock`).
 */
async function openWithPopup(page: Page, path = '/'): Promise<() => Promise<void>> {
  const settled = await holdPageClock(page)
  await page.goto(path)
  await settled()
  await page.clock.runFor(3_000)
  await page.clock.resume()
  return settled
}

/** The page open now (its scripts `settled`) shows no popup, even once its 3 seconds are long past. */
async function expectNoPopup(page: Page, settled: () => Promise<void>) {
  await settled()
  await page.clock.runFor(3_500)
  await expect(page.getByRole('dialog', { name: TITLE })).toBeHidden()
}

test('appears 3 seconds after the page loads', async ({ page }) => {
  const settled = await holdPageClock(page)
  await page.goto('/')
  await settled()
  const dialog = page.getByRole('dialog', { name: TITLE })
  await page.clock.runFor(2_999)
  await expect(dialog).toBeHidden()
  await page.clock.runFor(1)
  await expect(dialog).toBeVisible()
})

test('counts its 3 seconds from the page load, also when a photo holds the load back', async ({ page }) => {
  // The page's script runs long before a slow photo lets the page finish loading: the photos wait
  // until the test lets them through.
  let letPhotosThrough!: () => void
  const photosHeld = new Promise<void>((resolve) => (letPhotosThrough = resolve))
  await page.route('**/_next/image**', async (route) => {
    await photosHeld
    await route.continue()
  })
  const settled = await holdPageClock(page, { held: /\/_next\/image/ })
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  const dialog = page.getByRole('dialog', { name: TITLE })
  await settled()
  expect(await page.evaluate(() => document.readyState), 'a photo holds the load back').toBe('interactive')
  await page.clock.runFor(4_500)
  await expect(dialog).toBeHidden()
  letPhotosThrough()
  await page.waitForLoadState('load')
  await page.clock.runFor(2_999)
  await expect(dialog).toBeHidden()
  await page.clock.runFor(1)
  await expect(dialog).toBeVisible()
})

test('joining saves the code, thanks the visitor, and the order page welcomes them back', async ({ page }) => {
  const email = `join-${Date.now()}@example.com`
  const settled = await openWithPopup(page)
  const dialog = page.getByRole('dialog', { name: TITLE })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Name').fill('Jo Subscriber')
  // A refused address: the answer in the dialog, and focus still on its button (not lost to the page).
  await dialog.getByLabel('Email').fill('jo@nowhere')
  await dialog.getByRole('button', { name: 'Join & Get Discount' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Invalid EmailPlease enter a valid email address.')
  await expect(dialog.getByRole('button', { name: 'Join & Get Discount' })).toBeFocused()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Join & Get Discount' }).click()

  const toast = page.getByTestId('toast')
  await expect(toast).toContainText(/Welcome to .+!/)
  await expect(toast).toContainText('saved and will be applied at checkout')
  await expect(dialog).toBeHidden()

  const code = await page.evaluate(() => window.localStorage.getItem('seamoss.discountCode'))
  expect(code).toMatch(/^HC25\d{6}$/)
  const mail = await waitForMail((message) => message.to.includes(email))
  expect(mail.text).toContain(code!)

  await page.goto('/order')
  await expect(page.getByText('Welcome back!')).toBeVisible()
  await expect(page.getByText(code!).first()).toBeVisible()

  await page.goto('/')
  await expectNoPopup(page, settled)
})

for (const [how, control] of [
  ['close', { role: 'button' as const, name: 'Close' }],
  ['skip', { role: 'button' as const, name: 'Skip - I already have a discount' }],
] as const) {
  test(`${how} keeps it closed on later visits`, async ({ page }) => {
    const settled = await openWithPopup(page)
    const dialog = page.getByRole('dialog', { name: TITLE })
    await expect(dialog).toBeVisible()
    await dialog.getByRole(control.role, { name: control.name }).click()
    await expect(dialog).toBeHidden()
    await page.reload()
    await expectNoPopup(page, settled)
  })
}

test('works with the keyboard alone and closes on Escape', async ({ page }) => {
  await openWithPopup(page)
  const dialog = page.getByRole('dialog', { name: TITLE })
  await expect(dialog).toBeVisible()
  // Focus starts in the dialog, and tabbing never reaches the page behind it.
  await expect(dialog.getByLabel('Name')).toBeFocused()
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Tab')
    const focusOutside = await dialog.evaluate((element) => {
      const active = document.activeElement
      return Boolean(active && active !== document.body && !element.contains(active))
    })
    expect(focusOutside).toBe(false)
  }
  await dialog.getByLabel('Name').focus()
  await page.keyboard.type('Keyboard User')
  await page.keyboard.press('Tab')
  await page.keyboard.type('not-an-email')
  await page.keyboard.press('Enter')
  // The browser's own e-mail check stops the form; the dialog stays open with what was typed.
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Name')).toHaveValue('Keyboard User')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('has no serious accessibility violations while open', async ({ page }) => {
  await openWithPopup(page)
  await expect(page.getByRole('dialog', { name: TITLE })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
