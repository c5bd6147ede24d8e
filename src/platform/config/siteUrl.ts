import 'server-only'

import { readEnvironment } from './environment.mjs'

/** The public address of the site, for canonical links, the sitemap and structured data. */
export function siteUrl(): string {
  return readEnvironment().SITE_URL
}
