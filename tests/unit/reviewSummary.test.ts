import { describe, expect, it } from 'vitest'

import { ratingSummaryFrom, summarizeRatings } from '@/features/reviews/summary'

describe('rating summary', () => {
  it('is 0 with no reviews and rounds to one decimal', () => {
    expect(summarizeRatings([])).toEqual({ average: 0, count: 0 })
    expect(summarizeRatings([5])).toEqual({ average: 5, count: 1 })
    expect(summarizeRatings([5, 4, 4])).toEqual({ average: 4.3, count: 3 })
  })

  it('is the same from the sum and count the database gives', () => {
    expect(ratingSummaryFrom(0, 0)).toEqual({ average: 0, count: 0 })
    expect(ratingSummaryFrom(13, 3)).toEqual(summarizeRatings([5, 4, 4]))
    expect(ratingSummaryFrom(11969, 2639)).toEqual({ average: 4.5, count: 2639 })
  })
})
