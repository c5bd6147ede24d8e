/** The average rating with one decimal (0 when there are none) and the count. */
export function summarizeRatings(ratings: number[]): { average: number; count: number } {
  if (ratings.length === 0) return { average: 0, count: 0 }
  const sum = ratings.reduce((total, rating) => total + rating, 0)
  return { average: Math.round((sum / ratings.length) * 10) / 10, count: ratings.length }
}
