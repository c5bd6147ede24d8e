import type { DefaultServerCellComponentProps } from 'payload'

import { RATING } from '@/features/reviews/rules'

/** Stars read faster than a number when scanning reviews to approve. */
export function RatingCell({ cellData }: DefaultServerCellComponentProps) {
  if (typeof cellData !== 'number') return null
  const stars = Math.max(0, Math.min(RATING.max, Math.round(cellData)))
  return (
    <span aria-label={`${cellData} out of ${RATING.max} stars`} title={`${cellData} / ${RATING.max}`}>
      {'★'.repeat(stars)}
      {'☆'.repeat(RATING.max - stars)}
    </span>
  )
}
