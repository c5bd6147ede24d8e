'use server'

import { normalizeDiscountCode } from '@/features/discounts/codeFormat'
import { checkDiscountCode, type DiscountAnswer } from '@/features/discounts/codes'
import { formText, formValues, submittedForm } from '@/shared/forms/formState'
import { discountNotices } from '@/features/discounts/notices'
import { orderNotices } from '@/features/ordering/notices'
import { formNotices } from '@/shared/notices'
import { submitOrder } from './service'
import { currentPrices, readingEachOnce } from './shop'
import { cachedSellerSettings } from '@/features/ordering/cachedReads'
import { orderConfirmation } from './confirmation'
import { getPayloadClient, logFailure } from '@/payloadClient'
import { handlePublicForm } from '@/platform/http/publicForm'
import { discountAmount } from '@/features/discounts/rules'
import { isPackageQuantity, packagePrice } from './pricing'
import { allowAttempt, clientKey } from '@/platform/http/rateLimit'
import { ORDER_FORM_FIELDS } from '@/features/ordering/formFields'

import { APPLIED_CODE_FIELD, APPLY_DISCOUNT_INTENT, type OrderFormState } from './orderFormState'

/** The "Apply" button: the code's status, rate-limited per client so codes cannot be probed. */
export async function checkDiscount(code: unknown): Promise<DiscountAnswer> {
  try {
    if (!(await allowAttempt('discount', await clientKey()))) return { ok: false, message: formNotices.rateLimited }
    return await checkDiscountCode(await getPayloadClient(), code)
  } catch (error) {
    await logFailure('[discount] checking a code failed', error)
    return { ok: false, message: discountNotices.unexpectedError('the code could not be checked') }
  }
}

/**
 * The order form's action. It reads only the form's own fields (a total or price in the post is
 * never read), then the order service validates, prices, stores and e-mails.
 */
export async function placeOrder(_previous: OrderFormState, posted: FormData): Promise<OrderFormState> {
  const formData = submittedForm(posted)
  if (formText(formData, 'intent') === APPLY_DISCOUNT_INTENT) return applyDiscountWithoutScript(formValues(formData, ORDER_FORM_FIELDS))
  const applied = appliedCode(formData, formValues(formData, ORDER_FORM_FIELDS))
  return handlePublicForm<Record<string, string>, OrderFormState>(getPayloadClient, formData, {
    kind: 'order',
    limit: 'order',
    values: (form) => formValues(form, ORDER_FORM_FIELDS),
    botAnswer: () => ({ status: 'success', message: orderNotices.submitted }),
    limited: (values) => ({ status: 'error', message: formNotices.rateLimited, values, appliedDiscountCode: applied }),
    // The service asks once the order is valid: a mistake does not use up the visitor's allowance.
    workSpendsAllowance: true,
    work: async ({ payload, values, key, allowed }) => {
      const settings = readingEachOnce(cachedSellerSettings)
      const result = await submitOrder(payload, values, key, { allowed, settings })
      if (result.status === 'success') {
        const site = await settings.site()
        return { status: 'success', message: orderNotices.submitted, discountUsed: result.discountUsed, confirmation: orderConfirmation(result.order, site.paymentMethods ?? [], result.plan) }
      }
      // A refused code is no longer applied: the visitor sees the order without it and can try another.
      const appliedDiscountCode = result.discountRejected ? undefined : applied
      return { status: 'error', message: result.message, field: result.field, values, appliedDiscountCode, prices: result.prices, windows: result.windows }
    },
    failure: { log: '[order] placing an order failed', answer: (values) => ({ status: 'error', message: orderNotices.failed, values, appliedDiscountCode: applied }) },
  })
}

/** The code the page showed as applied, kept only while the code field still says the same. */
function appliedCode(formData: FormData, values: Record<string, string>): string | undefined {
  const shown = normalizeDiscountCode(formText(formData, APPLIED_CODE_FIELD))
  return shown && shown === normalizeDiscountCode(values.discountCode) ? shown : undefined
}

/** Without JavaScript, "Apply" posts the whole form: check the code and render the page again. */
async function applyDiscountWithoutScript(values: Record<string, string>): Promise<OrderFormState> {
  const code = normalizeDiscountCode(values.discountCode)
  const answer = await checkDiscount(code)
  const quantity = Number(values.quantity)
  const next: OrderFormState = { status: 'idle', values: { ...values, discountCode: code } }
  if (!answer.ok) return { ...next, field: 'discountCode', discountNotice: { ok: false, message: answer.message } }
  const prices = await currentPrices(cachedSellerSettings)
  const amount = discountAmount(packagePrice(isPackageQuantity(quantity) ? quantity : 1, prices))
  return { ...next, appliedDiscountCode: answer.code, discountNotice: { ok: true, message: discountNotices.applied(amount, answer.code) } }
}
