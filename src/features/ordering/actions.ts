'use server'

import { normalizeDiscountCode } from '@/features/discounts/codeFormat'
import { checkDiscountCode, type DiscountAnswer } from '@/features/discounts/codes'
import { formText, formValues, submittedForm } from '@/shared/forms/formState'
import { discountNotices } from '@/features/discounts/notices'
import { orderNotices } from '@/features/ordering/notices'
import { formNotices } from '@/shared/notices'
import { submitOrder } from './service'
import { currentPrices } from './shop'
import { cachedSellerSettings } from '@/features/content/content'
import { orderConfirmation } from './confirmation'
import { getPayloadClient, logFailure } from '@/platform/db/payloadClient'
import { discountAmount, isPackageQuantity, packagePrice } from './pricing'
import { allowAttempt, clientKey } from '@/platform/http/rateLimit'
import { ORDER_FORM_FIELDS } from '@/features/ordering/formFields'
import { HONEYPOT_FIELD } from '@/shared/forms/limits'
import { SUBMISSION_KEY_FIELD } from '@/shared/forms/submissionKey'
import { submissionKeyOf } from '@/platform/db/submissions'

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
  const values = formValues(formData, ORDER_FORM_FIELDS)
  if (formText(formData, 'intent') === APPLY_DISCOUNT_INTENT) return applyDiscountWithoutScript(values)
  // A filled honeypot is a bot: answer as if it worked, store nothing.
  if (formText(formData, HONEYPOT_FIELD)) return { status: 'success', message: orderNotices.submitted }

  const applied = appliedCode(formData, values)
  try {
    const payload = await getPayloadClient()
    const client = await clientKey()
    const key = submissionKeyOf('order', formText(formData, SUBMISSION_KEY_FIELD), { client, values })
    // The service asks once the order is valid: a mistake does not use up the visitor's allowance.
    const result = await submitOrder(payload, values, key, { allowed: () => allowAttempt('order', client, key), settings: cachedSellerSettings })
    if (result.status === 'success') {
      const settings = await cachedSellerSettings.site()
      return { status: 'success', message: orderNotices.submitted, discountUsed: result.discountUsed, confirmation: orderConfirmation(result.order, settings.paymentMethods ?? []) }
    }
    // A refused code is no longer applied: the visitor sees the order without it and can try another.
    const appliedDiscountCode = result.discountRejected ? undefined : applied
    return { status: 'error', message: result.message, field: result.field, values, appliedDiscountCode, prices: result.prices, windows: result.windows }
  } catch (error) {
    await logFailure('[order] placing an order failed', error)
    return { status: 'error', message: orderNotices.failed, values, appliedDiscountCode: applied }
  }
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
