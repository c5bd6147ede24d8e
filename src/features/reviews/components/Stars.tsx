import { StarIcon } from '@/components/Icons'
import { RATING } from '@/features/reviews/rules'

const STARS = Array.from({ length: RATING.max }, (_, index) => index + 1)

/** A rating shown as stars (rounded to whole stars), read out as "4.3 out of 5 stars". */
export function Stars({ rating, size = 18 }: { rating: number; size?: number }) {
  return (
    <span className="flex text-amber-500" role="img" aria-label={`${rating} out of ${RATING.max} stars`}>
      {STARS.map((star) => (
        <StarIcon key={star} width={size} height={size} filled={star <= Math.round(rating)} />
      ))}
    </span>
  )
}
