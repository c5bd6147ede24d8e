import type { CollectionAfterChangeHook } from 'payload'

import { awaitsCollection, OPEN_STATUSES } from '@/features/delivery/missedPickupRules'
import { owesPayment, withdrawQueuedOrderMessage } from '@/features/ordering/orderMessages'
import type { Order } from '@/payload-types'

/**
 * The reminders an order can outgrow: what each needs to still apply, and why it is not sent once
 * it does not. A reminder is queued only while it applies, but it may then wait in the outbox for
 * days while the mail server is down: "please pay" must not reach an order paid meanwhile, nor
 * "we missed you" one collected meanwhile.
 */
const REMINDERS = [
  { kind: 'paymentReminder', applies: owesPayment, reason: 'No longer owed when it could go: the order was paid, cancelled or left out of payment reminders.' },
  { kind: 'missedPickup', applies: awaitsCollection, reason: 'No longer a missed pickup when it could go: the order was collected, completed, cancelled or held.' },
  { kind: 'reminder', applies: (order: Order) => (OPEN_STATUSES as readonly string[]).includes(order.status), reason: 'No longer to remind of when it could go: the order was completed or cancelled.' },
] as const

/**
 * Paid, cancelled, collected or completed: a reminder that applied before this change and no longer
 * does, still waiting in the outbox, is recorded as not sent, with why, in the change's
 * transaction. Every other e-mail (the confirmation, a status e-mail, a change) still goes. A
 * failure is logged and never undoes the change: the reminder then goes as it would have.
 */
export const withdrawOutgrownReminders: CollectionAfterChangeHook<Order> = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || !previousDoc) return doc
  try {
    for (const { kind, applies, reason } of REMINDERS) {
      if (applies(previousDoc) && !applies(doc)) await withdrawQueuedOrderMessage(req.payload, doc, kind, reason, req)
    }
  } catch (error) {
    req.payload.logger.error({ err: error, msg: `[messages] could not withdraw the outgrown reminders of order ${doc.id}` })
  }
  return doc
}
