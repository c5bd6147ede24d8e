import * as z from 'zod/mini'

import { reviewNotices } from '@/features/reviews/notices'
import { type Message, formNotices } from '@/shared/notices'
import { RATING, REVIEW_LIMITS } from './rules'
import { firstMessage, toIssue, visibleText } from '@/shared/forms/schemas'
import type { TextKind } from '@/shared/text'

const requiredText = (field: string, max: number, kind?: TextKind) =>
  visibleText(kind, toIssue(reviewNotices.missingField(field))).check(
    z.minLength(1, toIssue(reviewNotices.missingField(field))),
    z.maxLength(max, toIssue(formNotices.tooLong(field, max))),
  )

const ratingIssue = toIssue(reviewNotices.ratingRequired)

/** A review's text fields, as the form posts them (the rating arrives as a string). */
export const reviewSchema = z.object({
  name: requiredText('name', REVIEW_LIMITS.name),
  rating: z.coerce.number(ratingIssue).check(z.refine(Number.isInteger, ratingIssue), z.gte(RATING.min, ratingIssue), z.lte(RATING.max, ratingIssue)),
  comment: requiredText('comment', REVIEW_LIMITS.comment, 'multi-line'),
})

export type ReviewFields = z.infer<typeof reviewSchema>

export type ReviewFieldsResult = { ok: true; fields: ReviewFields } | { ok: false; message: Message }

/** Checks name, rating and comment and answers the first problem in field order. */
export function parseReviewFields(values: Record<string, unknown>): ReviewFieldsResult {
  const parsed = reviewSchema.safeParse(values)
  return parsed.success ? { ok: true, fields: parsed.data } : { ok: false, message: firstMessage(parsed.error) }
}
