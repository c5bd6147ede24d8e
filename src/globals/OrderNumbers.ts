import type { GlobalConfig } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'

/** The last order number handed out (`features/ordering/orderReference.ts`); not shown in the admin. */
export const OrderNumbers: GlobalConfig = {
  slug: 'order-numbers',
  admin: { hidden: true },
  access: { read: adminOnly, update: nobody },
  fields: [{ name: 'lastNumber', type: 'number', min: 0 }],
}
