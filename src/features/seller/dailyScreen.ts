import 'server-only'

import type { Payload, Where } from 'payload'

import { adminListUrl } from '@/features/admin/adminFilters'
import { customerOrdersWhere, type CustomersPage, findCustomers } from '@/features/admin/customers'
import { type Owed, unpaidTotals } from '@/features/admin/aggregates/unpaidTotals'
import { heldForLine } from '@/features/admin/waitingLine'
import { MISSED_PICKUPS_SHOWN } from '@/features/delivery/missedPickupRules'
import { OPEN_STATUSES } from '@/features/ordering/openOrders'
import { deliveryDaySettingsFrom } from '@/features/delivery/rules'
import { findPrepSheet, PREP_ORDER_SELECT, type PrepSheet, type PrepStop, prepStop } from '@/features/admin/prepSheet'
import { placedAt } from '@/features/ordering/orderDetails'
import type { Order, User } from '@/payload-types'
import { addDays, businessDay, businessTime } from '@/shared/time'

import { NEW_ORDERS_PER_PAGE } from './rules'

/** One order as a card of the daily screen shows it. */
export type OrderCard = Omit<PrepStop, 'batch' | 'quantity'> & {
  delivery: boolean
  /** When the order came in (the New list): 'Dec 3, 2026, 9:15 AM'. */
  received?: string
  /** A pickup collected (Delivery day on): when, '4:12 PM'. */
  collectedAt?: string
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
  /** Delivery day is on (Shop → Pickup & delivery): pickups get Collected, missed ones are listed. */
  handovers: boolean
  /** Pickups whose time ended without Collected, still open: the latest few, and how many in all. */
  missedPickups: { orders: OrderCard[]; total: number }
}

const card = (stop: PrepStop, delivery: boolean): OrderCard => ({ ...stop, delivery })

/** Pickups grouped by where they are handed over, each place where its first pickup falls in time. */
function byPlace(pickups: readonly PrepStop[]): PickupPlace[] {
  const places = new Map<string | null, OrderCard[]>()
  for (const stop of pickups) places.set(stop.place, [...(places.get(stop.place) ?? []), card(stop, false)])
  return [...places].map(([place, orders]) => ({ place, orders }))
}

/**
 * `shownElsewhere`: pickups listed under Missed pickups instead of their place (still the day's:
 * counted in its jars and what is left to collect).
 */
function dayPlan(sheet: PrepSheet, keep: (stop: PrepStop) => boolean = () => true, shownElsewhere: ReadonlySet<number> = new Set()): DayPlan {
  const pickups = sheet.pickups.filter(keep)
  const deliveries = sheet.deliveries.filter(keep)
  const all = [...pickups, ...deliveries]
  return {
    day: sheet.day,
    dayLabel: sheet.dayLabel,
    // A recall's held orders are shown, marked, but are not handed over: not counted.
    jars: all.reduce((sum, stop) => sum + (stop.held ? 0 : stop.quantity), 0),
    pickups: byPlace(pickups.filter((stop) => !shownElsewhere.has(stop.id))),
    deliveries: deliveries.map((stop) => card(stop, true)),
    toCollect: all.reduce((sum, stop) => sum + stop.toCollect, 0),
  }
}

/**
 * The orders to hand over today and tomorrow (business days in Detroit), read as the prep sheet
 * reads them (`findPrepSheet`: one query a day). An order whose time is arranged by text is on
 * every day's sheet until it is completed: it is shown under today only. What is still to collect
 * today is the sheet's own sum over the orders shown, so the figure and the list always agree.
 * With Delivery day on, also when each pickup shown was collected, and the missed pickups.
 */
