import type { Payload, PayloadRequest } from 'payload'

import { findOrderChanges } from './orderChangeHistory'
import { OrderChangeList } from './OrderChangeList.client'

/**
 * What the customer (on the order's page) or the seller (in the admin) changed on this order after
 * it was placed, newest first: when, who, what, and the total before and after. Nothing while there
 * is none.
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
