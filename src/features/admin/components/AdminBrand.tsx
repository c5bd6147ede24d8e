import { getSiteSettings } from '@/cachedGlobals'
import type { Media, SiteSetting } from '@/payload-types'

import './AdminBrand.scss'

/** The brand purple of the public site (plum-600), with white letters on it: readable in light and dark mode. */
const BRAND_PURPLE = '#7438a3'

/** The seller's logo mark as an image, when one is set and readable (a deleted image leaves an id or null). */
function logoImage(logo: SiteSetting['logo']): { url: string; alt: string } | null {
  if (!logo || typeof logo !== 'object') return null
  const media = logo as Media
  const url = media.sizes?.thumbnail?.url || media.url
  return url ? { url, alt: media.alt ?? '' } : null
}

/** The first letter or digit of the business name, for the drawn mark. */
const initialOf = (name: string) => name.match(/[\p{L}\p{N}]/u)?.[0]?.toLocaleUpperCase('en-US') ?? '•'

/**
 * The seller's mark: the logo from Site settings, or a purple circle with the business name's
 * initial. Decorative next to the name (the name is the text), so screen readers skip it.
 */
function BrandMark({ settings, className }: { settings: Pick<SiteSetting, 'businessName' | 'logo'>; className: string }) {
  const image = logoImage(settings.logo)
  if (image) {
    // eslint-disable-next-line @next/next/no-img-element -- a small admin image, served by Payload's media route as uploaded
    return <img className={`${className} admin-brand__image`} src={image.url} alt="" aria-hidden="true" />
  }
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill={BRAND_PURPLE} />
      <text x="20" y="20" dy="0.05em" textAnchor="middle" dominantBaseline="central" fill="#fff" fontSize="22" fontWeight="700" fontFamily="system-ui, sans-serif">
        {initialOf(settings.businessName)}
      </text>
    </svg>
  )
}

/**
 * The login page's logo (`admin.components.graphics.Logo`): the seller's mark and business name
 * instead of Payload's. Site settings are public content, read the same cached way as the site's
 * pages, so the page works before anyone has signed in.
 */
export async function AdminLogo() {
  const settings = await getSiteSettings()
  return (
    <div className="admin-brand" data-testid="admin-brand">
      <BrandMark settings={settings} className="admin-brand__mark" />
      <span className="admin-brand__name">{settings.businessName}</span>
    </div>
  )
}

/** The small mark in the admin's header (`admin.components.graphics.Icon`), linking to the dashboard. */
export async function AdminIcon() {
  const settings = await getSiteSettings()
  return <BrandMark settings={settings} className="admin-brand__icon" />
}
