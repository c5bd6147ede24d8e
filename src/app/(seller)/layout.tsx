import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { SELLER_ICONS, SELLER_MANIFEST_PATH, THEME_COLOR } from '@/features/seller/appManifest'
import { getSiteSettings } from '@/platform/cache/cachedReads'

import './seller.css'

// Every page here reads the session and the database on each request: none is rendered at build
// time, which has no database (a fresh clone's `npm run build` stopped at /seller without this).
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getSiteSettings()
  return {
    title: { default: `Today · ${settings.businessName}`, template: `%s · ${settings.businessName}` },
    robots: { index: false, follow: false },
    // Installable: added to the home screen it opens standalone on Today (features/seller/appManifest.ts).
    manifest: SELLER_MANIFEST_PATH,
    appleWebApp: { capable: true, title: 'Today', statusBarStyle: 'default' },
    // The tab's icon too: without one the browser asks for /favicon.ico, which the site has not.
    icons: { icon: SELLER_ICONS.any[0].src, apple: SELLER_ICONS.apple },
  }
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  colorScheme: 'light dark',
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: THEME_COLOR },
    { media: '(prefers-color-scheme: dark)', color: '#1c0f29' },
  ],
}

/**
 * The seller's daily screen for the phone: server-rendered pages with plain forms and a small
 * stylesheet of their own, outside Payload's admin and its half-megabyte of script.
 */
export default function SellerLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      {/* The class is where the service worker (public/seller/sw.js) marks a list shown offline. */}
      <body className="seller">
        {children}
        <script src="/seller/offline.js" async />
      </body>
    </html>
  )
}
