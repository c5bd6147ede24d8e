export type RatingSummary = { average: number; count: number }

/** The average rating with one decimal (0 when there are none) and the count, from their sum. */
export function ratingSummaryFrom(total: number, count: number): RatingSummary {
  if (count === 0) return { average: 0, count: 0 }
  return { average: Math.round((total / count) * 10) / 10, count }
}

/** The same summary from the ratings themselves. */
export function summarizeRatings(ratings: number[]): RatingSummary {
  return ratingSummaryFrom(ratings.reduce((total, rating) => total + rating, 0), ratings.length)
}
