import 'server-only'

import { and, eq, inArray, sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload, PayloadRequest } from 'payload'

import type { Customer as CustomerRecord, Order } from '@/payload-types'
import { aggregate, isoDate } from '@/platform/db/aggregate'

import { CANCELLED, customerContacts, type CustomerContact } from './aggregates/customerContacts'
import { STORED_CUSTOMER_FIELDS, storedCustomer, storedCustomerColumns, type StoredCustomer, type StoredCustomerRow } from './aggregates/customersPage'
import { matchKeys } from './customerKeys'
import { customerFromGroup, customerWithNewestOrder, groupContacts, type CustomerTotals } from './customers'

/**
 * The stored customers (the hidden `customers` collection): one record per customer of the
 * Customers view, kept equal to `customersFromContacts` over every order by the orders' own writes
 * (collections/Orders/hooks/keepCustomers.ts), in the order's transaction. The view then reads one
 * page of them instead of grouping every order on each visit.
 */

export type CustomerRecordData = Omit<CustomerRecord, 'id' | 'matchKeys'> & { matchKeys: string[] }

/** Customers per INSERT: well under SQLite's 32,766 bound values with the table's 14 columns. */
const CUSTOMERS_PER_STATEMENT = 500

/** The phone's digits only, as the search compares them. */
const digitsOf = (phone: string) => phone.replace(/\D/g, '')

/** What is stored for the customer that one group of contacts makes. */
export function customerRecord(group: readonly CustomerContact[]): CustomerRecordData {
  return { ...recordColumns(customerFromGroup(group)), matchKeys: [...new Set(group.flatMap((contact) => matchKeys({ id: contact.firstOrderId, ...contact })))] }
}

/** What is stored for a customer with these totals, besides the keys they are found under. */
function recordColumns({ key, ...totals }: CustomerTotals): Omit<CustomerRecordData, 'matchKeys'> {
  return {
    ...totals,
    customerKey: key,
    // Lower-cased and one per line, so that "contains" is the search's rule for any one of them.
    searchText: [...totals.names, ...totals.emails].map((value) => value.toLowerCase()).join('\n'),
    phoneDigits: totals.phones.map(digitsOf).filter(Boolean).join('\n'),
  }
}

/** An order as the contacts' grouping (`customerContacts`) counts it, on its own. */
function contactOf(order: Order): CustomerContact {
  const kept = order.status !== CANCELLED
  return {
    customerEmail: order.customerEmail ?? null,
    customerPhone: order.customerPhone ?? null,
    fullName: order.fullName,
    email: order.email ?? null,
    phone: order.phone,
    orders: kept ? 1 : 0,
    totalSpent: kept ? order.totalPrice : 0,
    cancelled: kept ? 0 : 1,
    firstOrderAt: isoDate(order.createdAt),
    lastOrderAt: isoDate(order.createdAt),
    firstOrderId: String(order.id),
  }
}

/**
 * Stores a new order's customer, in `req`'s transaction. Mostly the order is one more of a stored
 * customer, under keys they already have and newer than their others: that customer's record then
 * takes it in (`customerWithNewestOrder`), one read and one write, however many orders they placed
 * before (grouping them all again made each order slower by every earlier one of its customer).
 * Anything else (a first order, one that links two customers or brings a new e-mail or phone, one
 * dated before the customer's newest) stores the customers again from their orders.
 */
export async function addNewOrderToCustomers(req: PayloadRequest, order: Order): Promise<void> {
  const keys = matchKeys(order)
  const [found, ...others] = await storedCustomersUnder(req, keys)
  const customer = found && others.length === 0 && found.hasAllKeys ? customerWithNewestOrder(found.customer, contactOf(order)) : undefined
  if (customer) await updateCustomer(req, found.id, customer)
  else await refreshCustomers(req, keys)
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
  await writeCustomers(payload, req, { replacing: [...known], records: groupContacts([...contacts.values()]).map(customerRecord) })
}

/** Stores every customer from every order, into an empty collection: the migration's and MongoDB's backfill. */
export async function storeAllCustomers(payload: Payload, req?: PayloadRequest): Promise<number> {
  const records = groupContacts(await customerContacts(payload, { req })).map(customerRecord)
  await writeCustomers(payload, req, { replacing: [], records })
  return records.length
}

const sameKeys = (stored: Set<string>, keys: readonly string[]) => stored.size === keys.length && keys.every((key) => stored.has(key))

/**
 * Deletes the stored customers under any of the `replacing` keys and stores `records`, in `req`'s
 * transaction (on SQLite, one customer whose keys stay the same is updated in place). Written by the database directly, in the columns Payload reads (the `matchKeys` in
 * its table of has-many texts): Payload's own create reads every record back, which made an order
 * a quarter slower.
 */
