import 'server-only'

import type { Payload } from 'payload'

import type { Order } from '@/payload-types'

/**
 * The customer's order status page (`/order/status/<token>`): the token in its link is the only
 * key to it, 144 random bits given when the order is stored. Anything that is not a token shape
 * is turned away before the database is asked.
 */
const STATUS_TOKEN = /^[A-Za-z0-9_-]{24,64}$/

export const isStatusToken = (token: string) => STATUS_TOKEN.test(token)

export async function findOrderByStatusToken(payload: Payload, token: string): Promise<Order | null> {
  if (!isStatusToken(token)) return null
  const { docs } = await payload.find({ collection: 'orders', where: { statusToken: { equals: token } }, limit: 1, depth: 1, overrideAccess: true })
  return docs[0] ?? null
}

/** Where the order stands, in the customer's words. */
export function statusWording(order: Pick<Order, 'status' | 'deliveryMethod'>): { title: string; description: string } {
  switch (order.status) {
    case 'confirmed':
      return { title: 'Confirmed', description: `We have confirmed your order and are getting your jars ready for ${order.deliveryMethod}.` }
    case 'ready':
      return order.deliveryMethod === 'pickup'
        ? { title: 'Ready for pickup', description: 'Your jars are ready. Come by at your pickup time.' }
        : { title: 'Out for delivery', description: 'Your jars are on their way to you.' }
    case 'completed':
      return { title: 'Completed', description: 'Your jars have been picked up or delivered. Enjoy, and thank you!' }
    case 'cancelled':
      return { title: 'Cancelled', description: 'This order was cancelled. If that is news to you, please get in touch.' }
    default:
      return { title: 'Received', description: "We have your order and will text or e-mail you soon to confirm it." }
  }
}
