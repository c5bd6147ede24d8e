'use client'

import { FormMessage } from '@/shared/forms/FormMessage'
import { SubmissionKeyField } from '@/shared/forms/SubmissionKeyField'
import { Honeypot } from '@/shared/forms/Honeypot'
import { useSafeAction } from '@/shared/forms/useSafeAction'
import { type FormState, idleState } from '@/shared/forms/formState'
import { reviewNotices } from '@/features/reviews/notices'
import { RATING, REVIEW_LIMITS } from '@/features/reviews/rules'

import { postReview } from '@/features/reviews/actions'
import { PhotoField } from './PhotoField.client'
import { RatingField } from './RatingField'

/**
 * The review form. Kept lean on purpose: the catch-all route ships it with every content page, so
 * the browser checks only what HTML attributes say and the server action validates the rest.
 * It works without JavaScript too (a plain multipart post to the action).
 */
const failed = (): FormState => ({ status: 'error', message: reviewNotices.failed })

export function ReviewForm() {
  // New fields after each success (`generation`) clear the text, the rating, the photo and its preview.
  const { state, formAction, onSubmit, pending, generation } = useSafeAction(postReview, idleState, failed)
  const value = (name: string) => (state.status === 'error' ? (state.values?.[name] ?? '') : '')

  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-5" aria-describedby="review-required-note">
      <p id="review-required-note" className="text-sm text-plum-900/70">
        Fields marked * are required.
      </p>
      <div key={generation} className="space-y-5">
        <SubmissionKeyField />
        <div>
          <label htmlFor="review-name" className="field-label">
            Name *
          </label>
          <input id="review-name" name="name" required autoComplete="name" maxLength={REVIEW_LIMITS.name} defaultValue={value('name')} className="field-input" />
        </div>
        <RatingField defaultValue={Number(value('rating')) || RATING.default} />
        <div>
          <label htmlFor="review-comment" className="field-label">
            Comment *
          </label>
          <textarea id="review-comment" name="comment" required rows={5} maxLength={REVIEW_LIMITS.comment} defaultValue={value('comment')} className="field-input" />
        </div>
        <PhotoField />
      </div>
      <Honeypot form="review" />
      {/* A new attempt clears the last answer. */}
      <FormMessage state={pending ? idleState : state} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
        {pending ? 'Submitting...' : 'Submit Review'}
      </button>
    </form>
  )
}
