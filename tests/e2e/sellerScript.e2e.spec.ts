// The daily screen on a phone loads (almost) no JavaScript: none of Next's or React's runtime (its
// pages are Next's Pages Router with `unstable_runtimeJS: false`, src/pages/seller), only its own
// small scripts from public/seller, at most 60 kB compressed in all (issue #39). Counted as the
// browser downloads them, on each page of the screen, after signing in.
import type { Page, Response } from '@playwright/test'

import { expect, test } from './fixtures'
import { ADMIN } from './global-setup'

test.use({ viewport: { width: 390, height: 844 } })

const MAX_SCRIPT_BYTES = 60 * 1024

/** The scripts the page downloads while `load` runs: their addresses and compressed bytes. */
async function scriptsLoadedBy(page: Page, load: () => Promise<unknown>) {
  const scripts: Promise<{ url: string; bytes: number }>[] = []
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return
    scripts.push(response.request().sizes().then((sizes) => ({ url: new URL(response.url()).pathname, bytes: sizes.responseBodySize })))
  }
  page.on('response', onResponse)
  try {
    await load()
    await page.waitForLoadState('networkidle')
  } finally {
    page.off('response', onResponse)
  }
  return Promise.all(scripts)
}

function expectNoRuntime(scripts: { url: string; bytes: number }[], where: string) {
  expect(
    scripts.filter((script) => script.url.startsWith('/_next/')),
    `${where} loads Next's scripts`,
  ).toEqual([])
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0)
  expect(total, `${where}: ${JSON.stringify(scripts)}`).toBeLessThanOrEqual(MAX_SCRIPT_BYTES)
}

test("each page of the daily screen loads no script of Next's and at most 60 kB of JavaScript", async ({ page }) => {
  await page.goto('/admin/login?redirect=%2Fseller')
  await page.getByLabel(/email/i).fill(ADMIN.email)
  await page.getByLabel(/password/i).first().fill(ADMIN.password)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/seller$/)

  for (const path of ['/seller', '/seller/new', '/seller/customers', '/seller/add']) {
    const scripts = await scriptsLoadedBy(page, () => page.goto(path))
    await expect(page.locator('body.seller main')).toBeVisible()
    expectNoRuntime(scripts, path)
    // Today's notification switch is its own script's work: it shows once that script ran.
    if (path === '/seller') await expect(page.getByTestId('notify')).toBeVisible()
  }

  // Add order refused (nothing chosen) is the form again, posted and answered without a script.
  const scripts = await scriptsLoadedBy(page, () => page.locator('.add-order__form').getByRole('button', { name: 'Add order' }).click())
  await expect(page.locator('.add-order__message')).toBeVisible()
  expectNoRuntime(scripts, 'a refused Add order')
})

test('an Add order post far larger than a form is refused with 413, before the page reads the rest of it', async ({ page }) => {
  await page.goto('/admin/login?redirect=%2Fseller%2Fadd')
  await page.getByLabel(/email/i).fill(ADMIN.email)
  await page.getByLabel(/password/i).first().fill(ADMIN.password)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/seller\/add$/)

  // The page's request context carries the session cookie; posted as from the site's own page.
  const answer = await page.request.post('/seller/add', {
    headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    data: `fullName=${'x'.repeat(100 * 1024)}&phone=3135550100`,
    maxRedirects: 0,
  })
  expect(answer.status()).toBe(413)
  // A page of the daily screen saying so, not bare text.
  expect(answer.headers()['content-type']).toMatch(/^text\/html/)
  const html = await answer.text()
  expect(html).toContain('<body class="seller">')
  expect(html).toContain('That form is far larger than an order: nothing was saved.')
})
