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
