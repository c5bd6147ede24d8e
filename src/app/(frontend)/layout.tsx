import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { JsonLd } from '@/components/JsonLd'
import { SiteFooter } from '@/features/content/components/SiteFooter'
import { SiteHeader } from '@/features/content/components/SiteHeader'
import { getGlobal, getSiteSettings } from '@/cachedGlobals'
import { priceListFrom } from '@/features/ordering/pricing'
import { MARK_SCRIPTED_SCRIPT } from '@/platform/http/securityHeaders.mjs'
import { siteUrl } from '@/platform/config/siteUrl'
import { localBusinessJsonLd } from '@/features/content/structuredData'

import './globals.css'

export async function generateMetadata(): Promise<Metadata> {
  const [settings, home] = await Promise.all([getSiteSettings(), getGlobal('home-page')])
  // The home hero's photo is what a shared link shows (at its own size); without one, the site's card.
  const photo = typeof home.hero.photo === 'object' ? home.hero.photo : null
  const sharedImage =
    photo?.url && photo.width && photo.height
      ? { url: new URL(photo.url, siteUrl()).href, width: photo.width, height: photo.height, alt: photo.alt || settings.productName }
      : { url: '/og-image.png', width: 1200, height: 630, alt: settings.productName }
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: settings.businessName, template: `%s · ${settings.businessName}` },
    description: settings.tagline,
    applicationName: settings.businessName,
    openGraph: {
      type: 'website',
      siteName: settings.businessName,
      locale: 'en_US',
      images: [sharedImage],
    },
    twitter: { card: 'summary_large_image', images: [sharedImage] },
  }
}

export const viewport: Viewport = { themeColor: '#5e2b86', width: 'device-width', initialScale: 1 }

export default async function FrontendLayout({ children }: { children: ReactNode }) {
  const [settings, pricing] = await Promise.all([getSiteSettings(), getGlobal('pricing')])
  return (
    <html lang="en">
      <head>
        <script dangerouslySetInnerHTML={{ __html: MARK_SCRIPTED_SCRIPT }} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a href="#main" className="sr-only z-50 rounded-full bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
          Skip to content
        </a>
        <JsonLd data={localBusinessJsonLd(settings)} />
        <SiteHeader settings={settings} />
        <main id="main" className="flex-1 pt-16">
          {children}
        </main>
        <SiteFooter settings={settings} prices={priceListFrom(pricing)} />
      </body>
    </html>
  )
}
