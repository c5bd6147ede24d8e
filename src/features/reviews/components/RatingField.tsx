import { StarIcon } from '@/components/Icons'
import { RATING } from '@/features/reviews/rules'

const STARS = Array.from({ length: RATING.max }, (_, index) => index + 1)

/**
 * The star rating: native radio buttons, each an invisible input laid over its star. A click, a tap
 * or the arrow keys choose a star; it is read out as a radio group "Rating" with "1 star" …
 * "5 stars"; and CSS fills the stars up to the chosen one (`[data-star-rating]` in globals.css), so
 * it needs no JavaScript and no state.
 */
export function RatingField({ defaultValue }: { defaultValue: number }) {
  return (
    <fieldset role="radiogroup" aria-labelledby="review-rating-label">
      <legend id="review-rating-label" className="field-label">
        Rating *
      </legend>
      <div data-star-rating className="flex items-center gap-1">
        {STARS.map((star) => (
          <label
            key={star}
            className="relative rounded-lg p-0.5 text-amber-500 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-sea-600"
          >
            <input
              type="radio"
              name="rating"
              value={star}
              defaultChecked={star === defaultValue}
              aria-label={`${star} star${star === 1 ? '' : 's'}`}
              className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <StarIcon width={36} height={36} filled={false} />
          </label>
        ))}
      </div>
    </fieldset>
  )
}
