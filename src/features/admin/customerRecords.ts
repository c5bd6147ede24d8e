import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Customer as CustomerRecord } from '@/payload-types'

import { customerContacts, type CustomerContact } from './aggregates/customerContacts'
import { matchKeys } from './customerKeys'
import { customerFromGroup, groupContacts } from './customers'

/**
 * The stored customers (the hidden `customers` collection): one record per customer of the
 * Customers view, kept equal to `customersFromContacts` over every order by the orders' own writes
 * (collections/Orders/hooks/keepCustomers.ts), in the order's transaction. The view then reads one
 * page of them instead of grouping every order on each visit.
 */

export type CustomerRecordData = Omit<CustomerRecord, 'id'>

/** The phone's digits only, as the search compares them. */
const digitsOf = (phone: string) => phone.replace(/\D/g, '')

/** What is stored for the customer that one group of contacts makes. */
export function customerRecord(group: readonly CustomerContact[]): CustomerRecordData {
  const { key, ...totals } = customerFromGroup(group)
  return {
    ...totals,
    customerKey: key,
    matchKeys: [...new Set(group.flatMap((contact) => matchKeys({ id: contact.firstOrderId, ...contact })))],
    // Lower-cased and one per line, so that "contains" is the search's rule for any one of them.
    searchText: [...totals.names, ...totals.emails].map((value) => value.toLowerCase()).join('\n'),
    phoneDigits: totals.phones.map(digitsOf).filter(Boolean).join('\n'),
  }
}

/** One contact row's identity: the columns the database groups the orders by. */
const contactIdentity = (contact: CustomerContact) =>
  JSON.stringify([contact.customerEmail, contact.customerPhone, contact.fullName, contact.email, contact.phone, contact.customerEmail || contact.customerPhone ? null : contact.firstOrderId])

/**
 * Stores again the customers of the orders under `touched` (an order's match keys, before and after
 * its write). Every order joined to them, through any chain of shared e-mails and phones, is found
 * by asking the database for the contacts under the keys known so far until no new key turns up;
 * those contacts are joined as the view joins them (one customer, two after an edit removed the
 * only link, one after an order linked two), and replace the stored customers under any of their
 * keys. Runs in `req`'s transaction: the order's write and its customers commit together.
 */
export async function refreshCustomers(req: PayloadRequest, touched: readonly string[]): Promise<void> {
  const { payload } = req
  const known = new Set(touched)
  const contacts = new Map<string, CustomerContact>()
  for (let asked = [...known]; asked.length > 0; ) {
    const found = await customerContacts(payload, { of: asked, req })
    asked = []
    for (const contact of found) {
      contacts.set(contactIdentity(contact), contact)
      for (const key of matchKeys({ id: contact.firstOrderId, ...contact })) {
        if (known.has(key)) continue
        known.add(key)
        asked.push(key)
      }
    }
  }
  await payload.db.deleteMany({ collection: 'customers', where: { matchKeys: { in: [...known] } }, req })
  for (const group of groupContacts([...contacts.values()])) await payload.db.create({ collection: 'customers', data: customerRecord(group), req })
}

/** Stores every customer from every order, into an empty collection: the migration's and MongoDB's backfill. */
export async function storeAllCustomers(payload: Payload, req?: PayloadRequest): Promise<number> {
  const groups = groupContacts(await customerContacts(payload, { req }))
  for (const group of groups) await payload.db.create({ collection: 'customers', data: customerRecord(group), req })
  return groups.length
}

/**
 * MongoDB has no SQL migrations: there, the customers of the orders stored before the customers
 * were kept are stored when the server starts (on SQLite the migration `stored_customers` does
 * it). Once any customer is stored this does nothing. Returns how many it stored.
 */
export async function backfillCustomersOnMongo(payload: Payload): Promise<number> {
  if (payload.db.name !== 'mongoose') return 0
  const [{ totalDocs: customers }, { totalDocs: orders }] = await Promise.all([payload.count({ collection: 'customers' }), payload.count({ collection: 'orders' })])
  if (customers > 0 || orders === 0) return 0
  return storeAllCustomers(payload)
}
