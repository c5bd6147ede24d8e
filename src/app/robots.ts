import type { MetadataRoute } from 'next'

import { siteUrl } from '@/platform/config/siteUrl'

// SITE_URL is read when the server runs: one build (an image) serves whatever host it is given.
export const dynamic = 'force-dynamic'

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/api'] },
    sitemap: `${siteUrl()}/sitemap.xml`,
  }
}
