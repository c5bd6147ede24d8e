import 'server-only'

// The query builder only (drizzle-orm): the SQLite adapter itself is loaded only where it is used.
import { and, eq, inArray, isNull, sql } from '@payloadcms/db-sqlite/drizzle'
import type { Endpoint, Payload, PayloadRequest } from 'payload'

import { PREP_SHEET_CSV_PATH } from '@/features/admin/adminViews'
import { csvText } from '@/features/admin/csv'
import { mapHref } from '@/features/ordering/mapLink'
import { DELIVERY_METHODS, ORDER_SOURCES, ORDER_STATUSES } from '@/features/ordering/options'
import { deliveryAddress, flavorCounts, labelOf, orderedFlavors, packingList } from '@/features/ordering/orderDetails'
import { owedAmount } from '@/features/ordering/owing'
import type { Order } from '@/payload-types'
import { aggregate, isoDate } from '@/platform/db/aggregate'
import { relationId } from '@/shared/relation'
import { addDays, businessDay, isDayKey, startOfDay, zonedInstant } from '@/shared/time'

/**
 * The prep and route sheet of one business day (America/Detroit): the jars to make per flavor, the
 * pickups and the deliveries in window order, and what each customer still owes.
 *
 * Which orders are on a day's sheet:
 * - orders whose booked window starts that day, whatever their status except cancelled;
 * - orders with no booked window (the time is arranged by text) that are confirmed or ready: they
 *   are on every day's sheet until they are completed or cancelled. With no windows defined at all,
 *   that is the whole sheet: every confirmed or ready order.
 *
 * `prepSheetFrom` is pure (the tests feed it orders); `findPrepSheet` reads the day's orders with one
 * query (`sheetOrders`) and hands them over.
 */

/** The order fields the sheet reads: the query reads only these (and the id). */
export const PREP_ORDER_SELECT = {
  reference: true,
  status: true,
  fullName: true,
  phone: true,
  quantity: true,
  flavors: true,
  flavorNames: true,
  deliveryMethod: true,
  windowLabel: true,
  windowStartsAt: true,
  windowPlace: true,
  address: true,
  city: true,
  zip: true,
  notes: true,
  totalPrice: true,
  paymentStatus: true,
  extraDue: true,
  batch: true,
  source: true,
  heldByRecall: true,
} as const

export type PrepOrder = Pick<Order, 'id' | keyof typeof PREP_ORDER_SELECT>

/** Statuses of an order with no booked time that is still to be made and handed over. */
const OPEN_WITHOUT_WINDOW: Order['status'][] = ['confirmed', 'ready']
const CANCELLED: Order['status'] = 'cancelled'

/** The mark of an order a recall holds, on the prep sheet, its CSV and the daily screen. */
export const HELD_MARK = 'HELD — recall'

/** One pickup or delivery on the sheet. */
export type PrepStop = {
  id: number
  reference: string
  status: string
  /** The stored status, for what can be done next (the daily screen's buttons). */
  state: Order['status']
  fullName: string
  phone: string
  /** The booked window as the customer read it, or null when the time is arranged by text. */
  window: string | null
  /** The window without its day, which is the sheet's: '4:00 PM–6:00 PM · Eastern Market'. */
  time: string | null
  /** Where a booked pickup is handed over ('Eastern Market'), or null. */
  place: string | null
  quantity: number
  /** '2 × Mixed Berry, 1 × Peach Ginger'. */
  jars: string
  /** '12 Elm St, Detroit 48201'. */
  address: string
  mapHref: string
  notes: string
  total: number
  paid: boolean
  /** What to collect at the door: the total; for a paid order, what a change to more added (`extraDue`), else 0. */
  toCollect: number
  /** The code of the batch its jars come from ('B-1205'), or null. */
  batch: string | null
  /** Made by a refill plan: the same customer comes back every few weeks. */
  refill: boolean
  /** Held by a recall: listed, marked, never handed over nor counted in what to make, hand over or collect. */
  held: boolean
}

