import 'server-only'

import type { Review, SiteSetting } from '@/payload-types'

import { PACKAGES } from '@/features/ordering/pricing'
import { RATING } from '@/features/reviews/rules'
import { siteUrl } from '@/platform/config/siteUrl'

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

/** The published reviews a page shows, for the product's rating in search results. */
export type ReviewsForJsonLd = { summary: { average: number; count: number }; reviews: Pick<Review, 'name' | 'rating' | 'comment' | 'createdAt'>[] }

/** The newest reviews are enough for search engines; the page lists them all. */
const MAX_REVIEWS_IN_JSON_LD = 20

const rating = (value: number) => ({ ratingValue: value, bestRating: RATING.max, worstRating: RATING.min })

function reviewsJsonLd({ summary, reviews }: ReviewsForJsonLd) {
  // schema.org wants no rating rather than a rating of zero reviews.
  if (summary.count === 0) return {}
  return {
    aggregateRating: { '@type': 'AggregateRating', ...rating(summary.average), reviewCount: summary.count },
    review: reviews.slice(0, MAX_REVIEWS_IN_JSON_LD).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.name },
      datePublished: review.createdAt.slice(0, 10),
      reviewBody: review.comment,
      reviewRating: { '@type': 'Rating', ...rating(review.rating) },
    })),
  }
}

/** The product with its offers; with `reviews` (on /reviews, where they are shown) also its rating. */
export function productJsonLd(settings: SiteSetting, reviews?: ReviewsForJsonLd) {
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
    ...(reviews && reviewsJsonLd(reviews)),
  }
}
