import type { Order } from '@/payload-types'

/** The statuses of an order still to be handed over. */
export const OPEN_STATUSES = ['new', 'confirmed', 'ready'] as const satisfies readonly Order['status'][]

/** Whether the order is a pickup still to be collected: not handed over, still open, not held by a recall. */
export function awaitsCollection(order: Pick<Order, 'deliveryMethod' | 'status' | 'handedOverAt' | 'heldByRecall'>): boolean {
  if (order.deliveryMethod !== 'pickup' || order.handedOverAt) return false
  return order.heldByRecall == null && (OPEN_STATUSES as readonly string[]).includes(order.status)
}
