import type { Payload, PayloadRequest } from 'payload'

import { findOrderChanges } from './orderChangeHistory'
import { OrderChangeList } from './OrderChangeList.client'

/**
 * What the customer (or the seller) changed on this order after it was placed, newest first: when,
 * who, what, and the total before and after. Nothing while there is none (changes are off on a
 * fresh site).
 */
export async function OrderChanges({ orderId, payload, req }: { orderId: number; payload: Payload; req: PayloadRequest }) {
  const first = await findOrderChanges(payload, orderId, 1, { req })
  if (first.rows.length === 0) return null
  return (
    <div className="order-overview__card order-overview__changes" data-testid="order-changes">
      <h3>Changes</h3>
      <OrderChangeList orderId={orderId} first={first} />
    </div>
  )
}