export async function findTodayScreen(payload: Payload, now = new Date()): Promise<TodayScreen> {
  const today = businessDay(now).key
  const [todaySheet, tomorrowSheet, newOrders, heldJars, { unpaid }, fulfilment] = await Promise.all([
    findPrepSheet(payload, today),
    findPrepSheet(payload, addDays(today, 1)),
    countNewOrders(payload),
    heldForLine(payload),
    unpaidTotals(payload),
    payload.findGlobal({ slug: 'fulfilment', select: { deliveryDay: true }, depth: 0 }),
  ])
  const screen = { newOrders, heldForLine: heldJars, owed: unpaid }
  const tomorrowBooked = (stop: PrepStop) => stop.window !== null
  if (!deliveryDaySettingsFrom(fulfilment.deliveryDay).enabled) {
    return { ...screen, today: dayPlan(todaySheet), tomorrow: dayPlan(tomorrowSheet, tomorrowBooked), handovers: false, missedPickups: { orders: [], total: 0 } }
  }
  const pickupIds = [...todaySheet.pickups, ...tomorrowSheet.pickups].map((stop) => stop.id)
  const [collected, missedPickups] = await Promise.all([collectedTimes(payload, pickupIds), findMissedPickups(payload, now)])
  const withCollected = (plan: DayPlan): DayPlan => ({
    ...plan,
    pickups: plan.pickups.map(({ place, orders }) => ({ place, orders: orders.map((order) => (collected.has(order.id) ? { ...order, collectedAt: collected.get(order.id) } : order)) })),
  })
  const missedIds = new Set(missedPickups.orders.map((order) => order.id))
  return {
    ...screen,
    today: withCollected(dayPlan(todaySheet, undefined, missedIds)),
    tomorrow: withCollected(dayPlan(tomorrowSheet, tomorrowBooked)),
    handovers: true,
    missedPickups,
  }
}

/** When each of these pickups was collected ('4:12 PM'), for those that were: one query over the ids shown. */
async function collectedTimes(payload: Payload, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const { docs } = await payload.find({
    collection: 'orders',
    where: { and: [{ id: { in: ids } }, { handedOverAt: { exists: true } }] },
    select: { handedOverAt: true },
    pagination: false,
    depth: 0,
    // The page checked the admin session before it asked (`session.ts#sellerOnPage`).
    overrideAccess: true,
  })
  return new Map(docs.flatMap((order) => (order.handedOverAt ? [[order.id, businessTime(order.handedOverAt)] as const] : [])))
}

/**
 * The pickups whose booked time ended without Collected and that are still open, not held by a
 * recall (`missedPickupRules.ts#isMissedPickup`, as the database reads it): the latest first, a few,
 * with how many in all. Each card carries its time with its day (they span days).
 */
export async function findMissedPickups(payload: Payload, now = new Date()): Promise<TodayScreen['missedPickups']> {
  const found = await payload.find({
    collection: 'orders',
    where: {
      and: [
        // The booked times that started before now, read through the (windowStartsAt, status) index.
        { windowStartsAt: { less_than: now.toISOString() } },
        { status: { in: [...OPEN_STATUSES] } },
        { windowEndsAt: { less_than_equal: now.toISOString() } },
        { deliveryMethod: { equals: 'pickup' } },
        { handedOverAt: { exists: false } },
        { heldByRecall: { exists: false } },
      ],
    },
    select: PREP_ORDER_SELECT,
    sort: '-windowStartsAt',
    limit: MISSED_PICKUPS_SHOWN,
    depth: 0,
    // The page checked the admin session before it asked (`session.ts#sellerOnPage`).
    overrideAccess: true,
  })
  const orders = (found.docs as Pick<Order, 'id' | keyof typeof PREP_ORDER_SELECT>[]).map((order) => ({ ...prepStop(order), time: order.windowLabel || null, delivery: false }))
  return { orders, total: found.totalDocs }
}

/** Whether the daily screen's nav shows Run: Delivery day is on (Shop → Pickup & delivery). */
export async function deliveryRunsOn(payload: Payload): Promise<boolean> {
  const fulfilment = await payload.findGlobal({ slug: 'fulfilment', select: { deliveryDay: true }, depth: 0 })
  return deliveryDaySettingsFrom(fulfilment.deliveryDay).enabled
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
