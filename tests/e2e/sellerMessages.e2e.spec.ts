// The customer hears from the seller at every step: the seller moves an order through its statuses
// in the admin, the test SMTP server receives each e-mail, the completed e-mail's review link posts
// a verified buyer's review, and a refill link opens /order with the same jars chosen. The review
// is deleted again in `finally`, so later spec files see the reviews they expect.
import type { Page } from '@playwright/test'

import { adminApi, adminToken, chooseInAdminSelect, expect, openAdminDocument, receivedMail, test, waitForMail, withAdminSession } from './fixtures'

async function setStatusInAdmin(admin: Page, status: string) {
  await chooseInAdminSelect(admin, 'status', status)
  await admin.getByRole('button', { name: 'Save' }).click()
  const saved = admin.locator('.payload-toast-item').filter({ hasText: 'Updated successfully.' })
  await expect(saved).toBeVisible()
  // Closed as the seller can, rather than waited out (4 s), so the next save's toast is the only one.
  await saved.getByRole('button', { name: 'Close toast' }).click()
  await expect(saved).toBeHidden()
}

test('confirmed, ready, completed: three e-mails in order; the review link gives a verified review; the order lists its e-mails', async ({ page, browser, request }) => {
  test.setTimeout(180_000)
  const email = `steps-${Date.now()}@example.com`
  const fullName = `Stella Steps ${Date.now() % 10_000}`
  let reviewId: number | undefined

  // The customer orders, asking for a refill reminder.
  await page.goto('/order')
  await page.locator('#order-qty-3').check()
  for (const [jar, flavor] of [[1, 'Mixed Berry'], [2, 'Mixed Berry'], [3, 'Peach Ginger']] as const) await page.getByLabel(`Jar ${jar} flavor *`).selectOption({ label: flavor })
  await page.getByRole('radio', { name: 'Pickup' }).check()
  await page.getByLabel('Full name *').fill(fullName)
  await page.getByLabel('Email *').fill(email)
  await page.getByLabel('Phone *').fill('(313) 555-0177')
  await page.getByLabel('Address *').fill('1 Campus Martius')
  await page.getByLabel('City *').selectOption({ label: 'Detroit' })
  await page.getByLabel('ZIP code *').fill('48226')
  await page.getByLabel("Remind me when it's time for a fresh jar").check()
  await page.getByLabel('I agree to be contacted via SMS/email about my order.').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  const reference = (await page.getByTestId('order-confirmation').getByTestId('order-reference').textContent())!
  await waitForMail((mail) => mail.to.includes(email))

  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  try {
    await withAdminSession(admin)
    const [order] = (await adminApi(request, 'GET', `/api/orders?depth=0&where[reference][equals]=${reference}`)).docs as { id: number; refillReminder: boolean }[]
    expect(order.refillReminder).toBe(true)
    await openAdminDocument(admin, `/admin/collections/orders/${order.id}`)
    await admin.waitForLoadState('networkidle')
    for (const status of ['Confirmed', 'Ready', 'Completed']) await setStatusInAdmin(admin, status)

    // The three e-mails arrive in order, each naming the order.
    const subjects = [`Order ${reference} is confirmed`, `Order ${reference} is ready`, `Thank you for your order, ${fullName}`]
    const completed = await waitForMail((mail) => mail.to.includes(email) && mail.subject === subjects[2], 20_000)
    const mine = receivedMail().filter((mail) => mail.to.includes(email))
    expect(mine.map((mail) => mail.subject)).toEqual([`Your Purple Seamoss Gel order: 3 jars, $50`, ...subjects])
    for (const mail of mine.slice(1)) expect(mail.text).toContain(reference)
    expect(mine[2].text).toContain('Your jars are ready!')

    // The order's page in the admin lists what was sent.
    await admin.reload()
    const emails = admin.getByTestId('order-emails')
    for (const subject of subjects) await expect(emails.getByRole('listitem').filter({ hasText: subject })).toContainText('Sent')

    // The review link opens the form with the name filled in; the review is a verified buyer's.
    const link = completed.text.match(/https?:\/\/\S+\/reviews\?\S+/)![0]
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
    await expect(page.getByLabel('Name')).toHaveValue(fullName)
    await page.getByRole('radiogroup', { name: 'Rating' }).getByRole('radio', { name: '5 stars' }).click()
    await page.getByLabel('Comment').fill('Fresh, smooth and on time.')
    await page.getByRole('button', { name: 'Submit Review' }).click()
    await expect(page.locator('[role=status][data-testid=form-message]')).toContainText('Review submitted!')
    const review = page.getByTestId('review').filter({ hasText: fullName })
    await expect(review.getByTestId('verified-buyer')).toHaveText('✓ Verified buyer')
    reviewId = ((await adminApi(request, 'GET', `/api/reviews?depth=0&where[name][equals]=${encodeURIComponent(fullName)}`)).docs as { id: number }[])[0]?.id
  } finally {
    if (reviewId) await request.delete(`/api/reviews/${reviewId}`, { headers: { Authorization: `JWT ${await adminToken(request)}` } })
    await admin.context().close()
  }
})

test('a refill link opens /order with the same package and flavors chosen', async ({ page }) => {
  await page.goto('/order?qty=3&flavor1=mixed-berry&flavor2=mixed-berry&flavor3=peach-ginger')
  await expect(page.locator('#order-qty-3')).toBeChecked()
  await expect(page.getByLabel('Jar 1 flavor *')).toHaveValue('mixed-berry')
  await expect(page.getByLabel('Jar 2 flavor *')).toHaveValue('mixed-berry')
  await expect(page.getByLabel('Jar 3 flavor *')).toHaveValue('peach-ginger')
})
