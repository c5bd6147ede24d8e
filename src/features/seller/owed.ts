import 'server-only'

import { asc, sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { type Owed, OWED_AMOUNT, owedAmountSql, OWED_MATCH, owedSql, unpaidTotals } from '@/features/admin/aggregates/unpaidTotals'
import { labelOf } from '@/features/ordering/orderDetails'
import { ORDER_STATUSES, PAYMENT_METHODS, type PaymentMethod } from '@/features/ordering/options'
import type { Order } from '@/payload-types'
import { aggregate, isoDate } from '@/platform/db/aggregate'
import { businessDay } from '@/shared/time'

import { dayFromToday, daysAgo, daysBetween, OWED_PER_PAGE } from './rules'

/** One order that owes money, as the Owed list shows it. */
export type OwedCard = {
  id: number | string
  reference: string
  fullName: string
  phone: string
  email: string | null
  /** What it owes: its total, or for a paid order the customer changed to more, the difference. */
  owes: number
  /** The order's total, when it is paid but for `owes` (a change to more after paying), else null. */
  paidBut: number | null
  /** A method recorded on the order while unpaid (the admin's "Paid with"), or null: the order form never asks for one. */
  method: PaymentMethod | null
  state: Order['status']
  status: string
  /** The booked time as the customer read it, or null when it is arranged by text. */
  time: string | null
  /** How long it has been owed: 'Ordered 5 days ago · handed over 2 days ago'. */
  owedFor: string
  /** The day it was placed (Detroit): the earliest day a payment for it may be dated. */
  placedOn: string
}

export type OwedPage = {
  orders: OwedCard[]
  page: number
  totalPages: number
  /** The orders owing and their sum: the dashboard's own figure (`unpaidTotals`), not a second count. */
  owed: Owed
  /** Today in Detroit: the Mark paid day's default and latest. */
  today: string
}

/** The fields an Owed card reads, by name, as both adapters keep them. */
type OwedRow = Pick<Order, 'reference' | 'fullName' | 'phone' | 'email' | 'totalPrice' | 'paymentStatus' | 'paymentMethod' | 'status' | 'windowLabel'> & {
  id: number | string
  owes: number
  createdAt: string
  windowStartsAt: string | null
  completedAt: string | null
}

/** How long an order has been owed, in the seller's days: since it was placed, and since (or until) its handover. */
function owedFor(row: OwedRow, today: string): string {
  const ordered = `Ordered ${daysAgo(businessDay(new Date(row.createdAt)).key, today)}`
  if (row.status === 'completed' && row.completedAt) return `${ordered} · handed over ${daysAgo(businessDay(new Date(row.completedAt)).key, today)}`
  if (!row.windowStartsAt) return `${ordered} · time arranged by text`
  const handover = businessDay(new Date(row.windowStartsAt)).key
  return `${ordered} · handover ${daysBetween(today, handover) < 0 ? 'was ' : ''}${dayFromToday(handover, today)}`
}

function owedCard(row: OwedRow, today: string): OwedCard {
  const method = PAYMENT_METHODS.find((option) => option.value === row.paymentMethod)?.value ?? null
  return {
    id: row.id,
    reference: row.reference ?? '',
    fullName: row.fullName,
    phone: row.phone,
    email: row.email || null,
    owes: Number(row.owes),
    paidBut: row.paymentStatus === 'paid' ? Number(row.totalPrice) : null,
    method,
    state: row.status,
    status: labelOf(ORDER_STATUSES, row.status),
    time: row.windowLabel || null,
    owedFor: owedFor(row, today),
    placedOn: businessDay(new Date(row.createdAt)).key,
  }
}

/**
 * One page of the orders that owe money (`owedSql`: unpaid, or paid but for what a change to more
 * added; never cancelled), the same orders the dashboard's `unpaidTotals` counts. Oldest handover first, since the money of an order handed over long ago
 * is the likeliest to be forgotten: booked times ascending; the orders with no booked time (arranged
 * by text) after them, as there is no handover day to go by, oldest placed first; ties by id so a
 * page never repeats or skips one. Read by the database over the (payment status, status) index:
 * the owed orders are a few of all orders, sorted there rather than read through Payload. The
 * page checked the admin session before it asked (`session.ts#sellerOnPage`).
 */
function owedRows(payload: Payload, page: number): Promise<OwedRow[]> {
  const offset = (page - 1) * OWED_PER_PAGE
  return aggregate(payload, {
    async sql({ drizzle, tables }) {
      const orders = tables.orders
      const rows = await drizzle
        .select({
          id: orders.id,
          reference: orders.reference,
          fullName: orders.fullName,
          phone: orders.phone,
          email: orders.email,
          totalPrice: orders.totalPrice,
          owes: owedAmountSql(orders),
          paymentStatus: orders.paymentStatus,
          paymentMethod: orders.paymentMethod,
          status: orders.status,
          windowLabel: orders.windowLabel,
          createdAt: orders.createdAt,
          windowStartsAt: orders.windowStartsAt,
          completedAt: orders.completedAt,
        })
        .from(orders)
        .where(owedSql(orders))
        // SQLite puts NULL first in an ascending sort: the orders without a time are moved last by hand.
        .orderBy(sql`${orders.windowStartsAt} IS NULL`, asc(orders.windowStartsAt), asc(orders.createdAt), asc(orders.id))
        .limit(OWED_PER_PAGE)
        .offset(offset)
      return rows as OwedRow[]
    },
    async mongo({ collections, session }) {
      type Stored = Omit<OwedRow, 'id' | 'createdAt' | 'windowStartsAt' | 'completedAt'> & {
        _id: { toString(): string }
        createdAt: Date
        windowStartsAt?: Date | null
        completedAt?: Date | null
      }
      const docs = await collections.orders.aggregate<Stored>(
        [
          { $match: OWED_MATCH },
          // MongoDB also sorts a missing or null time first: the orders without one are moved last by hand.
          { $addFields: { unbooked: { $eq: [{ $ifNull: ['$windowStartsAt', null] }, null] } } },
          { $sort: { unbooked: 1, windowStartsAt: 1, createdAt: 1, _id: 1 } },
          { $skip: offset },
          { $limit: OWED_PER_PAGE },
          { $project: { reference: 1, fullName: 1, phone: 1, email: 1, totalPrice: 1, owes: OWED_AMOUNT, paymentStatus: 1, paymentMethod: 1, status: 1, windowLabel: 1, createdAt: 1, windowStartsAt: 1, completedAt: 1 } },
        ],
        { session },
      )
      return docs.map(({ _id, createdAt, windowStartsAt, completedAt, ...rest }) => ({
        ...rest,
        id: _id.toString(),
        createdAt: isoDate(createdAt),
        windowStartsAt: windowStartsAt ? isoDate(windowStartsAt) : null,
        completedAt: completedAt ? isoDate(completedAt) : null,
      }))
    },
  })
}

/** The Owed page: a page of the orders owing, oldest handover first, headed by the dashboard's own total of them. */
export async function findOwedPage(payload: Payload, page: number, now = new Date()): Promise<OwedPage> {
  const today = businessDay(now).key
  const [{ unpaid }, rows] = await Promise.all([unpaidTotals(payload), owedRows(payload, page)])
  return {
    orders: rows.map((row) => owedCard(row, today)),
    page,
    totalPages: Math.max(1, Math.ceil(unpaid.orders / OWED_PER_PAGE)),
    owed: unpaid,
    today,
  }
}
