import type { Metadata } from 'next'

import { addOrderFormProps } from '@/features/admin/manualOrder'
import { AddOrderScreen } from '@/features/seller/components/AddOrderScreen.client'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { addOrderOnPhone } from '@/features/seller/actions'
import { countNewOrders, deliveryRunsOn } from '@/features/seller/dailyScreen'
import { SELLER_PATHS } from '@/features/seller/paths'
import { sellerOnPage } from '@/features/seller/session'
import { newSubmissionKey } from '@/shared/forms/submissionKey'

export const metadata: Metadata = { title: 'Add order' }

/**
 * Add order on the phone: the admin's Add order fields and order service (the same prices, stock,
 * times and e-mails), in the daily screen's frame instead of the admin's, so a phone loads neither
 * the admin's script nor its styles. After a save, the New list says which order was added.
 */
export default async function AddOrderPage() {
  const { payload } = await sellerOnPage(SELLER_PATHS.addOrder)
  const [form, newOrders] = await Promise.all([addOrderFormProps(payload), countNewOrders(payload)])
  return (
    <SellerFrame current="new" newOrders={newOrders} run={await deliveryRunsOn(payload)} notice={null}>
      {/* Rendered for this request: posted twice (a double tap, a resent post), the form stores one order. */}
      <AddOrderScreen action={addOrderOnPhone} form={form} submissionKey={newSubmissionKey()} />
    </SellerFrame>
  )
}
