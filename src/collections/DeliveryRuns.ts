import type { CollectionConfig } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'

/**
 * One delivery run: a day's delivery time (or the day's deliveries arranged by text) as the seller
 * drives it. Kept only for what the seller decided: the stops' order once dragged, and when the
 * cooler left. Written by the daily screen's Run page (`features/delivery`), never through the API.
 */
export const DeliveryRuns: CollectionConfig = {
  slug: 'delivery-runs',
  labels: { singular: 'Delivery run', plural: 'Delivery runs' },
  admin: { group: 'Orders', hidden: true },
  access: { read: adminOnly, create: nobody, update: nobody, delete: nobody },
  fields: [
    // The run's time, as orders name it (`windowKey`), or `2026-12-05_text` for that day's deliveries
    // with no booked time.
    { name: 'runKey', type: 'text', required: true, unique: true, index: true, maxLength: 200 },
    // The business day it is driven on, '2026-12-05'.
    { name: 'day', type: 'text', required: true, index: true, maxLength: 10 },
    // The order ids in the seller's order, once they dragged a stop; empty: the computed driving order.
    { name: 'stopOrder', type: 'json' },
    // When the seller tapped Leaving: the jars of its stops are out of the fridge from then.
    { name: 'leftAt', type: 'date' },
  ],
  timestamps: true,
}
