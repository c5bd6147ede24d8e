// What keeps a phone's main thread free as a page loads (scripts/compile-hints.mjs, run by
// `npm run build`): the scripts every page starts with carry V8's compile hint, so Chrome compiles
// them in the background while they download; what a single page loads does not.
import type { APIRequestContext } from '@playwright/test'

import { expect, test } from './fixtures'

const HINT = '//# allFunctionsCalledOnLoad\n'

/** The scripts a page's HTML loads at start (not the old browsers' `noModule` polyfills). */
async function startScripts(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text()
  return [...html.matchAll(/<script(?![^>]*noModule)[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1])
}

test('the scripts every page starts with carry the compile hint; a page’s own scripts do not', async ({ request }) => {
  const pages = await Promise.all(['/', '/about', '/order'].map((path) => startScripts(request, path)))
  const bodies = new Map<string, string>()
  for (const src of new Set(pages.flat())) bodies.set(src, await (await request.get(src)).text())
  const hinted = (src: string) => bodies.get(src)!.startsWith(HINT)

  // React, Next's router and Turbopack's runtime: on every page, and most of its script.
  const framework = pages[0].filter((src) => pages.every((scripts) => scripts.includes(src)) && bodies.get(src)!.length > 20_000)
  expect(framework.length).toBeGreaterThanOrEqual(3)
  for (const src of framework) expect(hinted(src), src).toBe(true)
  // What only one page loads (the home page's sign-up trigger, the order form) is left to V8.
  const ownScripts = pages.flatMap((scripts) => scripts.filter((src) => pages.filter((other) => other.includes(src)).length === 1))
  expect(ownScripts.length).toBeGreaterThan(0)
  for (const src of ownScripts) expect(hinted(src), src).toBe(false)
})

// server.mjs sends a page Next has sent from its cache again itself (src/platform/http/cachedPages.mjs).
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