export type PrepSheet = {
  /** The business day, '2026-12-05'. */
  day: string
  /** 'Saturday, December 5, 2026'. */
  dayLabel: string
  /** Each flavor with its jars, most jars first. */
  make: { flavor: string; jars: number }[]
  jars: number
  pickups: PrepStop[]
  deliveries: PrepStop[]
  /** Everything still to collect on this sheet. */
  toCollect: number
}

// Made once: making a DateTimeFormat or a Collator costs far more than using one.
const dayLabelFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
/** Text compared with its digits as numbers: SM-999 before SM-1000. */
const byNumber = new Intl.Collator('en', { numeric: true })

/** A day key as people read it: 'Saturday, December 5, 2026'. */
export const dayLabel = (day: string) => dayLabelFormat.format(new Date(`${day}T12:00:00Z`))

/** The instants a business day runs between: from its midnight to the next, in Detroit. */
function dayBounds(day: string): { from: string; to: string } {
  return { from: zonedInstant(day, '00:00').toISOString(), to: zonedInstant(addDays(day, 1), '00:00').toISOString() }
}

type SheetRuleFields = Pick<PrepOrder, 'status' | 'windowStartsAt'>

/** Whether an order belongs on this day's sheet (see the rules at the top). */
export const isOnSheet = (order: SheetRuleFields, day: string): boolean => onSheetOf(day)(order)

/** `isOnSheet` for one day, its bounds worked out once for every order it is asked about (the query's bounds). */
function onSheetOf(day: string): (order: SheetRuleFields) => boolean {
  const { from, to } = dayBounds(day)
  const [dayStarts, nextDayStarts] = [Date.parse(from), Date.parse(to)]
  return (order) => {
    if (order.status === CANCELLED) return false
    if (!order.windowStartsAt) return OPEN_WITHOUT_WINDOW.includes(order.status)
    const startsAt = Date.parse(order.windowStartsAt)
    return startsAt >= dayStarts && startsAt < nextDayStarts
  }
}

/** A held order is not handed over, so nothing is collected for it (it is settled with the customer by hand). */
const owed = (order: PrepOrder) => (isHeld(order) ? 0 : owedAmount(order))
const isHeld = (order: Pick<PrepOrder, 'heldByRecall'>) => order.heldByRecall != null

/** 'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market' → '10:00 AM–2:00 PM · Eastern Market' (see `windowLabel`). */
function withoutDay(label: string): string {
  return label.split(' · ').slice(1).join(' · ') || label
}

/** One order as the sheet lists it (the daily screen's cards too); `batchCodes`: its batch's code by id. */
export function prepStop(order: PrepOrder, batchCodes: ReadonlyMap<string, string> = new Map()): PrepStop {
  const batchId = relationId(order.batch)
  return {
    id: order.id,
    reference: order.reference ?? '',
    status: labelOf(ORDER_STATUSES, order.status),
    state: order.status,
    fullName: order.fullName,
    phone: order.phone,
    window: order.windowLabel || null,
    time: order.windowLabel ? withoutDay(order.windowLabel) : null,
    place: order.windowPlace || null,
    quantity: order.quantity,
    jars: packingList(orderedFlavors(order)),
    address: deliveryAddress(order),
    mapHref: mapHref(order),
    notes: order.notes ?? '',
    total: order.totalPrice,
    paid: order.paymentStatus === 'paid',
    toCollect: owed(order),
    batch: batchId == null ? null : (batchCodes.get(String(batchId)) ?? null),
    refill: order.source === 'refill-plan',
    held: isHeld(order),
  }
}

/** Booked windows in time order, then the orders arranged by text; ties by order number (then id: whatever order the database read them in). */
function inRouteOrder(a: PrepOrder, b: PrepOrder): number {
  if (a.windowStartsAt !== b.windowStartsAt) {
    if (!a.windowStartsAt) return 1
    if (!b.windowStartsAt) return -1
    return a.windowStartsAt.localeCompare(b.windowStartsAt)
  }
  return byNumber.compare(a.reference ?? '', b.reference ?? '') || byNumber.compare(String(a.id), String(b.id))
}

/**
 * The sheet of `day` from any set of orders: those not on that day's sheet are left out.
 * `batchCodes`: the codes of the orders' batches, by batch id.
 */
