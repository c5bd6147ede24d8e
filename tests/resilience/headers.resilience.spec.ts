import { afterEach, describe, expect, it } from 'vitest'

import { startSite, type Site } from '../helpers/site'

/**
 * Strict-Transport-Security follows the server's SITE_URL at run time, on the same build: a site
 * served over https asks browsers to keep to https, one on plain http must not (it would lock its
 * visitors out). Pages from the cache, pages rendered per request and the admin alike.
 */

const HSTS = 'max-age=63072000; includeSubDomains'
const PAGES = ['/', '/faq', '/faq', '/order', '/admin/login']

let site: Site | undefined
afterEach(async () => {
  await site?.stop()
  site = undefined
})

/**
 * The HSTS header of each page, as the server sends it (no redirect followed), asked for by its
 * public name as the proxy in front passes it on (the admin at another name is sent to SITE_URL).
 */
async function hstsOf(baseURL: string): Promise<(string | null)[]> {
  const answers = []
  for (const path of PAGES) {
    const response = await fetch(`${baseURL}${path}`, { redirect: 'manual', headers: { 'X-Forwarded-Host': 'shop.example' } })
    expect(response.status, path).toBe(200)
    answers.push(response.headers.get('strict-transport-security'))
  }
  return answers
}

describe('HSTS', () => {
  it('is sent on every page when SITE_URL is https', async () => {
    site = await startSite({ env: { SITE_URL: 'https://shop.example' } })
    expect(await hstsOf(site.baseURL)).toEqual(PAGES.map(() => HSTS))
  })

  it('is never sent when SITE_URL is http', async () => {
    site = await startSite({ env: { SITE_URL: 'http://shop.example' } })
    expect(await hstsOf(site.baseURL)).toEqual(PAGES.map(() => null))
  })
})
