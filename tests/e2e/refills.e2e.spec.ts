// Signing up for a refill plan on /order, with and without JavaScript: the confirmation names the
// plan and links its private page, the customer's e-mail carries that link, and the page opened
// from it at phone size skips the next refill after a confirming tap. The weekly time is removed
// and the plans stopped again afterwards, so later spec files see the seed.
import type { Browser, Page } from '@playwright/test'

import { adminRestFrom, expect, openAdminList, test, waitForMail, withAdminSession, withWeeklyPickupForRefills } from './fixtures'

const api = adminRestFrom('10.66.0.9')

/** Each test's orders come from an address of its own: the order form's limit per visitor is shared by the whole suite's server. */
const visitor = (n: number) => ({ 'x-forwarded-for': `10.38.0.${n}` })

withWeeklyPickupForRefills(api)

/** Three jars picked up at the one weekly time, every two weeks. */
async function orderWithPlan(page: Page, email: string) {
  await page.goto('/order?qty=3')
  for (const [jar, flavor] of [[1, 'Mixed Berry'], [2, 'Mixed Berry'], [3, 'Peach Ginger']] as const) await page.getByLabel(`Jar ${jar} flavor *`).selectOption({ label: flavor })
  await page.getByRole('radio', { name: 'Pickup' }).check()
  await page.getByTestId('windows-pickup').locator('label').first().click()
  await page.getByLabel('Make this a refill plan').selectOption({ label: 'Every 2 weeks' })
  await page.getByLabel('Full name *').fill('Rita Refill')
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill('(313) 555-0166')
  await page.getByLabel('Address *').fill('2 Woodward Ave')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48226')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
}

async function expectPlanConfirmed(page: Page, email: string) {
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')
  const plan = page.getByTestId('order-refill-plan')
  await expect(plan).toContainText(/Every 2 weeks, the next on \w{3} \w{3} \d{1,2}\./)
  const path = await plan.getByRole('link', { name: "Your plan's page" }).getAttribute('href')
  expect(path).toMatch(/^\/refills\/[A-Za-z0-9_-]{24}$/)
  const { docs } = (await api('GET', `/api/refill-plans?depth=0&where[email][equals]=${encodeURIComponent(email)}`)) as { docs: { everyWeeks: number; status: string; token: string }[] }
  expect(docs).toHaveLength(1)
  expect(docs[0]).toMatchObject({ everyWeeks: 2, status: 'active' })
  expect(path).toBe(`/refills/${docs[0].token}`)
  return path!
}

async function phone(browser: Browser) {
  return (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
}

test('a refill plan made on the order form; its e-mailed link skips the next refill at phone size', async ({ page, browser }) => {
  await page.setExtraHTTPHeaders(visitor(1))
  const email = `refill-js-${Date.now()}@example.com`
  await orderWithPlan(page, email)
  const path = await expectPlanConfirmed(page, email)

  const mail = await waitForMail((received) => received.to.includes(email) && received.text.includes('Your refill plan'))
  const link = mail.text.match(/https?:\/\/\S+\/refills\/[A-Za-z0-9_-]+/)![0]
  expect(new URL(link).pathname).toBe(path)

  const customer = await phone(browser)
  await customer.goto(path)
  await expect(customer.getByRole('heading', { name: 'Your refill plan' })).toBeVisible()
  await expect(customer.getByText('Active · every 2 weeks')).toBeVisible()
  await customer.getByTestId('plan-skip').click()
  // A link opened by a mail scanner changes nothing: only the button posts.
  await expect(customer.getByTestId('plan-confirm')).toContainText('Skip your refill of')
  await customer.getByTestId('plan-confirm').getByRole('button').first().click()
  await expect(customer.getByText('Done: that refill is skipped.')).toBeVisible()
  await customer.context().close()

  // The seller, called from that number, finds the plan by it typed another way than the order took it.
  const seller = await phone(browser)
  await withAdminSession(seller)
  await openAdminList(seller, 'refill-plans')
  await seller.getByPlaceholder('Search by Full name, E-mail Or Phone').fill('313.555.0166')
  await expect(seller).toHaveURL(/[?&]search=313\.555\.0166/)
  const planRow = seller.locator('tbody tr').filter({ hasText: 'Rita Refill' }).first()
  await expect(planRow).toBeVisible()
  // A plan with no problem reads so in its last column (not "<No Could not make>").
  await expect(planRow).toContainText('Active')
  await expect(planRow).not.toContainText('Could not make')
  await seller.context().close()
})

test('a refill plan made on the order form without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, extraHTTPHeaders: visitor(2) })
  const page = await context.newPage()
  const email = `refill-nojs-${Date.now()}@example.com`
  await orderWithPlan(page, email)
  await expectPlanConfirmed(page, email)
  await context.close()
})

test('a plan chosen for pickup, then the order switched to delivery (no times here): the choice hides, and the order is just an order', async ({ page }) => {
  await page.setExtraHTTPHeaders(visitor(3))
  // Delivery has no weekly times here, so the plan's choice is not shown for it.
  await page.goto('/order?qty=1')
  await page.getByLabel('Jar 1 flavor *').selectOption({ label: 'Mixed Berry' })
  await page.getByRole('radio', { name: 'Pickup' }).check()
  await page.getByLabel('Make this a refill plan').selectOption({ label: 'Every 3 weeks' })
  await page.getByRole('radio', { name: 'Delivery' }).check()
  await page.getByLabel('Full name *').fill('Dee Delivery')
  await page.getByLabel('Email *').fill(`refill-delivery-${Date.now()}@example.com`)
  await page.getByLabel('Phone *').fill('(313) 555-0167')
  await page.getByLabel('Address *').fill('3 Woodward Ave')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48226')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
  await expect(page.getByTestId('refill-plan-choice')).toBeHidden()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')
  await expect(page.getByTestId('order-refill-plan')).toHaveCount(0)
})
