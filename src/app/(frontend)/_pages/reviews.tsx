import Image from 'next/image'

import { StarIcon } from '@/components/Icons'
import { PageHero } from '@/components/PageHero'
import { getGlobal, getPublishedReviews } from '@/lib/content'
import { summarizeRatings } from '@/lib/reviewSummary'
import type { Media } from '@/payload-types'

import type { ContentPage } from './types'

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex text-amber-500" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} width={18} height={18} filled={star <= Math.round(rating)} />
      ))}
    </span>
  )
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/Detroit' })

export const reviewsPage: ContentPage = {
  async metadata() {
    const page = await getGlobal('reviews-page')
    return { title: page.intro.title, description: page.intro.description }
  },
  async render() {
    const [page, reviews] = await Promise.all([getGlobal('reviews-page'), getPublishedReviews()])
    const summary = summarizeRatings(reviews.map((review) => review.rating))
    return (
      <>
        <PageHero title={page.intro.title} description={page.intro.description}>
          <div className="mt-8 inline-flex flex-col items-center rounded-3xl bg-white px-8 py-5 shadow-sm" data-testid="review-summary">
            <p className="font-display text-5xl font-semibold text-plum-800">{summary.average.toFixed(1)}</p>
            <Stars rating={summary.average} />
            <p className="mt-1 text-sm text-plum-900/70">
              {summary.count} review{summary.count === 1 ? '' : 's'}
            </p>
          </div>
        </PageHero>
        <section className="section pt-4" aria-label="Reviews">
          <div className="container-page max-w-3xl">
            {reviews.length === 0 ? (
              <p className="card text-center text-lg">No reviews yet</p>
            ) : (
              <ul className="space-y-5">
                {reviews.map((review) => {
                  const image = typeof review.image === 'object' ? (review.image as Media | null) : null
                  return (
                    <li key={review.id} className="card">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <p className="font-semibold">{review.name}</p>
                        <time dateTime={review.createdAt} className="text-sm text-plum-900/70">
                          {dateFormat.format(new Date(review.createdAt))}
                        </time>
                      </div>
                      <div className="mt-1">
                        <Stars rating={review.rating} />
                      </div>
                      <p className="mt-3 leading-7 whitespace-pre-line text-plum-900/85">{review.comment}</p>
                      {image?.url && (
                        <Image
                          src={image.url}
                          alt={image.alt || `Photo from ${review.name}`}
                          width={image.width ?? 480}
                          height={image.height ?? 480}
                          sizes="(max-width: 768px) 100vw, 480px"
                          className="mt-4 max-h-80 w-auto rounded-2xl object-cover"
                        />
                      )}
                    </li>
                  )
                })}
              </ul>
            )}
          </div>
        </section>
      </>
    )
  },
}
