// The order page's business facts (delivery areas, payment methods) come from Site settings: the
// seller edits them in the admin and the next load of /order shows them. The settings are put back
// at the end, so the other spec files (run one after another on the same server) see the seed.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

import { adminApi, expect, openAdminDocument, test, withAdminSession } from './fixtures'

type SiteSettings = {
  deliveryAreas: { name: string; description?: string | null }[]
  paymentMethods: { method: string; handle?: string | null }[]
}

const SEEDED_PAYMENT = 'Pay when we confirm: Cash, Venmo, CashApp or Zelle.'
const SEEDED_DELIVERY = '$5 in Metro Detroit and Metro Ann Arbor.'

/** The two sentences of /order that carry the settings, as a visitor reads them on a fresh load. */
async function orderPageFacts(page: Page) {
  await page.goto('/order')
  return {
    payment: (await page.getByTestId('payment-methods').textContent())?.trim(),
    delivery: (await page.locator('#order-method-delivery-hint').textContent())?.trim(),
  }
}

/** Removes one row of an array field through the row's ⋮ menu, as the seller would. */
async function removeRow(page: Page, field: string, index: number) {
  const rows = page.locator(`#field-${field} .array-field__row`)
  const before = await rows.count()
  await page.locator(`#${field}-row-${index}`).locator('.array-actions__button').click()
  await page.locator('.array-actions__remove').filter({ visible: true }).click()
  await expect(rows).toHaveCount(before - 1)
}

test('payment methods and delivery areas edited in Site settings replace the old ones on /order', async ({ page, request }) => {
  test.setTimeout(90_000)
  const original = (await adminApi(request, 'GET', '/api/globals/site-settings')) as SiteSettings
  // Checked before editing: the seed reads as the spec words it.
  expect(await orderPageFacts(page)).toEqual({ payment: SEEDED_PAYMENT, delivery: SEEDED_DELIVERY })

  await withAdminSession(page)
  try {
    await openAdminDocument(page, '/admin/globals/site-settings')

    // Delivery areas: one added, two renamed. The row is added first, on the untouched form: its
    // fields come with the admin server's answer (seen taking over 15 s under two test workers'
    // load, orderWindows.e2e.spec.ts), and once, added just after two edits whose own request was
    // still out, they never came.
    await page.locator('#field-deliveryAreas').getByRole('button', { name: /^Add / }).last().click()
    await expect(page.locator('#deliveryAreas-row-2')).toBeVisible()
    await expect(page.locator('#field-deliveryAreas__2__name')).toBeVisible({ timeout: 30_000 })
    await page.locator('#field-deliveryAreas__2__name').fill('Royal Oak')
    await page.locator('#field-deliveryAreas__0__name').fill('Downriver')
    await page.locator('#field-deliveryAreas__1__name').fill('Grosse Pointe')

    // Payment methods: two renamed, the other two removed.
    await page.locator('#field-paymentMethods__0__method').fill('Apple Pay')
    await page.locator('#field-paymentMethods__1__method').fill('PayPal')
    await removeRow(page, 'paymentMethods', 3)
    await removeRow(page, 'paymentMethods', 2)

    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Updated successfully.')).toBeVisible()
    const saved = (await adminApi(request, 'GET', '/api/globals/site-settings')) as SiteSettings
    expect(saved.deliveryAreas.map((area) => area.name)).toEqual(['Downriver', 'Grosse Pointe', 'Royal Oak'])
    expect(saved.paymentMethods.map((payment) => payment.method)).toEqual(['Apple Pay', 'PayPal'])

    // The save expires the cached settings: the next load of /order shows the new facts.
    const facts = await orderPageFacts(page)
    expect(facts).toEqual({ payment: 'Pay when we confirm: Apple Pay or PayPal.', delivery: '$5 in Downriver, Grosse Pointe and Royal Oak.' })
    const form = page.locator('form[aria-describedby="order-required-note"]')
    for (const gone of ['Venmo', 'CashApp', 'Zelle', 'Cash,', 'Metro Detroit', 'Metro Ann Arbor']) await expect(form).not.toContainText(gone)
    await page.getByRole('radio', { name: 'Delivery' }).check()
    await expect(page.getByRole('radio', { name: 'Delivery' })).toHaveAccessibleDescription('$5 in Downriver, Grosse Pointe and Royal Oak.')
  } finally {
    await adminApi(request, 'POST', '/api/globals/site-settings', {
      deliveryAreas: original.deliveryAreas.map(({ name, description }) => ({ name, description })),
      paymentMethods: original.paymentMethods.map(({ method, handle }) => ({ method, handle })),
    })
  }
  // Put back, and shown again at once.
  expect(await orderPageFacts(page)).toEqual({ payment: SEEDED_PAYMENT, delivery: SEEDED_DELIVERY })
})

test("the admin's grey texts read clearly: settings' descriptions, Add buttons, tabs, list headings and the menu pass WCAG's contrast, light and dark", async ({ page }) => {
  await withAdminSession(page)
  // Wide enough for Payload to keep its menu open beside the page.
  await page.setViewportSize({ width: 1500, height: 900 })
  const views = [
    { path: '/admin/globals/site-settings', part: '.document-fields' },
    { path: '/admin/globals/fulfilment', part: '.document-fields' },
    { path: '/admin/globals/email-templates', part: '.document-fields' },
    { path: '/admin/collections/faqs', part: '.table' },
    { path: '/admin', part: '.nav' },
  ]
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    for (const { path, part } of views) {
      await page.goto(path)
      await expect(page.locator(part).first()).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
      // Payload greys its fields' buttons out while the form starts (an inactive control, which WCAG
      // exempts); the check reads them once the seller can use them.
      await expect(page.locator(`${part} .btn--disabled`)).toHaveCount(0)
      const { violations } = await new AxeBuilder({ page }).include(part).withRules(['color-contrast']).analyze()
      expect(violations.flatMap((violation) => violation.nodes.map((node) => `${path}, ${colorScheme}: ${node.target.join(' ')}`))).toEqual([])
    }
  }
})
