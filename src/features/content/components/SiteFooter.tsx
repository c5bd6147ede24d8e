
import { InstagramIcon, MailIcon, PhoneIcon } from '@/components/Icons'
import { NAV_ROUTES } from '@/features/content/routes.mjs'
import { mailtoHref, telHref } from '@/features/contact/contactLinks'
import { packagesAt, type PriceList } from '@/features/ordering/pricing'
import { dollars } from '@/features/ordering/wording'
import type { SiteSetting } from '@/payload-types'

const COPYRIGHT_YEAR = 2024

const footerLinks = NAV_ROUTES.filter((route) => route.href !== '/reviews')

export function SiteFooter({ settings, prices }: { settings: SiteSetting; prices: PriceList }) {
  const [single, three, six] = packagesAt(prices)
  return (
    <footer className="mt-auto bg-plum-900 text-plum-100">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-display text-xl font-semibold text-white">{settings.businessName}</p>
          <p className="mt-3 text-sm leading-6 text-plum-200">{settings.tagline}</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-sans text-sm font-semibold tracking-wider text-white uppercase">Quick links</h2>
          <ul className="mt-4 space-y-2">
            {footerLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="text-plum-100 hover:text-white hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-wider text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={mailtoHref(settings.email)} className="inline-flex items-center gap-2 hover:text-white hover:underline">
                <MailIcon /> {settings.email}
              </a>
            </li>
            <li>
              <a href={telHref(settings.phone)} className="inline-flex items-center gap-2 hover:text-white hover:underline">
                <PhoneIcon /> {settings.phone}
              </a>
            </li>
            <li>
              <a href={settings.socialUrl} rel="noopener" className="inline-flex items-center gap-2 hover:text-white hover:underline">
                <InstagramIcon /> {settings.socialHandle}
              </a>
            </li>
          </ul>
        </div>
        <div className="space-y-8">
          <div>
            <h2 className="font-sans text-sm font-semibold tracking-wider text-white uppercase">Delivery Areas</h2>
            <ul className="mt-4 space-y-1 text-sm">
              {settings.deliveryAreas?.map((area) => <li key={area.id ?? area.name}>{area.name}</li>)}
            </ul>
          </div>
          <div>
            <h2 className="font-sans text-sm font-semibold tracking-wider text-white uppercase">Pricing</h2>
            <ul className="mt-4 space-y-1 text-sm">
              <li>8oz for {dollars(single.price)}</li>
              <li>
                {three.quantity} for {dollars(three.price)}
              </li>
              <li>
                {six.quantity} for {dollars(six.price)}
              </li>
            </ul>
          </div>
        </div>
      </div>
      <div className="border-t border-plum-800">
        <div className="container-page space-y-2 py-6 text-xs leading-5 text-plum-200">
          <p>{settings.disclaimer}</p>
          <p>
            © {COPYRIGHT_YEAR} {settings.businessName.replace(/\.$/, "")}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  )
}
