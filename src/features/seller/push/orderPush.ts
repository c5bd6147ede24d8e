import 'server-only'

import type { CollectionAfterChangeHook, Payload, TaskConfig } from 'payload'

import type { Order, OrderChange } from '@/payload-types'
import { orderedFlavors, packingList } from '@/features/ordering/orderDetails'
import { dollars } from '@/features/ordering/wording'
import { onCommit } from '@/platform/db/afterCommit'
import { runQueueRound, runQueueSoon, startQueueWorker } from '@/platform/jobs/queueRunner'
import { sendPush } from '@/platform/push/send'

import { SELLER_PATHS } from '../paths'
import { PUSH_SUBSCRIPTIONS } from './subscriptions'

/**
 * A notification on each opted-in device for each new order (placed online, by a refill plan, or
 * added by the other founder). One job per device is queued in the order's own transaction, so
 * notifications exist exactly when the order does, and run once it has committed, through Payload's
 * job queue: retried with growing pauses while the push service fails, done once it took the
 * message. A device whose subscription the push service no longer knows is forgotten.
 */

export const PUSH_QUEUE = 'push'
const PUSH_TASK = 'sendOrderPush'
const ROUND = { longestRoundMs: 2 * 60 * 1000, abandonedAfterMs: 5 * 60 * 1000 }
/** Looks for notifications left waiting by a restart or a push service that failed. */
export const PUSH_POLL_MS = 15 * 1000

export const startPushWorker = (payload: Payload): void => startQueueWorker(payload, PUSH_QUEUE, PUSH_POLL_MS, ROUND)
const runPushSoon = (payload: Payload): void => runQueueSoon(payload, PUSH_QUEUE, ROUND)
/** One round now, waited for: what the worker does every few seconds. */
export const workPushQueue = (payload: Payload): Promise<void> => runQueueRound(payload, PUSH_QUEUE, ROUND)

/** What the notification shows: "New order SM-1042", "Rita Refill · 2 × Mixed Berry, 1 × Peach Ginger · $50". */
export function orderNotification(order: Pick<Order, 'id' | 'reference' | 'fullName' | 'flavors' | 'flavorNames' | 'totalPrice' | 'windowLabel'>) {
  const reference = order.reference ?? String(order.id)
  return {
    title: `New order ${reference}`,
    body: [order.fullName, packingList(orderedFlavors(order)), dollars(order.totalPrice), order.windowLabel].filter(Boolean).join(' · '),
    // Opened by a tap on the notification: the daily screen's new orders, newest first, at this one.
    url: `${SELLER_PATHS.newOrders}#order-${order.id}`,
    // One notification per order on a device, however often it is delivered.
    tag: `order-${order.id}`,
  }
}

export const queueOrderPush: CollectionAfterChangeHook<Order> = async ({ doc, operation, req }) => {
  if (operation !== 'create') return doc
  // Through the adapter: only the ids, with no access or hooks to run (Payload's find cost each order 0.7 ms).
  const { docs: devices } = await req.payload.db.find<{ id: number | string }>({ collection: PUSH_SUBSCRIPTIONS, pagination: false, select: { id: true }, req })
  for (const device of devices) {
    await req.payload.jobs.queue({ task: PUSH_TASK, queue: PUSH_QUEUE, input: { order: String(doc.id), device: String(device.id) }, req })
  }
  if (devices.length) onCommit(req, () => runPushSoon(req.payload))
  return doc
}

/**
 * A notification of a customer's change of their order ("SM-1042 moved to Sun 10:00"), queued as a
 * new order's is, in the change's own transaction (its record in `order-changes` is created there).
 */
export const queueOrderChangePush: CollectionAfterChangeHook<OrderChange> = async ({ doc, operation, req }) => {
  // The seller's own edits are in the history, not news to the seller.
  if (operation !== 'create' || doc.order == null || doc.by !== 'customer') return doc
  const { docs: devices } = await req.payload.db.find<{ id: number | string }>({ collection: PUSH_SUBSCRIPTIONS, pagination: false, select: { id: true }, req })
  const order = String(typeof doc.order === 'object' ? doc.order.id : doc.order)
  for (const device of devices) {
    await req.payload.jobs.queue({ task: PUSH_TASK, queue: PUSH_QUEUE, input: { order, device: String(device.id), change: String(doc.id) }, req })
  }
  if (devices.length) onCommit(req, () => runPushSoon(req.payload))
  return doc
}

/** What a change's notification shows: its headline, and what changed. */
export function changeNotification(change: Pick<OrderChange, 'id' | 'headline' | 'lines'>, orderId: number | string) {
  return {
    title: change.headline,
    body: change.lines,
    url: `${SELLER_PATHS.today}#order-${orderId}`,
    tag: `order-${orderId}-change-${change.id}`,
  }
}

export const sendOrderPushTask: TaskConfig<'sendOrderPush'> = {
  slug: PUSH_TASK,
  inputSchema: [
    { name: 'order', type: 'text', required: true },
    { name: 'device', type: 'text', required: true },
    // Set for a customer's change of the order (`order-changes`); none for a new order.
    { name: 'change', type: 'text' },
  ],
  outputSchema: [{ name: 'outcome', type: 'text' }],
  // About 40 minutes of tries: a new order is worth a notification only while it is new.
  retries: { attempts: 6, backoff: { type: 'exponential', delay: 20_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const [order, device, change] = await Promise.all([
      payload.findByID({ collection: 'orders', id: input.order, depth: 0, overrideAccess: true, disableErrors: true, req }),
      payload.findByID({ collection: PUSH_SUBSCRIPTIONS, id: input.device, depth: 0, overrideAccess: true, disableErrors: true, req }),
      input.change ? payload.findByID({ collection: 'order-changes', id: input.change, depth: 0, overrideAccess: true, disableErrors: true, req }) : null,
    ])
    // The order (or its change) was deleted, or the device removed, since: nothing to tell.
    if (!order || !device || (input.change && !change)) return { output: { outcome: 'nothing to send' } }
    const notification = change ? changeNotification(change, order.id) : orderNotification(order)
    const outcome = await sendPush(payload, { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, notification)
    if (outcome === 'gone') {
      await payload.delete({ collection: PUSH_SUBSCRIPTIONS, id: device.id, overrideAccess: true, req })
      return { output: { outcome: 'device gone' } }
    }
    await payload.update({ collection: PUSH_SUBSCRIPTIONS, id: device.id, data: { lastSentAt: new Date().toISOString() }, depth: 0, overrideAccess: true, req })
    return { output: { outcome: 'sent' } }
  },
}
