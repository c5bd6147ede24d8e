'use server'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'

import { orderAdminUrl } from './adminViews'
import { getPayloadClient, logFailure } from '@/platform/db/payloadClient'

import { formValues, submittedForm } from '@/shared/forms/formState'

import { enterOrderByHand, MANUAL_ORDER_FIELDS, manualOrderNotices, type ManualOrderState } from './manualOrder'
import { orderNotices } from '@/features/ordering/notices'

/** The Add order form's action: the admin session is checked in `enterOrderByHand`; then the new order's page. */
export async function addOrderByHand(_previous: ManualOrderState, posted: FormData): Promise<ManualOrderState> {
  const formData = submittedForm(posted)
  let orderId: number
  try {
    const result = await enterOrderByHand(await getPayloadClient(), await headers(), formData)
    // Nothing was read or stored; what was typed is handed back so it is not lost.
    if (result.status === 'refused') return { status: 'error', message: manualOrderNotices.signedOut, values: formValues(formData, MANUAL_ORDER_FIELDS) }
    if (result.status === 'error') return result
    orderId = result.order.id
  } catch (error) {
    await logFailure('[order] adding an order by hand failed', error)
    return { status: 'error', message: orderNotices.failed }
  }
  // Outside the try: Next's redirect works by throwing.
  redirect(orderAdminUrl(orderId))
}
