import { expect, expectNoSeriousA11yViolations, test, waitForMail } from './fixtures'

const TITLE = 'Get 25% Off Your First Order'

test.use({ emailPopup: 'allowed' })

test('appears 3 seconds after the page loads', async ({ page }) => {
  await page.goto('/')
  const dialog = page.getByRole('dialog', { name: TITLE })
  await page.waitForTimeout(2000)
  await expect(dialog).toBeHidden()
  await expect(dialog).toBeVisible({ timeout: 2000 })
})

test('counts its 3 seconds from the page load, also when a photo holds the load back', async ({ page }) => {
  // The page's script runs long before a slow photo lets the page finish loading.
  await page.route('**/_next/image**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5000))
    await route.continue()
  })
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  const dialog = page.getByRole('dialog', { name: TITLE })
  await page.waitForTimeout(4500)
  await expect(dialog).toBeHidden()
  await page.waitForLoadState('load')
  const loadedAt = Date.now()
  await expect(dialog).toBeVisible({ timeout: 5000 })
  expect(Date.now() - loadedAt).toBeGreaterThanOrEqual(2500)
})

test('joining saves the code, thanks the visitor, and the order page welcomes them back', async ({ page }) => {
  const email = `join-${Date.now()}@example.com`
  await page.goto('/')
  const dialog = page.getByRole('dialog', { name: TITLE })
  await expect(dialog).toBeVisible({ timeout: 5000 })
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
  await page.waitForTimeout(3500)
  await expect(page.getByRole('dialog', { name: TITLE })).toBeHidden()
})

for (const [how, control] of [
  ['close', { role: 'button' as const, name: 'Close' }],
  ['skip', { role: 'button' as const, name: 'Skip - I already have a discount' }],
] as const) {
  test(`${how} keeps it closed on later visits`, async ({ page }) => {
    await page.goto('/')
    const dialog = page.getByRole('dialog', { name: TITLE })
    await expect(dialog).toBeVisible({ timeout: 5000 })
    await dialog.getByRole(control.role, { name: control.name }).click()
    await expect(dialog).toBeHidden()
    await page.reload()
    await page.waitForTimeout(3500)
    await expect(page.getByRole('dialog', { name: TITLE })).toBeHidden()
  })
}

test('works with the keyboard alone and closes on Escape', async ({ page }) => {
  await page.goto('/')
  const dialog = page.getByRole('dialog', { name: TITLE })
  await expect(dialog).toBeVisible({ timeout: 5000 })
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
  await page.goto('/')
  await expect(page.getByRole('dialog', { name: TITLE })).toBeVisible({ timeout: 5000 })
  await expectNoSeriousA11yViolations(page)
})