function writeCustomers(payload: Payload, req: PayloadRequest | undefined, { replacing, records }: { replacing: string[]; records: CustomerRecordData[] }): Promise<void> {
  return aggregate(
    payload,
    {
      async sql({ drizzle, tables }) {
        const { customers, customers_texts: texts } = tables
        const matchKeyOf = eq(texts.path, 'matchKeys')
        // The stale customers, each with all its keys.
        const stale = new Map<number, Set<string>>()
        if (replacing.length > 0) {
          const rows: { id: number; key: string }[] = await drizzle
            .select({ id: texts.parent, key: texts.text })
            .from(texts)
            .where(and(matchKeyOf, inArray(texts.parent, drizzle.select({ id: texts.parent }).from(texts).where(and(matchKeyOf, inArray(texts.text, replacing))))))
          for (const { id, key } of rows) stale.set(id, (stale.get(id) ?? new Set()).add(key))
        }
        // Most writes are an order of a customer whose keys stay as they were: one row updated.
        const [only] = stale
        if (stale.size === 1 && records.length === 1 && sameKeys(only[1], records[0].matchKeys)) {
          const { matchKeys: _keys, ...record } = records[0]
          await drizzle.update(customers).set(record).where(eq(customers.id, only[0]))
          return
        }
        if (stale.size > 0) {
          await drizzle.delete(texts).where(inArray(texts.parent, [...stale.keys()]))
          await drizzle.delete(customers).where(inArray(customers.id, [...stale.keys()]))
        }
        for (let start = 0; start < records.length; start += CUSTOMERS_PER_STATEMENT) {
          const chunk = records.slice(start, start + CUSTOMERS_PER_STATEMENT)
          const stored: { id: number; customerKey: string }[] = await drizzle
            .insert(customers)
            .values(chunk.map(({ matchKeys: _keys, ...record }) => record))
            .returning({ id: customers.id, customerKey: customers.customerKey })
          const keysOf = new Map(chunk.map((record) => [record.customerKey, record.matchKeys]))
          await drizzle
            .insert(texts)
            .values(stored.flatMap(({ id, customerKey }) => (keysOf.get(customerKey) ?? []).map((text, index) => ({ order: index + 1, parent: id, path: 'matchKeys', text }))))
        }
      },
      async mongo({ collections, session }) {
        if (replacing.length > 0) await collections.customers.deleteMany({ matchKeys: { $in: replacing } }, { session })
        if (records.length > 0) await collections.customers.insertMany(records, { session })
      },
    },
    req,
  )
}

/** A stored customer found under some of an order's keys, and whether all of them are theirs. */
type FoundCustomer = { id: number | string; customer: StoredCustomer; hasAllKeys: boolean }

/** The stored customers under any of `keys` (distinct), in `req`'s transaction. */
function storedCustomersUnder(req: PayloadRequest, keys: readonly string[]): Promise<FoundCustomer[]> {
  return aggregate<FoundCustomer[]>(
    req.payload,
    {
      async sql({ drizzle, tables }) {
        const { customers, customers_texts: texts } = tables
        // From the keys' index to their customers: how many of the keys each customer has.
        const rows: (StoredCustomerRow & { id: number; keysFound: number })[] = await drizzle
          .select({ id: customers.id, keysFound: sql<number>`count(*)`, ...storedCustomerColumns(customers) })
          .from(texts)
          .innerJoin(customers, eq(customers.id, texts.parent))
          .where(and(eq(texts.path, 'matchKeys'), inArray(texts.text, [...keys])))
          .groupBy(customers.id)
        return rows.map(({ id, keysFound, ...row }) => ({ id, customer: storedCustomer(row), hasAllKeys: keysFound === keys.length }))
      },
      async mongo({ collections, session }) {
        const rows = await collections.customers
          .find({ matchKeys: { $in: keys } }, { ...STORED_CUSTOMER_FIELDS, matchKeys: 1 })
          .session(session ?? null)
          .lean<(StoredCustomerRow & { _id: { toString(): string }; matchKeys: string[] })[]>()
        return rows.map(({ _id, matchKeys: theirs, ...row }) => ({ id: String(_id), customer: storedCustomer(row), hasAllKeys: keys.every((key) => theirs.includes(key)) }))
      },
    },
    req,
  )
}

/** Writes a stored customer's record again, its keys as they are, in `req`'s transaction. */
function updateCustomer(req: PayloadRequest, id: number | string, customer: CustomerTotals): Promise<void> {
  const record = recordColumns(customer)
  return aggregate(
    req.payload,
    {
      async sql({ drizzle, tables }) {
        await drizzle.update(tables.customers).set(record).where(eq(tables.customers.id, id))
      },
      async mongo({ collections, session }) {
        await collections.customers.updateOne({ _id: id }, { $set: record }, { session })
      },
    },
    req,
  )
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
