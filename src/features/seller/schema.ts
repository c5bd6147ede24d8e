import * as z from 'zod/mini'

import { PAYMENT_METHODS, type PaymentMethod } from '@/features/ordering/options'
import { visibleText } from '@/shared/forms/schemas'

import { sellerNotices } from './notices'
import { CANCEL_REASON_MAX } from './rules'

const methods = PAYMENT_METHODS.map((option) => option.value) as [PaymentMethod, ...PaymentMethod[]]

/** What an order's button posts: the action, and for Mark paid the method, for Cancel the reason. */
export const sellerActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['confirm', 'ready', 'complete']) }),
  z.object({ action: z.literal('paid'), method: z.enum(methods, sellerNotices.badForm) }),
  z.object({
    action: z.literal('cancel'),
    reason: visibleText('multi-line', sellerNotices.reasonMissing).check(
      z.minLength(1, sellerNotices.reasonMissing),
      z.maxLength(CANCEL_REASON_MAX, `Keep the reason under ${CANCEL_REASON_MAX} characters.`),
    ),
  }),
])

export type SellerActionInput = z.infer<typeof sellerActionSchema>
