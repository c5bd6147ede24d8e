import type { Page } from '@playwright/test'

import { adminApi, expect, expectNoSeriousA11yViolations, test, waitForMail } from './fixtures'

async function fillDetails(page: Page, email: string) {
  await page.getByRole('radio', { name: 'Delivery' }).check()
  await page.getByLabel('Full name *').fill('Olivia Order')
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill('(313) 555-0142')
  await page.getByLabel('Address *').fill('100 Woodward Ave')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48226')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
}

test('an order without a code: validation, the live total, the stored order and both e-mails', async ({ page, request }) => {
  const email = `plain-${Date.now()}@example.com`
  await page.goto('/order?qty=3')
  await expect(page.getByRole('radio', { name: /3 jars/ })).toBeChecked()
  await expect(page.getByTestId('order-total')).toContainText('$50')

  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('[role=alert][data-testid=form-message]')).toContainText('Please fill in your full name.')

  await page.getByLabel('Jar 1 flavor *').selectOption({ label: 'Mixed Berry' })
  await page.getByLabel('Jar 2 flavor *').selectOption({ label: 'Peach Ginger' })
  await page.getByLabel('Jar 3 flavor *').selectOption({ label: 'Pineapple Mango' })
  await fillDetails(page, email)
  await expect(page.getByTestId('order-total')).toContainText('$55')
  // The form has re-rendered many times by now: its one-time key must still be there.
  await expect(page.locator('input[name=submissionKey]')).toHaveValue(/^[0-9a-f-]{36}$/)

  await page.getByRole('button', { name: 'Place Order' }).click()
  const done = page.locator('[role=status][data-testid=form-message]')
  await expect(done).toContainText('Order Submitted!')
  await expect(done).toContainText("Thank you! We'll text/email you to confirm your order & delivery.")
  await expect(page.getByRole('radio', { name: /1 jar/ })).toBeChecked()

  const orders = await adminApi(request, 'GET', `/api/orders?where[email][equals]=${encodeURIComponent(email)}`)
  expect(orders.docs).toHaveLength(1)
  expect(orders.docs[0]).toMatchObject({
    quantity: 3,
    deliveryMethod: 'delivery',
    originalPrice: 50,
    deliveryFee: 5,
    discountAmount: 0,
    totalPrice: 55,
    status: 'new',
    flavors: 'Jar 1: mixed-berry, Jar 2: peach-ginger, Jar 3: pineapple-mango',
  })
  const customerMail = await waitForMail((mail) => mail.to.includes(email))
  expect(customerMail.text).toContain('$55')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a refused field says why under itself: the form message is screens below the field it focuses', async ({ page }) => {
    await page.goto('/order')
    await page.getByRole('button', { name: 'Place Order' }).click()
    const fullName = page.getByLabel('Full name *')
    await expect(fullName).toBeFocused()
    await expect(fullName).toHaveAccessibleDescription('Please fill in your full name.')
    // The note under the field (the first of the two), not the form's message by its button.
    await expect(page.getByText('Please fill in your full name.', { exact: true }).first()).toBeInViewport()

    await fullName.fill('Pat Phone')
    await page.getByRole('button', { name: 'Place Order' }).click()
    await expect(page.getByLabel('Email *')).toBeFocused()
    await expect(page.getByText('Please fill in your email.', { exact: true }).first()).toBeInViewport()
    await expect(fullName).not.toHaveAttribute('aria-invalid')
  })

  test('a street typed as one long word wraps in the confirmation and on the order page, not past the screen', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '10.41.0.60' })
    const street = '1234567890WoodwardAvenueApartmentBuildingCUnit56RearEntrance'
    await page.goto('/order')
    await page.getByLabel('Jar 1 flavor *').selectOption({ label: 'Mixed Berry' })
    await fillDetails(page, `street-${Date.now()}@example.com`)
    await page.getByLabel('Address *').fill(street)
    await page.getByRole('button', { name: 'Place Order' }).click()
    const confirmation = page.getByTestId('order-confirmation')
    await expect(confirmation).toContainText(street)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await page.goto((await page.getByTestId('order-status-link').getAttribute('href'))!)
    await expect(page.getByTestId('order-confirmation')).toContainText(street)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})

