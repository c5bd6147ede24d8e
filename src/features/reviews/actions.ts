'use server'

import { type FormState, formText, formValues } from '@/shared/forms/formState'
import { reviewNotices } from '@/features/reviews/notices'
import { formNotices } from '@/shared/notices'
import { getPayloadClient } from '@/payloadClient'
import { handlePublicForm } from '@/platform/http/publicForm'
import { allowPhotoBytes } from '@/platform/http/rateLimit'
import { ORDER_KEY_FIELD, PHOTO_MAX_BYTES } from './rules'
import { submitReview, submittedMessage } from './service'
import { parseReviewFields } from './schema'

const FIELDS = ['name', 'rating', 'comment'] as const

/** The photo posted with the review, if any. */
function postedPhoto(form: FormData): File | null {
  const photo = form.get('photo')
  return photo instanceof File && photo.size > 0 ? photo : null
}

/**
 * Posts a visitor's review (its photo first, then the review). The work is `submitReview`'s; this adds what
 * needs the request: the public form pipeline and reading the uploaded file.
 */
export async function postReview(_previous: FormState, posted: FormData): Promise<FormState> {
  return handlePublicForm<Record<string, string>, FormState>(getPayloadClient, posted, {
    kind: 'review',
    limit: 'review',
    values: (form) => formValues(form, FIELDS),
    fingerprint: (values, form) => ({ ...values, photo: postedPhoto(form)?.size ?? 0 }),
    botAnswer: () => ({ status: 'success', message: reviewNotices.submitted }),
    // Mistakes are answered without spending the visitor's allowance; the photo work comes after it.
    mistake: (values) => {
      const fields = parseReviewFields(values)
      return fields.ok ? null : { status: 'error', message: fields.message, values }
    },
    limited: (values) => ({ status: 'error', message: formNotices.rateLimited, values }),
    work: async ({ payload, form, values, key, repeated }) => {
      const file = postedPhoto(form)
      // Refused by its size before its bytes are read.
      if (file && file.size > PHOTO_MAX_BYTES) return { status: 'error', message: reviewNotices.photoTooLarge, values }
      // A repeated post stores no photo (its review is answered again), so it takes none of the day's bytes.
      if (file && !repeated && !(await allowPhotoBytes(file.size))) return { status: 'error', message: formNotices.rateLimited, values }
      const bytes = file ? Buffer.from(await file.arrayBuffer()) : null
      const result = await submitReview(payload, { ...values, photo: bytes, orderKey: formText(form, ORDER_KEY_FIELD) }, key)
      if (!result.ok) return { status: 'error', message: result.message, values }
      // The review's hooks expire the cached list, so this answer carries the refreshed page.
      return { status: 'success', message: submittedMessage(result.review) }
    },
    failure: { log: '[reviews] could not post a review', answer: (values) => ({ status: 'error', message: reviewNotices.failed, values }) },
  })
}
