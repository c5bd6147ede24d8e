import * as z from 'zod/mini'

import { PAYMENT_METHODS, type PaymentMethod } from '@/features/ordering/options'
import { visibleText } from '@/shared/forms/schemas'
import { isDayKey } from '@/shared/time'

import { sellerNotices } from './notices'
import { CANCEL_REASON_MAX } from './rules'

const methods = PAYMENT_METHODS.map((option) => option.value) as [PaymentMethod, ...PaymentMethod[]]

/**
 * What an order's button posts: the action, and for Mark paid the method, the amount the page
 * showed as owed and, from the Owed list, the day the money came in (a date field's '2026-12-05';
 * without one, now), for Cancel the reason.
 */
export const sellerActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['confirm', 'ready', 'complete', 'handedOver', 'collected', 'notHome']) }),
  z.object({
    action: z.literal('paid'),
    method: z.enum(methods, sellerNotices.badForm),
    // Dollars, with cents when it has them: what is still to pay after a short payment ($25.50).
    owed: z.pipe(z.string(sellerNotices.badForm).check(z.regex(/^\d{1,7}(\.\d{1,2})?$/, sellerNotices.badForm)), z.transform(Number)),
    paidOn: z.optional(z.string().check(z.refine(isDayKey, sellerNotices.badPaidOn))),
  }),
  z.object({
    action: z.literal('cancel'),
    reason: visibleText('multi-line', sellerNotices.reasonMissing).check(
      z.minLength(1, sellerNotices.reasonMissing),
      z.maxLength(CANCEL_REASON_MAX, `Keep the reason under ${CANCEL_REASON_MAX} characters.`),
    ),
  }),
])

export type SellerActionInput = z.infer<typeof sellerActionSchema>
