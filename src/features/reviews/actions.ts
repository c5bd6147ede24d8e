'use server'

import { type FormState, formText, formValues, submittedForm } from '@/shared/forms/formState'
import { reviewNotices } from '@/features/reviews/notices'
import { formNotices } from '@/shared/notices'
import { getPayloadClient, logFailure } from '@/platform/db/payloadClient'
import { allowAttempt, allowPhotoBytes, clientKey } from '@/platform/http/rateLimit'
import { ORDER_KEY_FIELD, PHOTO_MAX_BYTES } from './rules'
import { submitReview, submittedMessage } from './service'
import { parseReviewFields } from './schema'
import { HONEYPOT_FIELD } from '@/shared/forms/limits'
import { SUBMISSION_KEY_FIELD } from '@/shared/forms/submissionKey'
import { submissionKeyOf } from '@/platform/db/submissions'

const FIELDS = ['name', 'rating', 'comment'] as const

/**
 * Posts a visitor's review (its photo first, then the review). The work is `submitReview`'s; this adds what
 * needs the request: the honeypot, the rate limit and reading the uploaded file.
 */
export async function postReview(_previous: FormState, posted: FormData): Promise<FormState> {
  const formData = submittedForm(posted)
  const values = formValues(formData, FIELDS)
  // A filled honeypot is a bot: answer as if it worked, store nothing.
  if (formText(formData, HONEYPOT_FIELD)) return { status: 'success', message: reviewNotices.submitted }

  // Mistakes are answered without spending the visitor's allowance; the photo work comes after it.
  const fields = parseReviewFields(values)
  if (!fields.ok) return { status: 'error', message: fields.message, values }
  const photo = formData.get('photo')
  const file = photo instanceof File && photo.size > 0 ? photo : null
  const client = await clientKey()
  const key = submissionKeyOf('review', formText(formData, SUBMISSION_KEY_FIELD), { client, values: { ...values, photo: file?.size ?? 0 } })
  if (!(await allowAttempt('review', client, key))) return { status: 'error', message: formNotices.rateLimited, values }

  // Refused by its size before its bytes are read.
  if (file && file.size > PHOTO_MAX_BYTES) return { status: 'error', message: reviewNotices.photoTooLarge, values }
  if (file && !(await allowPhotoBytes(file.size, key))) return { status: 'error', message: formNotices.rateLimited, values }

  try {
    const bytes = file ? Buffer.from(await file.arrayBuffer()) : null
    const result = await submitReview(await getPayloadClient(), { ...values, photo: bytes, orderKey: formText(formData, ORDER_KEY_FIELD) }, key)
    if (!result.ok) return { status: 'error', message: result.message, values }
    // The review's hooks expire the cached list, so this answer carries the refreshed page.
    return { status: 'success', message: submittedMessage(result.review) }
  } catch (error) {
    await logFailure('[reviews] could not post a review', error)
    return { status: 'error', message: reviewNotices.failed, values }
  }
}
