import 'server-only'

import type { Review, SiteSetting } from '@/payload-types'

import { type JarsLeft, fitsInBatch } from '@/features/ordering/catalog'
import { packagesAt, type PriceList } from '@/features/ordering/pricing'
import { jarWord } from '@/features/ordering/wording'
import { RATING } from '@/features/reviews/rules'
import { siteUrl } from '@/platform/config/siteUrl'
import { businessDay } from '@/shared/time'

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

/**
 * For the product's rating in search results: the average and count of every published review
 * (not only the listed ones), and the reviews the page shows.
 */
export type ReviewsForJsonLd = { summary: { average: number; count: number }; reviews: Pick<Review, 'name' | 'rating' | 'comment' | 'createdAt'>[] }

/** A page's first reviews are enough for search engines. */
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
      // The day the reviews page shows (the seller's): an evening's review is already tomorrow in UTC.
      datePublished: businessDay(new Date(review.createdAt)).key,
      reviewBody: review.comment,
      reviewRating: { '@type': 'Rating', ...rating(review.rating) },
    })),
  }
}

/** What is for sale right now: the seller's prices and this batch's jars. */
export type ShopForJsonLd = { prices: PriceList; jarsLeft: JarsLeft }

/**
 * The product with its offers at the current prices, each in or out of stock by what is left of
 * this batch; with `reviews` (on /reviews, where they are shown) also its rating.
 */
export function productJsonLd(settings: SiteSetting, shop: ShopForJsonLd, reviews?: ReviewsForJsonLd) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${siteUrl()}/#product`,
    name: settings.productName,
    description: settings.tagline,
    brand: { '@type': 'Brand', name: settings.businessName },
    offers: packagesAt(shop.prices).map((pkg) => ({
      '@type': 'Offer',
      name: `${pkg.quantity} × 8oz ${jarWord(pkg.quantity)}`,
      price: pkg.price.toFixed(2),
      priceCurrency: 'USD',
      availability: fitsInBatch(pkg.quantity, shop.jarsLeft) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: `${siteUrl()}/order?qty=${pkg.quantity}`,
      seller: { '@id': `${siteUrl()}/#business` },
    })),
    ...(reviews && reviewsJsonLd(reviews)),
  }
}

/** A flavor's ingredients and allergens as the order page shows them (null: not filled in). */
export type FlavorFactsForJsonLd = { name: string; ingredients: string | null; allergens: string | null }

/**
 * Each flavor whose ingredients or allergens the seller filled in, as a product of its own with
 * them as `additionalProperty` name–value pairs (schema.org has no ingredients property for a
 * Product); null when no flavor has any, so a page without them carries nothing new.
 */
export function flavorFactsJsonLd(settings: SiteSetting, flavors: readonly FlavorFactsForJsonLd[]) {
  const filled = flavors.filter((flavor) => flavor.ingredients || flavor.allergens)
  if (filled.length === 0) return null
  return {
    '@context': 'https://schema.org',
    '@graph': filled.map((flavor) => ({
      '@type': 'Product',
      name: `${settings.productName}: ${flavor.name}`,
      brand: { '@type': 'Brand', name: settings.businessName },
      additionalProperty: [
        ...(flavor.ingredients ? [{ '@type': 'PropertyValue', name: 'Ingredients', value: flavor.ingredients }] : []),
        ...(flavor.allergens ? [{ '@type': 'PropertyValue', name: 'Allergens', value: flavor.allergens }] : []),
      ],
    })),
  }
}
