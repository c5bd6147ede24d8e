import { SELLER_PATHS } from './paths'

/**
 * The daily screen as an app on the phone's home screen: its web app manifest, opened standalone
 * (no browser bar) on Today. The icons are the site's mark (app/icon.svg) drawn as PNG files in
 * public/seller/ (phones want PNGs), one with room around it for the round and squircle masks.
 */
export const SELLER_MANIFEST_PATH = `${SELLER_PATHS.today}/manifest.webmanifest`

export const SELLER_ICONS = {
  any: [
    { src: '/seller/icon-192.png', sizes: '192x192' },
    { src: '/seller/icon-512.png', sizes: '512x512' },
  ],
  maskable: { src: '/seller/icon-maskable-512.png', sizes: '512x512' },
  /** iOS reads no manifest icons: its home-screen icon (180×180, no transparency). */
  apple: '/seller/apple-touch-icon.png',
} as const

/** The site's sand and plum (app/(frontend)/globals.css): the splash screen and the bar above the app. */
const BACKGROUND = '#fdfaf5'
export const THEME_COLOR = '#5e2b86'
/** The bar above the app in dark mode: the daily screen's dark background (seller.css). */
export const THEME_COLOR_DARK = '#1c0f29'

export function sellerManifest(businessName: string) {
  return {
    id: SELLER_PATHS.today,
    name: `${businessName} · Today`,
    short_name: 'Today',
    description: `Today's orders of ${businessName}: confirm, mark paid, hand over.`,
    start_url: SELLER_PATHS.today,
    scope: SELLER_PATHS.today,
    display: 'standalone',
    orientation: 'portrait',
    background_color: BACKGROUND,
    theme_color: THEME_COLOR,
    icons: [
      ...SELLER_ICONS.any.map((icon) => ({ ...icon, type: 'image/png', purpose: 'any' })),
      { ...SELLER_ICONS.maskable, type: 'image/png', purpose: 'maskable' },
    ],
  }
}
