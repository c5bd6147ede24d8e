import { cache } from 'react'

import { JsonLd } from '@/components/JsonLd'
import { PageHero } from '@/components/PageHero'
import { Section } from '@/components/Section'
import { getGlobal, getSiteSettings } from '@/cachedGlobals'
import { getShop } from '@/features/ordering/cachedReads'
import { getPublishedReviews, getReviewSummary } from '@/features/reviews/cachedReads'
import { productJsonLd } from '@/features/content/structuredData'

import type { PagedContentPage } from '@/features/content/pages/types'
import { REVIEWS_PER_PAGE } from '@/features/reviews/rules'

import { ReviewForm } from '@/features/reviews/components/ReviewForm.client'
import { ReviewList } from '@/features/reviews/components/ReviewList'
import { ReviewPager } from '@/features/content/components/ReviewPager'
import { Stars } from '@/features/reviews/components/Stars'

/**
 * The reviews of one page; none past the last page (the first page exists even when empty). Read
 * once per request, for the metadata and the page.
 */
const reviewsOn = cache(async (page: number) => {
  const reviews = await getPublishedReviews(page)
  return page === 1 || reviews.reviews.length > 0 ? reviews : null
})

/**
 * /reviews: the average and count of every published review, the form, and the newest reviews;
 * older ones on /reviews/page/2 and on, each page with the average, the list and the links between
 * pages (the form stays on the first).
 */
export const reviewsPage: PagedContentPage = {
  async metadata(page) {
    const [intro, reviews] = await Promise.all([getGlobal('reviews-page'), reviewsOn(page)])
    if (!reviews) return null
    const { title, description } = intro.intro
    return { title: page === 1 ? title : `${title} – page ${page}`, description }
  },
  async render(page) {
    const [intro, settings, reviews, summary, shop] = await Promise.all([getGlobal('reviews-page'), getSiteSettings(), reviewsOn(page), getReviewSummary(), getShop()])
    if (!reviews) return null
    return (
      <>
        {/* The rating is every published review's; the reviews named are this page's. */}
        <JsonLd data={productJsonLd(settings, shop, { summary, reviews: reviews.reviews })} />
        <PageHero title={intro.intro.title} description={intro.intro.description}>
          <div className="mt-8 inline-flex flex-col items-center rounded-3xl bg-white px-8 py-5 shadow-sm" data-testid="review-summary">
            <p className="font-display text-5xl font-semibold text-plum-800">{summary.average.toFixed(1)}</p>
            <Stars rating={summary.average} />
            <p className="mt-1 text-sm text-plum-900/70">
              {summary.count} review{summary.count === 1 ? '' : 's'}
            </p>
          </div>
        </PageHero>
        {page === 1 && (
          <Section labelledBy="review-form-heading" className="pt-4" containerClassName="max-w-3xl">
            <div className="card sm:p-8">
              <h2 id="review-form-heading" className="mb-6 text-2xl font-semibold">
                Write a review
              </h2>
              <ReviewForm />
            </div>
          </Section>
        )}
        <Section
          id="review-list"
          heading={
            <>
              What customers say
              {page > 1 && (
                <span className="mt-1 block font-sans text-base font-normal tracking-normal text-plum-900/70">
                  Page {page} of {Math.ceil(summary.count / REVIEWS_PER_PAGE)}
                </span>
              )}
            </>
          }
          headingClassName="mb-6"
          className={page === 1 ? 'pt-0' : 'pt-4'}
          containerClassName="max-w-3xl"
        >
          <ReviewList reviews={reviews.reviews} />
          <ReviewPager page={page} hasNextPage={reviews.hasNextPage} />
        </Section>
      </>
    )
  },
}
