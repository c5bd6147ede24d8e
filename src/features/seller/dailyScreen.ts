import 'server-only'

import type { Payload, Where } from 'payload'

import { adminListUrl } from '@/features/admin/adminFilters'
import { customerOrdersWhere, type CustomersPage, findCustomers } from '@/features/admin/customers'
import { type Owed, unpaidTotals } from '@/features/admin/aggregates/unpaidTotals'
import { heldForLine } from '@/features/admin/waitingLine'
import { findPrepSheet, PREP_ORDER_SELECT, type PrepSheet, type PrepStop, prepStop } from '@/features/admin/prepSheet'
import { placedAt } from '@/features/ordering/orderDetails'
import type { Order, User } from '@/payload-types'
import { addDays, businessDay } from '@/shared/time'

import { NEW_ORDERS_PER_PAGE } from './rules'

/** One order as a card of the daily screen shows it. */
export type OrderCard = Omit<PrepStop, 'batch' | 'quantity'> & {
  delivery: boolean
  /** When the order came in (the New list): 'Dec 3, 2026, 9:15 AM'. */
  received?: string
}

export type PickupPlace = { place: string | null; orders: OrderCard[] }

/** One day of the Today screen: its pickups by place, its deliveries in the prep sheet's route order. */
export type DayPlan = {
  day: string
  dayLabel: string
  jars: number
  pickups: PickupPlace[]
  deliveries: OrderCard[]
  toCollect: number
}

export type TodayScreen = {
  today: DayPlan
  tomorrow: DayPlan
  newOrders: number
  /** Jars taken from the batch and held for people in the waiting line (not for sale, not yet ordered). */
  heldForLine: number
  /** The orders owing money and their sum: the dashboard's own figure, for the Owed link. */
  owed: Owed
}

const card = (stop: PrepStop, delivery: boolean): OrderCard => ({ ...stop, delivery })

/** Pickups grouped by where they are handed over, each place where its first pickup falls in time. */
function byPlace(pickups: readonly PrepStop[]): PickupPlace[] {
  const places = new Map<string | null, OrderCard[]>()
  for (const stop of pickups) places.set(stop.place, [...(places.get(stop.place) ?? []), card(stop, false)])
  return [...places].map(([place, orders]) => ({ place, orders }))
}

function dayPlan(sheet: PrepSheet, keep: (stop: PrepStop) => boolean = () => true): DayPlan {
  const pickups = sheet.pickups.filter(keep)
  const deliveries = sheet.deliveries.filter(keep)
  const all = [...pickups, ...deliveries]
  return {
    day: sheet.day,
    dayLabel: sheet.dayLabel,
    // A recall's held orders are shown, marked, but are not handed over: not counted.
    jars: all.reduce((sum, stop) => sum + (stop.held ? 0 : stop.quantity), 0),
    pickups: byPlace(pickups),
    deliveries: deliveries.map((stop) => card(stop, true)),
    toCollect: all.reduce((sum, stop) => sum + stop.toCollect, 0),
  }
}

/**
 * The orders to hand over today and tomorrow (business days in Detroit), read as the prep sheet
 * reads them (`findPrepSheet`: one query a day). An order whose time is arranged by text is on
 * every day's sheet until it is completed: it is shown under today only. What is still to collect
 * today is the sheet's own sum over the orders shown, so the figure and the list always agree.
 */
export async function findTodayScreen(payload: Payload, now = new Date()): Promise<TodayScreen> {
  const today = businessDay(now).key
  const [todaySheet, tomorrowSheet, newOrders, heldJars, { unpaid }] = await Promise.all([
    findPrepSheet(payload, today),
    findPrepSheet(payload, addDays(today, 1)),
    countNewOrders(payload),
    heldForLine(payload),
    unpaidTotals(payload),
  ])
  return { today: dayPlan(todaySheet), tomorrow: dayPlan(tomorrowSheet, (stop) => stop.window !== null), newOrders, heldForLine: heldJars, owed: unpaid }
}

/** Orders waiting to be confirmed: the count beside New in the top bar. */
export async function countNewOrders(payload: Payload): Promise<number> {
  // The page checked the admin session before it asked (`session.ts#sellerOnPage`).
  return (await payload.count({ collection: 'orders', where: NEW_ORDERS, overrideAccess: true })).totalDocs
}

const NEW_ORDERS: Where = { status: { equals: 'new' } }

/** The order fields a New card reads: the prep sheet's, and when it came in. */
const NEW_ORDER_SELECT = { ...PREP_ORDER_SELECT, createdAt: true } as const

type NewOrder = Pick<Order, 'id' | keyof typeof NEW_ORDER_SELECT>

/** A New card: the order as the prep sheet lists it, its time with its day (the list spans days), and when it came in. */
const newOrderCard = (order: NewOrder): OrderCard => ({
  ...prepStop(order),
  time: order.windowLabel || null,
  delivery: order.deliveryMethod === 'delivery',
  received: placedAt(order.createdAt),
})

export type NewOrdersPage = { orders: OrderCard[]; page: number; totalPages: number; totalOrders: number }

/** Orders waiting to be confirmed, newest first, a page at a time; read with the seller's own access. */
export async function findNewOrders(payload: Payload, user: User, page: number): Promise<NewOrdersPage> {
  const found = await payload.find({
    collection: 'orders',
    where: NEW_ORDERS,
    select: NEW_ORDER_SELECT,
    sort: '-createdAt',
    limit: NEW_ORDERS_PER_PAGE,
    page,
    depth: 0,
    overrideAccess: false,
    user,
  })
  return { orders: (found.docs as NewOrder[]).map(newOrderCard), page: found.page ?? page, totalPages: Math.max(1, found.totalPages), totalOrders: found.totalDocs }
}

/** A customer as the phone's search shows them: the admin's Customers row, and their orders in the admin. */
export type CustomerCard = CustomersPage['customers'][number] & { ordersHref: string }
export type CustomersScreen = Omit<CustomersPage, 'customers'> & { customers: CustomerCard[] }

/** The admin's customer search (`findCustomers`: every order grouped by e-mail or phone in the database), with the seller's own access. */
export async function findCustomersScreen(payload: Payload, user: User, search: string, page: number): Promise<CustomersScreen> {
  const list = await findCustomers({ payload, user }, { search, page })
  // Each customer's orders in the admin's list, filtered as the admin's Customers links them.
  return { ...list, customers: list.customers.map((customer) => ({ ...customer, ordersHref: adminListUrl('orders', customerOrdersWhere(customer)) })) }
}
