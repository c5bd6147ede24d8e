import { describe, expect, it } from 'vitest'

import { productJsonLd } from '@/features/content/structuredData'
import { DEFAULT_PRICES } from '@/features/ordering/pricing'
import type { SiteSetting } from '@/payload-types'

const settings = { productName: 'Purple Sea Moss Gel', businessName: 'Seamoss Co', tagline: 'Handcrafted in Grenada' } as SiteSetting

const shop = { prices: DEFAULT_PRICES, jarsLeft: null }

const review = (name: string, rating: number, createdAt: string) => ({ name, rating, comment: `${name} liked it`, createdAt })

describe('the product structured data', () => {
  it('has offers and no rating where reviews are not shown (home) or there are none', () => {
    const home = productJsonLd(settings, shop)
    expect(home.offers).toHaveLength(3)
    expect(home).not.toHaveProperty('aggregateRating')
    expect(productJsonLd(settings, shop, { summary: { average: 0, count: 0 }, reviews: [] })).not.toHaveProperty('aggregateRating')
  })

  it('carries the aggregate rating and each review from the published ones', () => {
    const data = productJsonLd(settings, shop, {
      summary: { average: 4.5, count: 2 },
      reviews: [review('Ann', 5, '2025-03-01T15:00:00.000Z'), review('Bo', 4, '2025-02-01T15:00:00.000Z')],
    })
    expect(data).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Ann' },
          datePublished: '2025-03-01',
          reviewBody: 'Ann liked it',
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        },
        { author: { name: 'Bo' }, reviewRating: { ratingValue: 4 } },
      ],
    })
  })

  it('dates each review on the day the reviews page shows it: the seller\'s day, not UTC\'s', () => {
    // 9:30 PM in Detroit on Nov 29 is already Nov 30 in UTC; the page reads "Nov 29, 2026".
    const data = productJsonLd(settings, shop, { summary: { average: 5, count: 2 }, reviews: [review('Cy', 5, '2026-11-30T02:30:00.000Z'), review('Di', 5, '2026-07-05T03:59:00.000Z')] })
    expect(data).toMatchObject({ review: [{ author: { name: 'Cy' }, datePublished: '2026-11-29' }, { author: { name: 'Di' }, datePublished: '2026-07-04' }] })
  })
})
