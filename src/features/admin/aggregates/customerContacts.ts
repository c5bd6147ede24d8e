import 'server-only'

// The query builder only (drizzle-orm): the SQLite adapter itself is loaded only where it is used.
import { and, inArray, or, sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload, PayloadRequest } from 'payload'

import { emailKey, splitMatchKeys } from '@/features/admin/customerKeys'
import { aggregate, isoDate } from '@/platform/db/aggregate'

/**
 * The orders grouped by how they name and reach their customer: one row per customer key pair
 * (`customerEmail`, `customerPhone`) and name, e-mail and phone as typed. A few thousand rows for
 * years of orders, from which `customersFromContacts` joins customers by e-mail or phone. An order
 * with neither key (no e-mail, no usable phone) joins nobody: it is a row of its own.
 */
export type CustomerContact = {
  customerEmail: string | null
  customerPhone: string | null
  fullName: string
  email: string | null
  phone: string
  /** Orders not cancelled, what they came to, and the cancelled ones. */
  orders: number
  totalSpent: number
  cancelled: number
  firstOrderAt: string
  lastOrderAt: string
  /** The lowest order id: a customer's stable key. */
  firstOrderId: string
}

/** The status whose orders a customer's counts and money leave out. */
export const CANCELLED = 'cancelled'

/**
 * Every order's contacts, or with `of` only those of the orders under these match keys
 * (`matchKeys` in customerKeys.ts); with `req`, inside its transaction.
 */
export function customerContacts(payload: Payload, { of, req }: { of?: readonly string[]; req?: Pick<PayloadRequest, 'transactionID'> } = {}): Promise<CustomerContact[]> {
  const only = of && splitMatchKeys(of)
  return aggregate(
    payload,
    {
      async sql({ drizzle, tables }) {
        const orders = tables.orders
        const kept = sql`${orders.status} <> ${CANCELLED}`
        const columns = {
          customerEmail: orders.customerEmail,
          customerPhone: orders.customerPhone,
          fullName: orders.fullName,
          email: orders.email,
          phone: orders.phone,
          orders: sql<number>`sum(CASE WHEN ${kept} THEN 1 ELSE 0 END)`,
          totalSpent: sql<number>`coalesce(sum(CASE WHEN ${kept} THEN ${orders.totalPrice} END), 0)`,
          cancelled: sql<number>`sum(CASE WHEN ${kept} THEN 0 ELSE 1 END)`,
          firstOrderAt: sql<string>`min(${orders.createdAt})`,
          lastOrderAt: sql<string>`max(${orders.createdAt})`,
          firstOrderId: sql<number>`min(${orders.id})`,
        }
        const keyless = sql`${orders.customerEmail} IS NULL AND ${orders.customerPhone} IS NULL`
        const keyedOnes = only ? or(inArray(orders.customerEmail, only.emails), inArray(orders.customerPhone, only.phones)) : sql`NOT (${keyless})`
        const keylessOnes = only ? and(keyless, inArray(orders.id, only.orderIds.map(Number))) : keyless
        // Grouped in the order of the orders' customer index (collections/Orders), which holds every
        // column read here: SQLite walks the index once and sorts nothing. The orders without keys
        // are each a row of their own, read apart (grouping them by id would need that sort).
        // With `of`, a query that could find nothing is not asked (an order's write asks them in turn).
        const [keyed, alone] = await Promise.all([
          !only || only.emails.length || only.phones.length
            ? drizzle.select(columns).from(orders).where(keyedOnes).groupBy(orders.customerEmail, orders.customerPhone, orders.fullName, orders.email, orders.phone)
            : [],
          !only || only.orderIds.length ? drizzle.select(columns).from(orders).where(keylessOnes).groupBy(orders.id) : [],
        ])
        // Dates as Payload reads them (stored as written, e.g. without milliseconds).
        return [...keyed, ...alone].map((row) => ({ ...row, firstOrderAt: isoDate(row.firstOrderAt), lastOrderAt: isoDate(row.lastOrderAt), firstOrderId: String(row.firstOrderId) }))
      },
      async mongo({ collections, session }) {
        const stored = (field: string) => ({ $ifNull: [`$${field}`, null] })
        const kept = { $ne: ['$status', CANCELLED] }
        const { ObjectId } = collections.orders.base.Types
        const match = only
          ? [{ $match: { $or: [{ customerEmail: { $in: only.emails } }, { customerPhone: { $in: only.phones } }, { _id: { $in: only.orderIds.map((id) => new ObjectId(id)) } }] } }]
          : []
        const rows = await collections.orders.aggregate<{
          _id: Pick<CustomerContact, 'customerEmail' | 'customerPhone' | 'fullName' | 'email' | 'phone'>
          orders: number
          totalSpent: number
          cancelled: number
          firstOrderAt: Date
          lastOrderAt: Date
          firstOrderId: unknown
        }>([
          ...match,
          {
            $group: {
              _id: {
                customerEmail: stored('customerEmail'),
                customerPhone: stored('customerPhone'),
                alone: { $cond: [{ $and: [{ $eq: [stored('customerEmail'), null] }, { $eq: [stored('customerPhone'), null] }] }, '$_id', null] },
                fullName: '$fullName',
                email: stored('email'),
                phone: '$phone',
              },
              orders: { $sum: { $cond: [kept, 1, 0] } },
              totalSpent: { $sum: { $cond: [kept, { $ifNull: ['$totalPrice', 0] }, 0] } },
              cancelled: { $sum: { $cond: [kept, 0, 1] } },
              firstOrderAt: { $min: '$createdAt' },
              lastOrderAt: { $max: '$createdAt' },
              firstOrderId: { $min: '$_id' },
            },
          },
        ]).session(session ?? null)
        return rows.map(({ _id, firstOrderAt, lastOrderAt, firstOrderId, ...sums }) => ({
          customerEmail: _id.customerEmail,
          customerPhone: _id.customerPhone,
          fullName: _id.fullName,
          email: _id.email,
          phone: _id.phone,
          ...sums,
          firstOrderAt: isoDate(firstOrderAt),
          lastOrderAt: isoDate(lastOrderAt),
          firstOrderId: String(firstOrderId),
        }))
      },
    },
    req,
  )
}

/** Which of these e-mail keys (lower-cased addresses) are on the e-mail list, in any case. */
export function subscribedEmailKeys(payload: Payload, emailKeys: readonly string[]): Promise<Set<string>> {
  if (emailKeys.length === 0) return Promise.resolve(new Set())
  return aggregate(payload, {
    async sql({ drizzle, tables }) {
      const subscribers = tables.email_captures
      const key = sql<string>`lower(trim(${subscribers.email}))`
      const rows = await drizzle
        .select({ key })
        .from(subscribers)
        .where(sql`${key} IN (${sql.join(emailKeys.map((email) => sql`${email}`), sql`, `)})`)
      return new Set(rows.map((row) => row.key))
    },
    async mongo({ collections }) {
      // Strength 2: compared without case, as the keys are.
      const rows = await collections['email-captures'].find({ email: { $in: [...emailKeys] } }, { email: 1 }).collation({ locale: 'en', strength: 2 }).lean<{ email: string }[]>()
      return new Set(rows.map((row) => emailKey(row.email)))
    },
  })
}
