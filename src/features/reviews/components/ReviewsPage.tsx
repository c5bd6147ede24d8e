import { JsonLd } from '@/components/JsonLd'
import { PageHero } from '@/components/PageHero'
import { getGlobal, getPublishedReviews, getReviewSummary, getShop, getSiteSettings } from '@/features/content/content'
import { productJsonLd } from '@/features/content/structuredData'

import type { ContentPage } from '@/features/content/pages/types'

import { ReviewForm } from './ReviewForm.client'
import { ReviewList } from './ReviewList'
import { Stars } from './Stars'

export const reviewsPage: ContentPage = {
  async metadata() {
    const page = await getGlobal('reviews-page')
    return { title: page.intro.title, description: page.intro.description }
  },
  async render() {
    const [page, settings, reviews, summary, shop] = await Promise.all([
      getGlobal('reviews-page'),
      getSiteSettings(),
      getPublishedReviews(),
      getReviewSummary(),
      getShop(),
    ])
    return (
      <>
        <JsonLd data={productJsonLd(settings, shop, { summary, reviews })} />
        <PageHero title={page.intro.title} description={page.intro.description}>
          <div className="mt-8 inline-flex flex-col items-center rounded-3xl bg-white px-8 py-5 shadow-sm" data-testid="review-summary">
            <p className="font-display text-5xl font-semibold text-plum-800">{summary.average.toFixed(1)}</p>
            <Stars rating={summary.average} />
            <p className="mt-1 text-sm text-plum-900/70">
              {summary.count} review{summary.count === 1 ? '' : 's'}
            </p>
          </div>
        </PageHero>
        <section className="section pt-4" aria-labelledby="review-form-heading">
          <div className="container-page max-w-3xl">
            <div className="card sm:p-8">
              <h2 id="review-form-heading" className="mb-6 text-2xl font-semibold">
                Write a review
              </h2>
              <ReviewForm />
            </div>
          </div>
        </section>
        <section className="section pt-0" aria-labelledby="review-list-heading">
          <div className="container-page max-w-3xl">
            <h2 id="review-list-heading" className="section-title mb-6">
              What customers say
            </h2>
            <ReviewList reviews={reviews} />
          </div>
        </section>
      </>
    )
  },
}
