// Making a plan of an order already placed, at phone size and without JavaScript: the confirmation
// links the order's page, whose button makes the plan and opens its private page; the customer's
// e-mail carries that page's link; there the flavors are changed for the refills to come.
import { adminRestFrom, expect, test, waitForMail, withWeeklyPickupForRefills } from './fixtures'

const api = adminRestFrom('10.66.0.11')

withWeeklyPickupForRefills(api)

test('an order made a refill plan from its page, then its flavors changed, without JavaScript at 390 px', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'x-forwarded-for': '10.38.1.1' } })
  const page = await context.newPage()
  const email = `refill-later-${Date.now()}@example.com`
  await page.goto('/order?qty=3')
  for (const [jar, flavor] of [[1, 'Mixed Berry'], [2, 'Mixed Berry'], [3, 'Peach Ginger']] as const) await page.getByLabel(`Jar ${jar} flavor *`).selectOption({ label: flavor })
  await page.getByRole('radio', { name: 'Pickup' }).check()
  await page.getByTestId('windows-pickup').locator('label').first().click()
  await page.getByLabel('Full name *').fill('Lena Later')
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill('(313) 555-0168')
  await page.getByLabel('Address *').fill('4 Woodward Ave')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48226')
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Order Submitted!')

  const offerLink = page.getByTestId('refill-offer-link').getByRole('link', { name: 'Make this a refill plan' })
  const orderPage = (await offerLink.getAttribute('href'))!.replace(/#.*/, '')
  expect(orderPage).toMatch(/^\/order\/status\/[A-Za-z0-9_-]+$/)
  await offerLink.click()
  const offer = page.getByTestId('refill-offer')
  await expect(offer.getByRole('heading', { name: 'Make this a refill plan' })).toBeVisible()
  await offer.getByLabel('How often').selectOption({ label: 'Every 3 weeks' })
  await offer.getByRole('button', { name: 'Make it a refill plan' }).click()

  await expect(page.getByRole('heading', { name: 'Your refill plan' })).toBeVisible()
  await expect(page.getByTestId('plan-done')).toHaveText('Done: your refill plan is made. Keep this page: its link is also in your e-mail.')
  await expect(page.getByText('Active · every 3 weeks')).toBeVisible()
  const path = new URL(page.url()).pathname
  const mail = await waitForMail((received) => received.to.includes(email) && received.subject === 'Your refill plan: every 3 weeks')
  expect(mail.text).toContain(path)

  await page.getByTestId('plan-flavors-link').click()
  const form = page.getByTestId('plan-flavors')
  await expect(form).toContainText('Choose the flavor of each of your 3 jars. The price stays the same.')
  await form.getByLabel('Jar 1').selectOption({ label: 'Pineapple Mango' })
  await form.getByRole('button', { name: 'Save these flavors' }).click()
  await expect(page.getByTestId('plan-done')).toHaveText('Done: your flavors are changed, from your next refill on.')
  await expect(page.getByTestId('plan-summary')).toContainText('3 jars (Pineapple Mango, Mixed Berry, Peach Ginger)')
  const { docs } = (await api('GET', `/api/refill-plans?depth=0&where[email][equals]=${encodeURIComponent(email)}`)) as { docs: { flavors: string; everyWeeks: number }[] }
  expect(docs).toMatchObject([{ everyWeeks: 3, flavors: 'Jar 1: pineapple-mango, Jar 2: mixed-berry, Jar 3: peach-ginger' }])

  // The order's page now names the plan, and offers no second one.
  await page.goto(orderPage)
  await expect(page.getByTestId('order-refill-plan')).toContainText('Every 3 weeks')
  await expect(page.getByTestId('refill-offer')).toHaveCount(0)
  await context.close()
})
