import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { queueOrderMessage, STATUS_MESSAGES } from '@/features/ordering/orderMessages'
import type { Order } from '@/payload-types'
import { deliverSoon } from '@/platform/email/outbox'

/** The day an order was completed: the refill reminder counts its days from here. */
export const stampCompletion: CollectionBeforeChangeHook<Order> = ({ data, originalDoc, operation }) => {
  if (operation !== 'update' || data.status !== 'completed' || originalDoc?.status === 'completed') return data
  return { ...data, completedAt: new Date().toISOString() }
}

/**
 * The seller moved the order to Confirmed, Ready, Completed or Cancelled: the customer's e-mail for
 * that status is queued in the same transaction (once per order and status, whatever the seller
 * clicks later). A failure to queue is logged and never undoes the status change.
 */
export const sendStatusMessage: CollectionAfterChangeHook<Order> = async ({ doc, previousDoc, operation, req }) => {
  const kind = STATUS_MESSAGES[doc.status]
  if (operation !== 'update' || !kind || previousDoc?.status === doc.status) return doc
  try {
    await queueOrderMessage(req.payload, doc, kind, req)
    deliverSoon(req.payload)
  } catch (error) {
    req.payload.logger.error({ err: error, msg: `[messages] could not queue the ${kind} e-mail of order ${doc.id}` })
  }
  return doc
}
