import type { SiteSetting } from '@/payload-types'

import { PACKAGES } from './pricing'
import { siteUrl } from './siteUrl'

export function localBusinessJsonLd(settings: SiteSetting) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${siteUrl()}/#business`,
    name: settings.businessName,
    description: settings.tagline,
    url: siteUrl(),
    telephone: settings.phone,
    email: settings.email,
    sameAs: [settings.socialUrl],
    priceRange: '$20-$100',
    areaServed: settings.deliveryAreas?.map((area) => ({ '@type': 'Place', name: area.name })),
    paymentAccepted: settings.paymentMethods?.map((payment) => payment.method).join(', '),
  }
}

export function productJsonLd(settings: SiteSetting) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${siteUrl()}/#product`,
    name: settings.productName,
    description: settings.tagline,
    brand: { '@type': 'Brand', name: settings.businessName },
    offers: PACKAGES.map((pkg) => ({
      '@type': 'Offer',
      name: `${pkg.quantity} × 8oz jar${pkg.quantity > 1 ? 's' : ''}`,
      price: pkg.price.toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: `${siteUrl()}/order?qty=${pkg.quantity}`,
      seller: { '@id': `${siteUrl()}/#business` },
    })),
  }
}
