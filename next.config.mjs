import { fileURLToPath } from 'node:url'

import { withPayload } from '@payloadcms/next/withPayload'

import { routingRewrites } from './src/features/content/routes.mjs'
import { PACKAGE_QUANTITIES } from './src/features/ordering/packages.mjs'
import { FORM_BODY_MAX_BYTES } from './src/platform/http/bodyLimit.mjs'
import { PERMISSIONS_POLICY } from './src/platform/http/securityHeaders.mjs'

/** The build `npm test` makes for its end-to-end suite (`test:e2e`): made once, its types checked already. */
const testBuild = process.env.TEST_BUILD === '1'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The Docker image is built from Next's standalone output (`.next/standalone`: server.js and only
  // the files Next traced for the server), with NEXT_OUTPUT=standalone (Dockerfile). So is the tests'
  // build (`test:e2e`): tests/resilience/dockerImage.resilience.spec.ts starts its server.js out of
  // the checkout, as the image does. `next start` (`npm start`, the other tests) serves either build.
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  // Review photos may be up to 10 MB; the action's body carries the file plus the form fields.
  experimental: {
    serverActions: { bodySizeLimit: FORM_BODY_MAX_BYTES },
    // The proxy (src/proxy.ts) runs for form posts, so Next buffers their bodies for it up to this
    // size and cuts the rest. The same size as the actions' limit, so no body the proxy let
    // through is refused by the action (with a 500) after it.
    proxyClientMaxBodySize: FORM_BODY_MAX_BYTES,
    // Each route handler (the REST API, the calendar file, the prep sheet's CSV…) carries its own
    // copy of Payload; load it when the route is first asked for rather than all at start: about
    // 45 MB less for a server that mostly serves cached pages.
    preloadEntriesOnStart: false,
    // libvips keeps up to 50 MB of recent operations for reuse; each resized photo is kept by the
    // cache handler below and never made twice, so that memory would buy nothing.
    imgOptOperationCache: false,
    // Turbopack keeps what it compiled under .next/cache (about 1 GB) to build faster next time; the
    // tests' build is made once on a fresh clone and never again, so it does not write it (~13 s).
    turbopackFileSystemCacheForBuild: !testBuild,
  },
  images: {
    formats: ['image/avif', 'image/webp'],
    // Only the media library's files are resized (the seller's photos, published review photos),
    // as Payload serves them: /api/media/file/<name>, no query. Any other address gets a 400.
    localPatterns: [{ pathname: '/api/media/file/**', search: '' }],
    // No image on the site is shown wider than 768 CSS pixels (a review photo on a tablet), so
    // 1920 covers every screen; each width left out shortens every srcset, which the page sends
    // twice (in the HTML and in React's payload).
    deviceSizes: [640, 750, 828, 1080, 1200, 1920],
    // Resized images are kept by the cache handler below, in memory, rather than in files under
    // `.next/cache`.
    customCacheHandler: true,
  },
  poweredByHeader: false,
  // `npm test` type-checks the whole project with `tsc --noEmit` (test:static) before its build for
  // the end-to-end suite, which sets TEST_BUILD=1 to skip Next's second check of the same files
  // (21 s). Every other build (`npm run build`, the Docker image) checks the types itself.
  typescript: { ignoreBuildErrors: testBuild },
  // Unknown addresses → the one 404 page; `/order?qty=3` → the 3-jar order page (routes.mjs).
  async rewrites() {
    return { beforeFiles: [], afterFiles: routingRewrites(PACKAGE_QUANTITIES), fallback: [] }
  },
  // Next's page cache (in memory, or in Redis with REDIS_URL), which also stores each cached page's
  // Content-Security-Policy (its inline scripts' hashes) and sends it with the page: see
  // src/platform/http/pageCache.mjs.
  cacheHandler: fileURLToPath(new URL('./src/platform/http/pageCache.mjs', import.meta.url)),
  // The same for every response. Content-Security-Policy and Strict-Transport-Security are not here:
  // the policy differs per page (src/platform/http/pageCache.mjs, src/proxy.ts) and HSTS depends on the
  // server's SITE_URL, while these rules are fixed when the site is built.
  async headers() {
    return [
      { source: '/:path*', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
      // The daily screen's service worker serves /seller itself, above its own folder; checked on every
      // visit, so a new version takes over at once.
      {
        source: '/seller/sw.js',
        headers: [
          { key: 'Service-Worker-Allowed', value: '/seller' },
          { key: 'Cache-Control', value: 'no-cache' },
        ],
      },
      // Rules for documents, which a browser ignores on a script or a stylesheet: the build's files
      // (/_next/static, ten or more per page) go without these 400 bytes each.
      {
        source: '/:path((?!_next/static/).*)',
        headers: [
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
          { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
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
