'use server'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'

import { addOrderFromForm, type ManualOrderState } from '@/features/admin/manualOrder'

import { orderAddedPath } from './paths'

/** The daily screen's Add order (the admin's form and service): then the New list, saying which order was added. */
export async function addOrderFromPhone(_previous: ManualOrderState, posted: FormData): Promise<ManualOrderState> {
  const added = await addOrderFromForm(posted, await headers())
  if ('state' in added) return added.state
  redirect(orderAddedPath(added.order.reference))
}