export function prepSheetFrom(orders: readonly PrepOrder[], day: string, batchCodes: ReadonlyMap<string, string> = new Map()): PrepSheet {
  const stopOf = (order: PrepOrder) => prepStop(order, batchCodes)
  const onSheet = orders.filter(onSheetOf(day)).sort(inRouteOrder)
  const make = new Map<string, number>()
  const toHandOver = onSheet.filter((order) => !isHeld(order))
  for (const order of toHandOver) {
    for (const { flavor, jars } of flavorCounts(orderedFlavors(order))) make.set(flavor, (make.get(flavor) ?? 0) + jars)
  }
  return {
    day,
    dayLabel: dayLabel(day),
    make: [...make].map(([flavor, jars]) => ({ flavor, jars })).sort((a, b) => b.jars - a.jars || a.flavor.localeCompare(b.flavor)),
    jars: toHandOver.reduce((sum, order) => sum + order.quantity, 0),
    pickups: onSheet.filter((order) => order.deliveryMethod === 'pickup').map(stopOf),
    deliveries: onSheet.filter((order) => order.deliveryMethod === 'delivery').map(stopOf),
    toCollect: onSheet.reduce((sum, order) => sum + owed(order), 0),
  }
}

/** The day's sheet, from one query of the orders on it and their batches' codes. */
export async function findPrepSheet(payload: Payload, day: string): Promise<PrepSheet> {
  const { orders, batchCodes } = await sheetOrders(payload, day)
  return prepSheetFrom(orders, day, batchCodes)
}

/**
 * The orders `isOnSheet` keeps for `day`, each as Payload reads it with `PREP_ORDER_SELECT`, and the
 * codes of their batches by batch id. Read by the database rather than through Payload: turning
 * each row into a document (every field's read hooks) cost more than all the rest of the sheet,
 * and every day's sheet holds every open order arranged by text. Found over the orders' (window
 * start, status) index (collections/Orders). The callers checked the admin session: a custom view
 * or route is outside Payload's access checks.
 */
function sheetOrders(payload: Payload, day: string): Promise<{ orders: PrepOrder[]; batchCodes: Map<string, string> }> {
  const { from, to } = dayBounds(day)
  const fields = Object.keys(PREP_ORDER_SELECT) as (keyof typeof PREP_ORDER_SELECT)[]
  return aggregate(payload, {
    async sql({ drizzle, tables }) {
      const orders = tables.orders
      const batches = tables.batches
      const booked = sql`${orders.windowStartsAt} >= ${from} AND ${orders.windowStartsAt} < ${to} AND ${orders.status} <> ${CANCELLED}`
      const byText = and(isNull(orders.windowStartsAt), inArray(orders.status, OPEN_WITHOUT_WINDOW))
      const columns = { id: orders.id, ...Object.fromEntries(fields.map((field) => [field, orders[field]])) }
      const names = Object.keys(columns)
      // Each row as its values in the order selected, the batch's code last, made into an order
      // here: drizzle's mapping of every value of every row (`.all()`) took as long as the query.
      const rows: unknown[][] = await drizzle
        .select({ ...columns, batchCode: batches.code })
        .from(orders)
        .leftJoin(batches, eq(orders.batch, batches.id))
        .where(sql`(${booked}) OR (${byText})`)
        .values()
      const batchCodes = new Map<string, string>()
      const found = rows.map((row) => {
        const order = Object.fromEntries(names.map((name, index) => [name, row[index]])) as PrepOrder
        if (order.batch != null) batchCodes.set(String(order.batch), (row[names.length] as string | null) ?? '')
        return order
      })
      return { orders: found, batchCodes }
    },
    async mongo({ collections }) {
      type StoredOrder = Omit<PrepOrder, 'id' | 'windowStartsAt' | 'batch'> & { _id: unknown; windowStartsAt?: Date | null; batch?: unknown }
      const stored = await collections.orders
        .find(
          {
            $or: [
              { windowStartsAt: { $gte: new Date(from), $lt: new Date(to) }, status: { $ne: CANCELLED } },
              // `null` also finds the orders that never had the field.
              { windowStartsAt: null, status: { $in: OPEN_WITHOUT_WINDOW } },
            ],
          },
          Object.fromEntries(fields.map((field) => [field, 1])),
        )
        .lean<StoredOrder[]>()
      const batchIds = [...new Set(stored.flatMap(({ batch }) => (batch == null ? [] : [batch])))]
      const batches = batchIds.length ? await collections.batches.find({ _id: { $in: batchIds } }, { code: 1 }).lean<{ _id: unknown; code?: string | null }[]>() : []
      // As Payload reads them: ids as text, dates as ISO text.
      const orders = stored.map(({ _id, windowStartsAt, batch, ...order }) => ({
        ...order,
        id: String(_id),
        windowStartsAt: windowStartsAt ? isoDate(windowStartsAt) : null,
        batch: batch == null ? null : String(batch),
      }))
      return { orders: orders as unknown as PrepOrder[], batchCodes: new Map(batches.map((batch) => [String(batch._id), batch.code ?? ''])) }
    },
  })
}

