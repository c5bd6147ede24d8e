import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Review photos may be up to 10 MB; the action's body carries the file plus the form fields.
  experimental: {
    serverActions: { bodySizeLimit: '11mb' },
    // Cached pages live in memory only: a restart (or a restored database) never serves pages
    // rendered from another database's content.
    isrFlushToDisk: false,
  },
  images: {
    formats: ['image/avif', 'image/webp'],
  },
  poweredByHeader: false,
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        ],
      },
    ]
  },
}

const config = withPayload(nextConfig, { devBundleServerPackages: false })

/**
 * Payload asks every page for the visitor's colour-scheme client hint (`Critical-CH`), which makes
 * browsers request each public page twice and splits its cache. Only the admin uses the hint.
 */
const withHeaders = config.headers
config.headers = async () =>
  (await withHeaders()).map((rule) =>
    rule.headers.some((header) => header.key === 'Critical-CH') ? { ...rule, source: '/admin/:path*' } : rule,
  )

export default config
