import type { CollectionConfig } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'

/**
 * The seller's customers as the Customers view lists them (Admin → Customers), one record per
 * customer: the orders joined by e-mail or phone, and their totals. Kept by the orders' own writes
 * (collections/Orders/hooks/keepCustomers.ts, features/admin/customerRecords.ts), never edited, so
 * the view reads one page of them instead of every order.
 */
export const Customers: CollectionConfig = {
  slug: 'customers',
  labels: { singular: 'Customer', plural: 'Customers' },
  // The seller reads them in the Customers view, with the e-mail list and links to their orders.
  admin: { hidden: true, useAsTitle: 'name' },
  access: { read: adminOnly, create: nobody, update: nobody, delete: nobody },
  timestamps: false,
  fields: [
    // `customer-<id of the first order>`: the view's key for the customer.
    { name: 'customerKey', type: 'text', required: true, unique: true },
    // Name, e-mail and phone of the newest order (the e-mail of the newest order that has one).
    { name: 'name', type: 'text', required: true },
    { name: 'email', type: 'text' },
    { name: 'phone', type: 'text', required: true },
    // Every name, e-mail and phone as stored on the orders, most recently used first.
    { name: 'names', type: 'json', required: true },
    { name: 'emails', type: 'json', required: true },
    { name: 'phones', type: 'json', required: true },
    // Orders not cancelled and what they came to; the cancelled ones.
    { name: 'orders', type: 'number', required: true },
    { name: 'totalSpent', type: 'number', required: true },
    { name: 'cancelled', type: 'number', required: true },
    { name: 'firstOrderAt', type: 'date', required: true },
    // The view lists the customers with the newest order first.
    { name: 'lastOrderAt', type: 'date', required: true, index: true },
    // How the orders find their customer (features/admin/customerKeys.ts `matchKeys`).
    { name: 'matchKeys', type: 'text', hasMany: true, required: true, index: true },
    // The names and e-mails lower-cased, and the phones' digits, one per line: what the search reads.
    { name: 'searchText', type: 'text', required: true },
    { name: 'phoneDigits', type: 'text' },
  ],
}
