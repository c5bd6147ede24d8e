import type { CollectionAfterChangeHook } from 'payload'

import { sellerEditLines } from '@/features/ordering/changes/rules'
import type { Order } from '@/payload-types'

/**
 * A signed-in seller's edit of an order (its status, payment, time, jars or what is left to settle)
 * goes into the order's history beside the customer's own changes, with who made it, in the edit's
 * transaction. The server's own writes (a customer's change, a refill, the clock) have no user and
 * are recorded where they are made, or not at all.
 */
export const recordSellerEdits: CollectionAfterChangeHook<Order> = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || !previousDoc || req.user?.collection !== 'users') return doc
  const edit = sellerEditLines(previousDoc, doc)
  if (!edit) return doc
  await req.payload.create({
    collection: 'order-changes',
    data: {
      order: doc.id,
      kind: edit.kind,
      by: 'seller',
      byName: String(req.user.email ?? ''),
      headline: `${doc.reference ?? doc.id}: ${edit.lines[0]}`.slice(0, 200),
      lines: edit.lines.join('\n').slice(0, 2000),
      totalBefore: previousDoc.totalPrice,
      totalAfter: doc.totalPrice,
    },
    overrideAccess: true,
    req,
  })
  return doc
}
