import type { CollectionBeforeChangeHook } from 'payload'

import { customerKeys } from '@/features/admin/customerKeys'
import type { Order } from '@/payload-types'

/**
 * Keeps the order's customer keys (its e-mail lower-cased, its phone as digits) in step with its
 * e-mail and phone on every write, so the Customers view can group orders in the database. An
 * update may carry only some fields: the stored value stands in for a missing one.
 */
export const storeCustomerKeys: CollectionBeforeChangeHook<Order> = ({ data, originalDoc }) => {
  const email = data.email !== undefined ? data.email : originalDoc?.email
  const phone = data.phone !== undefined ? data.phone : originalDoc?.phone
  return { ...data, ...customerKeys({ email, phone }) }
}
