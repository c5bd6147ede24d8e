import type { CollectionAfterChangeHook } from 'payload'

import { withdrawOutgrownReminders as withdrawOutgrown } from '@/features/ordering/outgrownReminders'
import type { Order } from '@/payload-types'

/**
 * Paid, cancelled, collected or completed: the reminders this save made the order outgrow are not
 * sent (`features/ordering/outgrownReminders.ts`). A failure is logged and never undoes the
 * change: the reminder then goes as it would have.
 */
export const withdrawOutgrownReminders: CollectionAfterChangeHook<Order> = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || !previousDoc) return doc
  try {
    await withdrawOutgrown(req.payload, previousDoc, doc, req)
  } catch (error) {
    req.payload.logger.error({ err: error, msg: `[messages] could not withdraw the outgrown reminders of order ${doc.id}` })
  }
  return doc
}
