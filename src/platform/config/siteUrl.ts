import 'server-only'

/** The public address of the site, for canonical links, the sitemap and structured data. */
export function siteUrl(): string {
  return (process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '')
}
