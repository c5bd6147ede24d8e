import 'server-only'

import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { aggregate, isoDate } from '@/platform/db/aggregate'

/** A customer as the Customers view shows them, as stored (`customers.ts`'s `CustomerTotals`). */
export type StoredCustomer = {
  /** Stable while the customer's first order stays: for React keys and test ids. */
  key: string
  /** Name, e-mail and phone of the newest order. */
  name: string
  /** Empty when no order of theirs has one (orders entered by hand may not). */
  email: string
  phone: string
  /** Every name, e-mail and phone as stored on the orders, most recently used first: for the search and the link to the orders. */
  names: string[]
  emails: string[]
  phones: string[]
  /** Orders not cancelled, and what they came to. */
  orders: number
  totalSpent: number
  cancelled: number
  firstOrderAt: string
  lastOrderAt: string
}

/**
 * What the search asks for: `text` (lower-cased, as typed) within any name or e-mail, or, when
 * given, `digits` within any phone's digits. Both are compared as plain text, never as a pattern.
 */
export type CustomerSearch = { text: string; digits: string | null } | null

/** A stored customer's row as either adapter reads it (`storedCustomerColumns`, `STORED_CUSTOMER_FIELDS`). */
export type StoredCustomerRow = Omit<StoredCustomer, 'key' | 'names' | 'emails' | 'phones' | 'email' | 'firstOrderAt' | 'lastOrderAt'> & {
  customerKey: string
  email: string | null
  names: unknown
  emails: unknown
  phones: unknown
  firstOrderAt: string | Date
  lastOrderAt: string | Date
}

/** The customers table's columns a `StoredCustomer` is read from (SQLite). */
export const storedCustomerColumns = (customers: SQLiteAdapter['tables'][string]) => ({
  customerKey: customers.customerKey,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  names: customers.names,
  emails: customers.emails,
  phones: customers.phones,
  orders: customers.orders,
  totalSpent: customers.totalSpent,
  cancelled: customers.cancelled,
  firstOrderAt: customers.firstOrderAt,
  lastOrderAt: customers.lastOrderAt,
})

/** The same fields of a customer's document (MongoDB). */
export const STORED_CUSTOMER_FIELDS = { customerKey: 1, name: 1, email: 1, phone: 1, names: 1, emails: 1, phones: 1, orders: 1, totalSpent: 1, cancelled: 1, firstOrderAt: 1, lastOrderAt: 1 } as const

/** A JSON column as either adapter hands it back: parsed already, or as text. */
const list = (value: unknown): string[] => (typeof value === 'string' ? JSON.parse(value) : ((value as string[] | null) ?? []))

export const storedCustomer = (row: StoredCustomerRow): StoredCustomer => ({
  key: row.customerKey,
  name: row.name,
  email: row.email ?? '',
  phone: row.phone,
  names: list(row.names),
  emails: list(row.emails),
  phones: list(row.phones),
  orders: row.orders,
  totalSpent: row.totalSpent,
  cancelled: row.cancelled,
  firstOrderAt: isoDate(row.firstOrderAt),
  lastOrderAt: isoDate(row.lastOrderAt),
})

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The search as SQL over the stored customers. instr(): plain text within text, where LIKE would read % and _ as wildcards. */
function sqlWhere(customers: Record<string, unknown>, search: CustomerSearch) {
  if (!search) return sql`1`
  const inText = sql`instr(${customers.searchText}, ${search.text}) > 0`
  return search.digits ? sql`(${inText} OR instr(${customers.phoneDigits}, ${search.digits}) > 0)` : inText
}

/** The search as a MongoDB filter over the stored customers, the search escaped to plain text. */
const mongoFilter = (search: CustomerSearch) =>
  search ? { $or: [{ searchText: { $regex: escapeRegExp(search.text) } }, ...(search.digits ? [{ phoneDigits: { $regex: search.digits } }] : [])] } : {}

/** How many stored customers the search finds. */
export function storedCustomersFound(payload: Payload, search: CustomerSearch): Promise<number> {
  return aggregate(payload, {
    async sql({ drizzle, tables }) {
      const [{ found }] = await drizzle.select({ found: sql<number>`count(*)` }).from(tables.customers).where(sqlWhere(tables.customers, search))
      return found
    },
    mongo: ({ collections }) => collections.customers.countDocuments(mongoFilter(search)),
  })
}

/** `limit` of the stored customers the search finds from `offset`, newest order first: one page, however many orders there are. */
export function storedCustomers(payload: Payload, search: CustomerSearch, { offset, limit }: { offset: number; limit: number }): Promise<StoredCustomer[]> {
  return aggregate(payload, {
    async sql({ drizzle, tables }) {
      const customers = tables.customers
      const rows: StoredCustomerRow[] = await drizzle
        .select(storedCustomerColumns(customers))
        .from(customers)
        .where(sqlWhere(customers, search))
        .orderBy(sql`${customers.lastOrderAt} DESC`, customers.customerKey)
        .limit(limit)
        .offset(offset)
      return rows.map(storedCustomer)
    },
    async mongo({ collections }) {
      const rows = await collections.customers
        .find(mongoFilter(search), STORED_CUSTOMER_FIELDS)
        .sort({ lastOrderAt: -1, customerKey: 1 })
        .skip(offset)
        .limit(limit)
        .lean<StoredCustomerRow[]>()
      return rows.map(storedCustomer)
    },
  })
}
