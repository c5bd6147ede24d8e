import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { matchKeys } from '@/features/admin/customerKeys'
import { addNewOrderToCustomers, refreshCustomers } from '@/features/admin/customerRecords'
import type { Order } from '@/payload-types'

/** What a stored customer is made of: an edit that changes none of these leaves the customers as they are. */
const CUSTOMER_FIELDS = ['fullName', 'email', 'phone', 'customerEmail', 'customerPhone', 'status', 'totalPrice', 'createdAt'] as const

/**
 * Stores again the customers an order belongs to, and belonged to before an edit, in the order's
 * own transaction (features/admin/customerRecords.ts).
 */
export const keepCustomers: CollectionAfterChangeHook<Order> = async ({ doc, previousDoc, operation, req }) => {
  if (operation === 'create') await addNewOrderToCustomers(req, doc)
  else if (CUSTOMER_FIELDS.some((field) => doc[field] !== previousDoc[field])) await refreshCustomers(req, [...matchKeys(doc), ...matchKeys(previousDoc)])
  return doc
}

/** A deleted order's customer loses its orders, or is split in two, or goes. */
export const keepCustomersAfterDelete: CollectionAfterDeleteHook<Order> = async ({ doc, req }) => {
  await refreshCustomers(req, matchKeys(doc))
}
