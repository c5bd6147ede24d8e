import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { SELLER_ICONS, SELLER_MANIFEST_PATH, THEME_COLOR, THEME_COLOR_DARK } from '@/features/seller/appManifest'
import { getSiteSettings } from '@/cachedGlobals'

// The daily screen's one stylesheet (light and dark), for its pages only: the site and the admin have their own.
import '@/features/seller/seller.css'

/**
 * The root of the seller's daily screen (/seller): a document of its own, apart from the public
 * site's and the admin's (features/seller, docs/ARCHITECTURE.md "The daily screen"). Installable:
 * its web app manifest and icons, the bar's colour in light and dark mode; never indexed.
 */
export async function generateMetadata(): Promise<Metadata> {
  const { businessName } = await getSiteSettings()
  return {
    title: { default: 'Today', template: `%s · ${businessName}` },
    robots: { index: false, follow: false },
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
    { media: '(prefers-color-scheme: dark)', color: THEME_COLOR_DARK },
  ],
}

export default function SellerLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      {/* The class is where the service worker (public/seller/sw.js) marks a list shown offline. */}
      <body className="seller">
        {children}
        {/* The daily screen's own script: it registers the service worker that keeps Today offline. */}
        <script src="/seller/offline.js" async />
      </body>
    </html>
  )
}
