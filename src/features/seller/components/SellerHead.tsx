import Head from 'next/head'

import { SELLER_ICONS, SELLER_MANIFEST_PATH, THEME_COLOR, THEME_COLOR_DARK } from '../appManifest'

/**
 * The head of a daily screen page: its title (with the business's name when the page has it), the web app manifest and icons (installable: added to
 * the home screen it opens standalone on Today, features/seller/appManifest.ts), the bar's colour in
 * light and dark mode, and no indexing.
 */
export function SellerHead({ title, businessName }: { title: string; businessName?: string }) {
  return (
    <Head>
      {/* A page whose data did not come (components/ProblemPage.tsx) has no business name to show. */}
      <title>{businessName ? `${title} · ${businessName}` : title}</title>
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex, nofollow" />
      <meta name="color-scheme" content="light dark" />
      {/* Keyed, or next/head keeps only one meta of a name. */}
      <meta key="theme-color-light" name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLOR} />
      <meta key="theme-color-dark" name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLOR_DARK} />
      <link rel="manifest" href={SELLER_MANIFEST_PATH} />
      <meta name="mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-title" content="Today" />
      <meta name="apple-mobile-web-app-status-bar-style" content="default" />
      {/* The tab's icon too: without one the browser asks for /favicon.ico, which the site has not. */}
      <link rel="icon" href={SELLER_ICONS.any[0].src} />
      <link rel="apple-touch-icon" href={SELLER_ICONS.apple} />
    </Head>
  )
}
