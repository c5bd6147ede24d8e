// Pages served from Next's page cache (src/platform/http/pageCache.mjs): the same page every time,
// with the Content-Security-Policy of its own inline scripts, and the client router's payload apart.
import { expect, test } from './fixtures'

test('a cached page loaded again and again is the page Next rendered; the client router still gets its own answer', async ({ page, request }) => {
  const loads = []
  for (let index = 0; index < 4; index++) {
    const response = await request.get('/benefits')
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)))
    loads.push({ status: response.status(), headers, body: await response.text() })
  }
  for (const load of loads.slice(2)) expect(load).toEqual(loads[1])
  expect(loads[1].headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/)

  const payload = await request.get('/benefits', { headers: { rsc: '1' } })
  expect(payload.headers()['content-type']).toContain('text/x-component')
  expect(await payload.text()).not.toContain('<html')

  // A click in the menu fetches that payload, not the document.
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Benefits', exact: true }).click()
  await expect(nav.getByRole('link', { name: 'Benefits', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(page.locator('h1')).toHaveText(loads[1].body.match(/<h1[^>]*>([^<]+)</)![1])
})
