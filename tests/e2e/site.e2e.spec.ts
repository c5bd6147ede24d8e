import { adminApi, expect, expectNoSeriousA11yViolations, test } from './fixtures'

const NAV = [
  ['Home', '/'],
  ['Benefits', '/benefits'],
  ['About', '/about'],
  ['Reviews', '/reviews'],
  ['Order', '/order'],
  ['FAQ', '/faq'],
  ['Contact', '/contact'],
] as const

test('every top-bar link leads to its page and marks it current', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const [label, href] of NAV) {
    await nav.getByRole('link', { name: label, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${href === '/' ? '/$' : href}$`))
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
  }
})

test('a page view asks the server for no other page: the links are plain, nothing is prefetched', async ({ page }) => {
  // Next's client navigation asks for a page's React payload (an `RSC` request, `?_rsc=`), which the
  // proxy never caches; a plain link loads the page's document, which it does.
  const payloads: string[] = []
  page.on('request', (request) => {
    if (request.headers()['rsc'] || new URL(request.url()).searchParams.has('_rsc')) payloads.push(request.url())
  })
  await page.goto('/')
  await page.waitForTimeout(2000)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click()
  await expect(page).toHaveURL(/\/about$/)
  await page.waitForTimeout(1000)
  expect(payloads).toEqual([])
})

test('the top bar has a Text to Order phone link', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Text to Order' })).toHaveAttribute('href', /^sms:\+1\d{10}$/)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the menu toggles, navigates, and closes on a link or Escape', async ({ page }) => {
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeHidden()

    const closedAt = await toggle.boundingBox()
    await toggle.click()
    const close = page.getByRole('button', { name: 'Close menu' })
    await expect(close).toHaveAttribute('aria-expanded', 'true')
    // The button stays under the finger that opened the menu: the top row does not move.
    expect((await close.boundingBox())?.y).toBe(closedAt?.y)
    await nav.getByRole('link', { name: 'FAQ' }).click()
    await expect(page).toHaveURL(/\/faq$/)
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')

    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(nav.getByRole('link', { name: 'About' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(nav.getByRole('link', { name: 'About' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
  })

  test('without JavaScript the links stay visible, above the page rather than over it', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, baseURL: process.env.E2E_BASE_URL })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()

    // The open list cannot be closed without a script: a top bar fixed over the page would hide
    // the heading, and then the top half of the screen at every scroll.
    const heading = page.getByRole('heading', { level: 1 })
    await expect(heading).toBeInViewport()
    const headingUncovered = () => heading.evaluate((element) => {
      const box = element.getBoundingClientRect()
      return element.contains(document.elementFromPoint(box.left + 8, box.top + box.height / 2))
    })
    expect(await headingUncovered()).toBe(true)
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    await expect(page.getByRole('banner')).not.toBeInViewport()
    await context.close()
  })
})

test('every navigation starts at the top of the page', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('the footer carries links, contact details, delivery areas, pricing and the disclaimer', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  const quickLinks = footer.getByRole('navigation', { name: 'Quick links' }).getByRole('link')
  await expect(quickLinks).toHaveText(['Home', 'Benefits', 'About', 'Order', 'FAQ', 'Contact'])
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1)
  await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1)
  await expect(footer.getByRole('link', { name: /^@/ })).toHaveAttribute('href', /^https:\/\//)
  await expect(footer.getByRole('heading', { name: 'Delivery Areas' })).toBeVisible()
  await expect(footer).toContainText('Metro Detroit')
  await expect(footer).toContainText('Metro Ann Arbor')
  await expect(footer).toContainText('8oz for $20')
  await expect(footer).toContainText('3 for $50')
  await expect(footer).toContainText('6 for $100')
  await expect(footer).toContainText('© 2024')
  await expect(footer).toContainText('not intended to diagnose, treat, cure or prevent any disease')
})

test('the home pricing cards lead to the order page with the package chosen', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Order 3 jars for $50' })).toHaveAttribute('href', '/order?qty=3')
  await expect(page.getByRole('link', { name: 'Order 6 jars for $100' })).toHaveAttribute('href', '/order?qty=6')
  await expect(page.getByRole('link', { name: 'Order 1 jar for $20' })).toHaveAttribute('href', '/order?qty=1')
  await expect(page.getByText('Save $10')).toBeVisible()
  await expect(page.getByText('Save $20')).toBeVisible()
})

test('without JavaScript, the order page starts with the package of the link', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL })
  const page = await context.newPage()
  for (const quantity of [3, 6, 1]) {
    await page.goto(`/order?qty=${quantity}`)
    await expect(page.locator(`input[name=quantity][value="${quantity}"]`)).toBeChecked()
  }
  await page.goto('/order?qty=5')
  await expect(page.locator('input[name=quantity][value="1"]')).toBeChecked()
  await context.close()
})

test('the FAQ keeps one answer open at a time, by keyboard', async ({ page }) => {
  await page.goto('/faq')
  const items = page.locator('details[name="faq"]')
  await expect(items).toHaveCount(14)
  await items.nth(0).locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(items.nth(0)).toHaveAttribute('open', '')
  await page.keyboard.press('Tab')
  await expect(items.nth(1).locator('summary')).toBeFocused()
  await page.keyboard.press('Space')
  await expect(items.nth(1)).toHaveAttribute('open', '')
  await expect(items.nth(0)).not.toHaveAttribute('open', '')
  await expect(page.locator('details[name="faq"][open]')).toHaveCount(1)
  await expect(page.getByRole('main').getByRole('link', { name: /^Text \(/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'E-mail us' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Message @/ })).toBeVisible()
})

/** WCAG's contrast ratio of two computed `rgb(…)` colours. */
function contrastRatio(first: string, second: string) {
  const luminance = (color: string) => {
    const [red, green, blue] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((channel) => {
        const value = Number(channel) / 255
        return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
      })
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue
  }
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a)
  return (lighter + 0.05) / (darker + 0.05)
}

test("a focused form field's ring stands out from what is around it (3:1), on the page and in a card", async ({ page }) => {
  for (const [path, label] of [
    ['/order', 'Full name *'],
    ['/reviews', 'Name'],
  ] as const) {
    await page.goto(path)
    const field = page.getByLabel(label)
    await field.focus()
    const { ring, width, around } = await field.evaluate((element) => {
      // The colour the ring is drawn on: the nearest ancestor with a background of its own.
      let parent = element.parentElement
      while (parent && getComputedStyle(parent).backgroundColor === 'rgba(0, 0, 0, 0)') parent = parent.parentElement
      const style = getComputedStyle(element)
      return { ring: style.outlineColor, width: parseFloat(style.outlineWidth), around: parent ? getComputedStyle(parent).backgroundColor : 'rgb(255, 255, 255)' }
    })
    expect(width, path).toBeGreaterThanOrEqual(2)
    expect(contrastRatio(ring, around), `${path}: ${ring} on ${around}`).toBeGreaterThanOrEqual(3)
  }
})

test('an unknown address answers 404 with a way home, and is logged', async ({ page }) => {
  const logged: string[] = []
  page.on('console', (message) => logged.push(message.text()))
  const response = await page.goto('/no-such-page-here')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
  // Logged by the page's script, once it runs.
  await expect.poll(() => logged).toContain('404 Error: User attempted to access non-existent route: /no-such-page-here')
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('every unknown address is the one cached 404 page, also below a real page', async ({ request }) => {
  for (const path of ['/about/more', '/order/7', '/order/3/x', '/admin-x', `/made-up-${Date.now()}`]) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    expect(await response.text()).toContain('Oops! Page not found')
  }
  // Served from the page cache, whatever the address: one entry, not one per address a bot tries.
  expect((await request.get(`/another-made-up-${Date.now()}`)).headers()['x-nextjs-cache']).toBe('HIT')
})

test('an FAQ edited in the admin shows on /faq within seconds', async ({ page, request }) => {
  // Loaded until Next serves it from its page cache: the edit must reach the cached page too.
  for (let load = 0; load < 3; load++) await page.goto('/faq')
  const faqs = await adminApi(request, 'GET', '/api/faqs?sort=_order&limit=1')
  const faq = faqs.docs[0]
  const answer = `Freshly edited answer ${Date.now()}`
  await adminApi(request, 'PATCH', `/api/faqs/${faq.id}`, { answer })
  await expect
    .poll(async () => {
      await page.reload()
      return page.locator('details[name="faq"]').first().textContent()
    }, { timeout: 10_000 })
    .toContain(answer)
})

for (const path of ['/', '/benefits', '/about', '/faq', '/contact', '/reviews', '/no-such-page']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path)
    await expectNoSeriousA11yViolations(page)
  })
}
