import { RATING } from '@/features/reviews/rules'

/**
 * A rating shown as stars (rounded to whole stars), read out as "4.3 out of 5 stars". Drawn by the
 * `stars` style (globals.css): a row of outlines with the filled stars over them, two elements where
 * five SVG icons made a third of a page of reviews.
 */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of ${RATING.max} stars`} className="stars">
      <span style={{ width: `${(Math.round(rating) / RATING.max) * 100}%` }} />
    </span>
  )
}