test('an order with a saved code: welcome back, auto-applied 25%, code used once', async ({ page, request }) => {
  const email = `coded-${Date.now()}@example.com`
  // The visitor joined the list earlier: the capture exists and the browser saved its code.
  const code = `HC25${String(Date.now()).slice(-6)}`
  await adminApi(request, 'POST', '/api/email-captures', { name: 'Coded', email, discount_code: code, discount_used: false })
  await page.addInitScript(
    ([savedCode, savedEmail]) => {
      // Once per test: init scripts run on every page load, and the order must be able to clear it.
      if (window.sessionStorage.getItem('seeded')) return
      window.sessionStorage.setItem('seeded', '1')
      window.localStorage.setItem('seamoss.discountCode', savedCode)
      window.localStorage.setItem('seamoss.discountEmail', savedEmail)
    },
    [code, email],
  )

  await page.goto('/order?qty=3')
  await expect(page.getByText('Welcome back!')).toBeVisible()
  await expect(page.getByText('Discount Applied!')).toBeVisible()
  await expect(page.getByText(`You saved $13 with code ${code}!`)).toBeVisible()
  for (let jar = 1; jar <= 3; jar++) await page.getByLabel(`Jar ${jar} flavor *`).selectOption({ index: 1 })
  await fillDetails(page, email)
  await expect(page.getByTestId('order-total')).toContainText('$42')
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')
  expect(await page.evaluate(() => window.localStorage.getItem('seamoss.discountCode'))).toBeNull()

  const orders = await adminApi(request, 'GET', `/api/orders?where[email][equals]=${encodeURIComponent(email)}`)
  expect(orders.docs[0]).toMatchObject({ originalPrice: 50, deliveryFee: 5, discountAmount: 13, totalPrice: 42, discountCode: code })
  const captures = await adminApi(request, 'GET', `/api/email-captures?where[discount_code][equals]=${code}`)
  expect(captures.docs[0].discount_used).toBe(true)
  const sellerMail = await waitForMail((mail) => mail.text.includes(email) && !mail.to.includes(email))
  expect(sellerMail.text).toContain('$42')

  // The same code again is refused.
  await page.goto('/order')
  await expect(page.getByText('Welcome back!')).toBeHidden()
  await page.getByRole('textbox', { name: 'Discount code' }).fill(` ${code.toLowerCase()} `)
  await page.getByRole('button', { name: 'Apply', exact: true }).click()
  await expect(page.getByText('This discount code has already been used.')).toBeVisible()
})

test("choices made before the page's script has run stay chosen once it runs", async ({ page }) => {
  // A phone on a slow network: the cached page shows at once, its script arrives later.
  let releaseScripts = () => {}
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve))
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    await scriptsHeld
    await route.continue()
  })
  await page.goto('/order', { waitUntil: 'commit' })
  await page.getByRole('radio', { name: /3 jars/ }).check()
  await page.getByLabel('Jar 1 flavor *').selectOption({ label: 'Mixed Berry' })
  await page.getByLabel('Jar 2 flavor *').selectOption({ label: 'Peach Ginger' })
  await page.getByRole('radio', { name: 'Delivery' }).check()

  releaseScripts()
  // Scripted, the form drops its no-JavaScript Enter button.
  await expect(page.locator('form button.sr-only[type=submit]')).toHaveCount(0)
  // The form has re-rendered (it now runs scripted); the earlier choices are still there…
  await expect(page.getByRole('radio', { name: /3 jars/ })).toBeChecked()
  await expect(page.getByLabel('Jar 1 flavor *')).toHaveValue('mixed-berry')
  await expect(page.getByLabel('Jar 2 flavor *')).toHaveValue('peach-ginger')
  await expect(page.getByRole('radio', { name: 'Delivery' })).toBeChecked()
  // …and they are the form's own: the next choice keeps them, and the summary counts them.
  await page.getByLabel('Jar 3 flavor *').selectOption({ label: 'Pineapple Mango' })
  await expect(page.getByLabel('Jar 1 flavor *')).toHaveValue('mixed-berry')
  await expect(page.getByTestId('order-total')).toContainText('$55')
})
