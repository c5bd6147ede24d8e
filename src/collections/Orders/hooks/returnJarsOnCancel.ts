import type { CollectionBeforeChangeHook } from 'payload'

import { giveJarsBack } from '@/features/ordering/shop'
import type { Order } from '@/payload-types'

/**
 * A cancelled order gives the jars it took back to its batch, in the same transaction as the
 * status change, once: the order then holds no jars (unless a recall holds it: those jars are not sold again). Setting it back from cancelled takes them
 * again (retakeOnRestore.ts).
 */
export const returnJarsOnCancel: CollectionBeforeChangeHook<Order> = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc) return data
  const cancelling = data.status === 'cancelled' && originalDoc.status !== 'cancelled'
  const jars = originalDoc.jarsFromBatch ?? 0
  if (!cancelling || jars <= 0) return data
  // Recalled jars are not for sale again: a held order's jars stay out of its batch.
  if (originalDoc.heldByRecall) return { ...data, jarsFromBatch: 0 }
  await giveJarsBack(req.payload, originalDoc, req)
  return { ...data, jarsFromBatch: 0 }
}
