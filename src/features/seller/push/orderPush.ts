import 'server-only'

import type { CollectionAfterChangeHook, Payload, TaskConfig } from 'payload'

import type { Order } from '@/payload-types'
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

export const sendOrderPushTask: TaskConfig<'sendOrderPush'> = {
  slug: PUSH_TASK,
  inputSchema: [
    { name: 'order', type: 'text', required: true },
    { name: 'device', type: 'text', required: true },
  ],
  outputSchema: [{ name: 'outcome', type: 'text' }],
  // About 40 minutes of tries: a new order is worth a notification only while it is new.
  retries: { attempts: 6, backoff: { type: 'exponential', delay: 20_000 } },
  handler: async ({ input, req }) => {
    const { payload } = req
    const [order, device] = await Promise.all([
      payload.findByID({ collection: 'orders', id: input.order, depth: 0, overrideAccess: true, disableErrors: true, req }),
      payload.findByID({ collection: PUSH_SUBSCRIPTIONS, id: input.device, depth: 0, overrideAccess: true, disableErrors: true, req }),
    ])
    // The order was deleted, or the device removed, since: nothing to tell.
    if (!order || !device) return { output: { outcome: 'nothing to send' } }
    const outcome = await sendPush(payload, { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, orderNotification(order))
    if (outcome === 'gone') {
      await payload.delete({ collection: PUSH_SUBSCRIPTIONS, id: device.id, overrideAccess: true, req })
      return { output: { outcome: 'device gone' } }
    }
    await payload.update({ collection: PUSH_SUBSCRIPTIONS, id: device.id, data: { lastSentAt: new Date().toISOString() }, depth: 0, overrideAccess: true, req })
    return { output: { outcome: 'sent' } }
  },
}
