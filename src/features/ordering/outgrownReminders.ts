import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Order } from '@/payload-types'

import { awaitsCollection, OPEN_STATUSES } from './openOrders'
import { owesPayment, withdrawQueuedOrderMessage } from './orderMessages'

/**
 * The reminders an order can outgrow: what each needs to still apply, and why it is not sent once
 * it does not. A reminder is queued only while it applies, but it may then wait in the outbox for
 * days while the mail server is down: "please pay" must not reach an order paid meanwhile, nor
 * "we missed you" one collected or held by a recall meanwhile.
 */
const REMINDERS = [
  { kind: 'paymentReminder', applies: owesPayment, reason: 'No longer owed when it could go: the order was paid, cancelled or left out of payment reminders.' },
  { kind: 'missedPickup', applies: awaitsCollection, reason: 'No longer a missed pickup when it could go: the order was collected, completed, cancelled or held.' },
  { kind: 'reminder', applies: (order: Order) => (OPEN_STATUSES as readonly string[]).includes(order.status), reason: 'No longer to remind of when it could go: the order was completed or cancelled.' },
] as const

/**
 * The order went from `before` to `after`: each reminder that applied to it and no longer does,
 * still waiting in the outbox, is recorded as not sent, with why, in the caller's transaction.
 * Every other e-mail (the confirmation, a status e-mail, a change) still goes. Used by the Orders
 * hook on every save, and by a recall's hold, which is written through the adapter.
 */
export async function withdrawOutgrownReminders(payload: Payload, before: Order, after: Order, req: Partial<PayloadRequest>): Promise<void> {
  for (const { kind, applies, reason } of REMINDERS) {
    if (applies(before) && !applies(after)) await withdrawQueuedOrderMessage(payload, after, kind, reason, req)
  }
}
