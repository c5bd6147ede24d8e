import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

import { retakeCancelledOrder } from '@/features/ordering/shop'
import type { Order } from '@/payload-types'

/**
 * The other half of returnJarsOnCancel: a cancelled order set back to New, Confirmed, Ready or
 * Completed takes its place in its time and its jars again, in the same transaction as the status
 * change, or the change is refused with what the seller must do first (shown under Status).
 */
export const retakeOnRestore: CollectionBeforeChangeHook<Order> = async ({ collection, data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc) return data
  const restoring = originalDoc.status === 'cancelled' && data.status !== undefined && data.status !== 'cancelled'
  if (!restoring) return data
  const retaken = await retakeCancelledOrder(req.payload, originalDoc, req)
  if (!retaken.ok) throw new ValidationError({ collection: collection.slug, errors: [{ message: retaken.refusal, path: 'status' }] })
  return { ...data, jarsFromBatch: retaken.jarsFromBatch, batch: retaken.batch }
}
