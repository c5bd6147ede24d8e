import type { Order } from '@/payload-types'

import { CITIES } from './options'
import { labelOf } from './orderDetails'

/** A maps search for the customer's address (Michigan): the admin's order view and the route sheet. */
export const mapHref = (order: Pick<Order, 'address' | 'city' | 'zip'>) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${order.address}, ${labelOf(CITIES, order.city)}, MI ${order.zip}`)}`
