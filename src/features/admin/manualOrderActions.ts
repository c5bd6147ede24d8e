'use server'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'

import { getPayloadClient } from '@/payloadClient'

import { orderAdminUrl } from './adminViews'
import { addOrderFromForm, type ManualOrderState } from './manualOrder'

/** The Add order form's action: the admin session is checked in `enterOrderByHand`; then the new order's page. */
export async function addOrderByHand(_previous: ManualOrderState, posted: FormData): Promise<ManualOrderState> {
  const added = await addOrderFromForm(await getPayloadClient(), posted, await headers())
  if ('state' in added) return added.state
  redirect(orderAdminUrl(added.order.id))
}
