import type { MongooseAdapter } from '@payloadcms/db-mongodb'
import type { CollectionBeforeChangeHook, Payload } from 'payload'

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

/** Orders updated by one write of the MongoDB backfill. */
const BACKFILL_BATCH = 500

/**
 * MongoDB has no SQL migrations: there, the orders stored before the customer keys existed get
 * them when the server starts, by the same rule as the hook (on SQLite the migration
 * `customer_keys_and_indexes` does it). Only orders with neither key field are read, so once done
 * this finds nothing. Returns how many orders it gave keys to.
 */
export async function backfillCustomerKeysOnMongo(payload: Payload): Promise<number> {
  if (payload.db.name !== 'mongoose') return 0
  const orders = (payload.db as unknown as MongooseAdapter).collections.orders
  const unkeyed = orders.find({ customerEmail: { $exists: false }, customerPhone: { $exists: false } }, { email: 1, phone: 1 }).lean<{ _id: unknown; email?: string | null; phone?: string | null }[]>().cursor()
  let batch: { updateOne: { filter: { _id: unknown }; update: { $set: ReturnType<typeof customerKeys> } } }[] = []
  let done = 0
  const write = async () => {
    await orders.bulkWrite(batch as never)
    done += batch.length
    batch = []
  }
  for await (const order of unkeyed) {
    batch.push({ updateOne: { filter: { _id: order._id }, update: { $set: customerKeys(order) } } })
    if (batch.length === BACKFILL_BATCH) await write()
  }
  if (batch.length > 0) await write()
  return done
}
