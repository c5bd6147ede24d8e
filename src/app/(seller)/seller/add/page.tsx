import type { Metadata } from 'next'

import { AddOrderForm } from '@/features/admin/components/AddOrderForm.client'
import { addOrderFormProps } from '@/features/admin/manualOrder'
import { addOrderFromPhone } from '@/features/seller/addOrderAction'
import { countNewOrders } from '@/features/seller/dailyScreen'
import { SELLER_PATHS } from '@/features/seller/paths'
import { sellerForPage } from '@/features/seller/session'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { getPayloadClient } from '@/platform/db/payloadClient'

export const metadata: Metadata = { title: 'Add order' }

/**
 * Add order on the phone: the admin's Add order form and order service (the same prices, stock,
 * times and e-mails), in the daily screen's frame instead of the admin's, so a phone loads neither
 * the admin's script nor its styles. After a save, the New list says which order was added.
 */
export default async function AddOrderPage() {
  const payload = await getPayloadClient()
  await sellerForPage(payload, SELLER_PATHS.addOrder)
  const [form, newOrders] = await Promise.all([addOrderFormProps(payload), countNewOrders(payload)])
  return (
    <SellerFrame current="new" newOrders={newOrders} notice={null}>
      <h1>Add order</h1>
      <p className="lead">For an order taken by text, call, social message or in person. The customer gets the confirmation e-mail only when you enter their e-mail.</p>
      <AddOrderForm action={addOrderFromPhone} {...form} />
    </SellerFrame>
  )
}
