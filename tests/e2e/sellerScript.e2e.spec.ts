// The daily screen's script on a phone: its pages are App Router pages like the public site's, so
// they load Next's and React's runtime — the same immutable chunks the public pages load, which the
// browser (and the screen's service worker) keeps between visits — at most 140 kB compressed in all
// (issue #39's budget for a page of the site), counted as the browser downloads them, on each page
// of the screen after signing in.
import type { Page, Response } from '@playwright/test'

import { expect, test } from './fixtures'
import { ADMIN } from './global-setup'

test.use({ viewport: { width: 390, height: 844 } })

const MAX_SCRIPT_BYTES = 140 * 1024

type Script = { url: string; bytes: number; cacheControl: string }

/** The scripts the page downloads while `load` runs: their addresses, compressed bytes and caching. */
async function scriptsLoadedBy(page: Page, load: () => Promise<unknown>) {
  const scripts: Promise<Script>[] = []
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return
    scripts.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({ url: new URL(response.url()).pathname, bytes: sizes.responseBodySize, cacheControl: response.headers()['cache-control'] ?? '' })),
    )
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

const total = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.bytes, 0)

test("each page of the daily screen loads at most 140 kB of script, Next's runtime being the public site's own immutable chunks", async ({ page, browser }) => {
  // The public home page, in a browser of its own (nothing cached): the runtime it loads.
  const visitor = await browser.newPage()
  const publicScripts = await scriptsLoadedBy(visitor, () => visitor.goto('/'))
  await visitor.context().close()
  const publicChunks = new Set(publicScripts.map((script) => script.url))

  await page.goto('/admin/login?redirect=%2Fseller')
  await page.getByLabel(/email/i).fill(ADMIN.email)
  await page.getByLabel(/password/i).first().fill(ADMIN.password)
  await page.getByRole('button', { name: /login/i }).click()
  await expect(page).toHaveURL(/\/seller$/)

  for (const path of ['/seller', '/seller/new', '/seller/customers', '/seller/add']) {
    // Each page as a first visit would load it: nothing kept from the one before.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    const scripts = await scriptsLoadedBy(page, () => page.goto(path))
    await expect(page.locator('body.seller main')).toBeVisible()
    expect(total(scripts), `${path}: ${JSON.stringify(scripts)}`).toBeLessThanOrEqual(MAX_SCRIPT_BYTES)
    // Next's files are named by their content and cached for good, as the public site's are.
    for (const script of scripts.filter(({ url }) => url.startsWith('/_next/static/'))) expect(script.cacheControl, script.url).toMatch(/immutable/)
    // Most of it is the runtime the public site loads too: a visitor who ordered has it already.
    const shared = total(scripts.filter((script) => publicChunks.has(script.url)))
    expect(shared / total(scripts), `${path}: shared with / ${shared} of ${total(scripts)} bytes`).toBeGreaterThan(0.75)
    // Today's notification switch is its own script's work: it shows once that script ran.
    if (path === '/seller') await expect(page.getByTestId('notify')).toBeVisible()
  }
})
