import { adminApi, expect, test, waitForMail } from './fixtures'

test('the contact form checks its fields, stores the message and e-mails the seller', async ({ page, request }) => {
  await page.goto('/contact')
  await expect(page.getByText('We reply within 24 hours.', { exact: true })).toBeVisible()
  const send = page.getByRole('button', { name: 'Send Message' })

  await send.click()
  await expect(page.locator('[role=alert][data-testid=form-message]')).toContainText('Missing Information')
  await expect(page.locator('[role=alert][data-testid=form-message]')).toContainText('Please fill in the name field.')
  // Busy, the button is marked so but stays focusable: a disabled one drops focus to the page's top.
  await expect(send).toBeFocused()

  await page.getByLabel('Name *').fill('Dana Tester')
  await send.click()
  await expect(page.locator('[role=alert][data-testid=form-message]')).toContainText('Please fill in the email field.')

  await page.getByLabel('Email *').fill('dana@not-valid')
  await page.getByLabel('Message *').fill('Do you deliver to Ypsilanti?')
  await send.click()
  await expect(page.locator('[role=alert][data-testid=form-message]')).toContainText('Please enter a valid email address.')
  await expect(page.getByLabel('Message *')).toHaveValue('Do you deliver to Ypsilanti?')

  const subject = `Delivery question ${Date.now()}`
  await page.getByLabel('Email *').fill('dana@example.com')
  await page.getByLabel('Subject (optional)').fill(subject)
  await send.click()
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Message Sent!')
  await expect(page.locator('[role=status][data-testid=form-message]')).toContainText("Thank you for reaching out! We'll get back to you soon.")
  await expect(page.getByLabel('Name *')).toHaveValue('')

  const stored = await adminApi(request, 'GET', `/api/contact-messages?where[subject][equals]=${encodeURIComponent(subject)}`)
  expect(stored.docs).toHaveLength(1)
  expect(stored.docs[0]).toMatchObject({ name: 'Dana Tester', email: 'dana@example.com', message: 'Do you deliver to Ypsilanti?' })

  const mail = await waitForMail((message) => message.subject.includes(subject))
  expect(mail.text).toContain('Do you deliver to Ypsilanti?')
  expect(mail.replyTo).toContain('dana@example.com')
})

test('without JavaScript the contact form still posts and shows its result where the visitor looks, on a phone', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, baseURL: process.env.E2E_BASE_URL })
  const page = await context.newPage()
  await page.goto('/contact')
  await page.getByLabel('Name *').fill('No Script')
  await page.getByRole('button', { name: 'Send Message' }).click()
  // The answer is a new page: it opens at the message, not at the top, two screens above it.
  const error = page.locator('[role=alert][data-testid=form-message]')
  await expect(error).toContainText('Please fill in the email field.')
  await expect(error).toBeInViewport()
  await expect(page.getByLabel('Name *')).toHaveValue('No Script')
  await page.getByLabel('Email *').fill('noscript@example.com')
  await page.getByLabel('Message *').fill('Hello without JavaScript')
  await page.getByRole('button', { name: 'Send Message' }).click()
  const sent = page.locator('[role=status][data-testid=form-message]')
  await expect(sent).toContainText('Message Sent!')
  await expect(sent).toBeInViewport()
  await context.close()
})
