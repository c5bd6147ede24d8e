import { getImageProps } from 'next/image'

import type { ReviewCard } from '../service'
import { Stars } from './Stars'
import { businessDate } from '@/shared/time'

/**
 * next/image's `srcset` on a plain <img>, lazy like the component's: the page sends none of the
 * component's JavaScript (the same as the shop's photos).
 */
function ReviewPhoto({ url, alt, width, height }: { url: string; alt: string; width: number; height: number }) {
  const { props } = getImageProps({ src: url, alt, width, height, sizes: '(max-width: 768px) 100vw, 480px' })
  // eslint-disable-next-line @next/next/no-img-element -- next/image's props (srcset, sizes) on a server-rendered <img>
  return <img {...props} alt={alt} className="mt-4 max-h-80 w-auto rounded-2xl object-cover" />
}

/** Published reviews as the page lists them, newest first; 'No reviews yet' when there are none. */
export function ReviewList({ reviews }: { reviews: ReviewCard[] }) {
  if (reviews.length === 0) return <p className="card text-center text-lg">No reviews yet</p>
  return (
    <ul className="space-y-5">
      {reviews.map((review) => {
        const { photo } = review
        return (
          <li key={review.id} className="card wrap-anywhere" data-testid="review">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">
                {review.name}
                {review.verifiedBuyer && (
                  <span className="ml-2 inline-block rounded-full bg-sea-50 px-2 py-0.5 text-xs font-semibold text-sea-700" data-testid="verified-buyer">
                    ✓ Verified buyer
                  </span>
                )}
              </p>
              <time dateTime={review.createdAt} className="text-sm text-plum-900/70">
                {businessDate(review.createdAt)}
              </time>
            </div>
            <div className="mt-1">
              <Stars rating={review.rating} />
            </div>
            <p className="mt-3 leading-7 whitespace-pre-line text-plum-900/85">{review.comment}</p>
            {photo && <ReviewPhoto {...photo} />}
          </li>
        )
      })}
    </ul>
  )
}