/**
 * The day a seller opening the sheet most likely wants: the first day from today on with an order
 * booked in a window, or today when there is none.
 */
export async function defaultPrepDay(payload: Payload, now = new Date(), req?: Partial<PayloadRequest>): Promise<string> {
  const { docs } = await payload.find({
    collection: 'orders',
    where: { and: [{ windowStartsAt: { greater_than_equal: startOfDay(now).toISOString() } }, { status: { not_equals: 'cancelled' } }] },
    select: { windowStartsAt: true },
    sort: 'windowStartsAt',
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const first = docs[0]?.windowStartsAt
  return businessDay(first ? new Date(first) : now).key
}

/** The sheet as one CSV table: a 'Make' row per flavor, then the pickups and the deliveries. */
export function prepSheetCsv(sheet: PrepSheet): string {
  const header = ['Section', 'Time', 'Order', 'Name', 'Phone', 'Jars', 'Flavors', 'Batch', 'Address', 'Map', 'Notes', 'To collect ($)', 'Status', 'Came in by', 'Held']
  const made = sheet.make.map(({ flavor, jars }) => ['Make', '', '', '', '', jars, flavor, '', '', '', '', '', '', '', ''])
  const stops = (method: PrepOrder['deliveryMethod'], list: PrepStop[]) =>
    list.map((entry) => {
      const delivery = method === 'delivery'
      return [
        labelOf(DELIVERY_METHODS, method),
        entry.time ?? 'Arrange by text',
        entry.reference,
        entry.fullName,
        entry.phone,
        entry.quantity,
        entry.jars,
        entry.batch ?? '',
        delivery ? entry.address : '',
        delivery ? entry.mapHref : '',
        entry.notes,
        entry.toCollect,
        entry.status,
        entry.refill ? labelOf(ORDER_SOURCES, 'refill-plan') : '',
        entry.held ? HELD_MARK : '',
      ]
    })
  return csvText(header, [...made, ...stops('pickup', sheet.pickups), ...stops('delivery', sheet.deliveries)])
}

/**
 * The CSV download, an endpoint of the orders collection (`GET /api/orders/prep.csv?day=2026-12-05`):
 * Payload signs the request in (its session cookie or `Authorization: JWT …`); 401 without an
 * admin session, 403 for an account of another collection; the day defaults as on the page.
 */
export const prepSheetCsvEndpoint: Endpoint = {
  path: PREP_SHEET_CSV_PATH,
  method: 'get',
  handler: (req) => prepSheetDownload(req),
}

export async function prepSheetDownload(req: PayloadRequest, now = new Date()): Promise<Response> {
  const { user, payload } = req
  if (user?.collection !== 'users') {
    const status = user ? 403 : 401
    return new Response(status === 401 ? 'Log in to the admin first.' : 'Only the seller’s admins may download the prep sheet.', {
      status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    })
  }
  const asked = req.searchParams.get('day')
  const day = isDayKey(asked) ? asked : await defaultPrepDay(payload, now)
  return new Response(prepSheetCsv(await findPrepSheet(payload, day)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="prep-sheet-${day}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  })
}
