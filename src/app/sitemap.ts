import type { MetadataRoute } from 'next'

import { NAV_ROUTES } from '@/features/content/routes.mjs'
import { siteUrl } from '@/platform/config/siteUrl'

export const dynamic = 'force-dynamic'

export default function sitemap(): MetadataRoute.Sitemap {
  return NAV_ROUTES.map((route) => ({
    url: `${siteUrl()}${route.href === '/' ? '' : route.href}`,
    changeFrequency: route.href === '/reviews' ? 'daily' : 'weekly',
    priority: route.href === '/' ? 1 : route.href === '/order' ? 0.9 : 0.7,
  }))
}
