'use client'

import { FormMessage } from '@/shared/forms/FormMessage'
import { SubmissionKeyField } from '@/shared/forms/SubmissionKeyField'
import { Honeypot } from '@/shared/forms/Honeypot'
import { useSafeAction } from '@/shared/forms/useSafeAction'
import { type FormState, idleState } from '@/shared/forms/formState'
import { reviewNotices } from '@/features/reviews/notices'
import { ORDER_KEY_FIELD, RATING, REVIEW_LIMITS } from '@/features/reviews/rules'
import { useEffect, useState } from 'react'

import { postReview } from '@/features/reviews/actions'
import { PhotoField } from './PhotoField.client'
import { RatingField } from './RatingField'

/**
 * The review form. Kept lean on purpose: the catch-all route ships it with every content page, so
 * the browser checks only what HTML attributes say and the server action validates the rest.
 * It works without JavaScript too (a plain multipart post to the action).
 */
const failed = (): FormState => ({ status: 'error', message: reviewNotices.failed })
const ANSWER_ID = 'review-answer'

/** The review link in a completed order's e-mail: `/reviews?name=…&order=…`. */
function useReviewLink() {
  const [link, setLink] = useState<{ name: string; orderKey: string } | null>(null)
  useEffect(() => {
    const query = new URLSearchParams(window.location.search)
    const orderKey = query.get('order')
    // Read once the page is in the browser: the page itself is the same cached page for everyone.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is only known in the browser
    if (orderKey) setLink({ name: query.get('name')?.slice(0, REVIEW_LIMITS.name) ?? '', orderKey })
  }, [])
  return link
}

export function ReviewForm() {
  // New fields after each success (`generation`) clear the text, the rating, the photo and its preview.
  const { state, formAction, onSubmit, pending, generation } = useSafeAction(postReview, idleState, failed, `/reviews#${ANSWER_ID}`)
  const link = useReviewLink()
  const value = (name: string) => (state.status === 'error' ? (state.values?.[name] ?? '') : name === 'name' ? (link?.name ?? '') : '')

  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-5" aria-describedby="review-required-note">
      <p id="review-required-note" className="text-sm text-plum-900/70">
        Fields marked * are required.
      </p>
      <div key={`${generation}-${link ? 'link' : 'plain'}`} className="space-y-5">
        <SubmissionKeyField />
        {link && state.status !== 'success' && <input type="hidden" name={ORDER_KEY_FIELD} value={link.orderKey} />}
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
      <div id={ANSWER_ID}>
        {/* A new attempt clears the last answer. */}
        <FormMessage state={pending ? idleState : state} />
      </div>
      <button type="submit" className="btn-primary w-full sm:w-auto" aria-disabled={pending || undefined}>
        {pending ? 'Submitting...' : 'Submit Review'}
      </button>
    </form>
  )
}
