'use server'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'

import { addOrderFromForm, MANUAL_ORDER_FIELDS, type ManualOrderState } from '@/features/admin/manualOrder'
import { DELIVERY_METHODS } from '@/features/ordering/options'
import { getPayloadClient } from '@/payloadClient'
import { formText, formValues, submittedForm } from '@/shared/forms/formState'

import { sellerNotices } from './notices'
import { orderAddedPath, SELLER_PATHS, signInPath } from './paths'
import { ADD_ORDER_MAX_BYTES, ADD_ORDER_TIME_FIELDS } from './rules'
import { checkSellerPost } from './session'

/** Without a script both methods' times are posted (`ADD_ORDER_TIME_FIELDS`): the order takes the chosen method's. */
function withChosenTime(posted: FormData): FormData {
  const method = DELIVERY_METHODS.find((option) => option.value === formText(posted, 'deliveryMethod'))?.value
  posted.set('window', method ? formText(posted, ADD_ORDER_TIME_FIELDS[method]) : '')
  return posted
}

/** The bytes a form carries: its names and text values as UTF-8, its files' sizes. */
function sizeOf(form: FormData): number {
  let size = 0
  for (const [name, value] of form) size += Buffer.byteLength(name) + (typeof value === 'string' ? Buffer.byteLength(value) : value.size)
  return size
}

const refusal = (description: string, values?: Record<string, string>): ManualOrderState => ({
  status: 'error',
  message: { title: sellerNotices.refusedTitle, description },
  values,
})

/**
 * Add order on the phone (`components/AddOrderScreen.client.tsx`), posted with or without
 * JavaScript. Refused, with the form shown again and what was typed: a post from another site's
 * page or with no `Origin` (as the order buttons' route checks it, `session.ts#checkSellerPost`),
 * and an account that is not an admin's; a form far larger than an order
 * (`rules.ts#ADD_ORDER_MAX_BYTES`) is refused before anything else is read (Next has parsed it,
 * within the forms' body limit, platform/http/bodyLimit.mjs). Without a session, the
 * sign-in page, which brings the seller back to Add order. Otherwise the order is placed through
 * the admin's Add order service (`addOrderFromForm`: its one-time submission key, its rules), and
 * the seller is sent to the New list, which says which order was added; a refused order is the
 * form again with why and everything typed.
 */
export async function addOrderOnPhone(_previous: ManualOrderState, posted: FormData): Promise<ManualOrderState> {
  const form = submittedForm(posted)
  // Not shown again: a form this large was not typed into this page.
  if (sizeOf(form) > ADD_ORDER_MAX_BYTES) return refusal(sellerNotices.tooLarge)
  const payload = await getPayloadClient()
  const requestHeaders = await headers()
  const check = await checkSellerPost(payload, requestHeaders)
  if (check.status === 'other-site') return refusal(sellerNotices.otherSite, formValues(form, MANUAL_ORDER_FIELDS))
  if (check.status === 'forbidden') return refusal(sellerNotices.notAnAdmin, formValues(form, MANUAL_ORDER_FIELDS))
  if (check.status === 'anonymous') redirect(signInPath(SELLER_PATHS.addOrder))

  const added = await addOrderFromForm(payload, withChosenTime(form), requestHeaders)
  if ('state' in added) return added.state
  redirect(orderAddedPath(added.order.reference))
}
