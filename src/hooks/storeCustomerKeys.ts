import type { CollectionBeforeChangeHook, CollectionSlug, Payload } from 'payload'

import { customerKeys } from '@/features/admin/customerKeys'
import type { Order, RefillPlan } from '@/payload-types'
import { backfillOnMongo } from '@/platform/db/backfillOnMongo'

/** The collections whose documents carry a customer's e-mail and phone, and their keys beside them. */
export const KEYED_COLLECTIONS = ['orders', 'refill-plans'] as const satisfies readonly CollectionSlug[]

/**
 * Keeps a document's customer keys (its e-mail lower-cased, its phone as digits) in step with its
 * e-mail and phone on every write: the Customers view groups orders by them in the database, and
 * the orders' and refill plans' lists find a phone by its digits. An update may carry only some
 * fields: the stored value stands in for a missing one.
 */
export const storeCustomerKeys: CollectionBeforeChangeHook<Pick<Order | RefillPlan, 'id' | 'email' | 'phone'>> = ({ data, originalDoc }) => {
  const email = data.email !== undefined ? data.email : originalDoc?.email
  const phone = data.phone !== undefined ? data.phone : originalDoc?.phone
  return { ...data, ...customerKeys({ email, phone }) }
}

/**
 * MongoDB has no SQL migrations: there, the documents stored before the customer keys existed get
 * them when the server starts, by the same rule as the hook (on SQLite the migrations
 * `customer_keys_and_indexes` and `refill_plan_customer_keys` do it). Only documents with neither
 * key field are read, so once done this finds nothing. Returns how many it gave keys to.
 */
export async function backfillCustomerKeysOnMongo(payload: Payload): Promise<number> {
  let done = 0
  for (const slug of KEYED_COLLECTIONS) {
    done += await backfillOnMongo<{ email?: string | null; phone?: string | null }>(
      payload,
      slug,
      { customerEmail: { $exists: false }, customerPhone: { $exists: false } },
      ['email', 'phone'],
      customerKeys,
    )
  }
  return done
}
