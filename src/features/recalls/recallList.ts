import 'server-only'

// The query builder only (drizzle-orm): the SQLite adapter itself is loaded only where it is used.
import { and, asc, desc, inArray, sql, type SQL } from '@payloadcms/db-sqlite/drizzle'
import type { Payload, PayloadRequest, Where } from 'payload'

import { groupContacts } from '@/features/admin/customers'
import { DELIVERY_METHODS, ORDER_SOURCES, ORDER_STATUSES } from '@/features/ordering/options'
import { deliveryAddress, labelOf, orderedFlavors, packingList } from '@/features/ordering/orderDetails'
import type { Order } from '@/payload-types'
import { aggregate, isoDate, type sqliteSession } from '@/platform/db/aggregate'
import { minutesBetween } from '@/features/ordering/handoverRecord'
import { businessDateTime, shortDayLabel } from '@/shared/time'

import { lotTitle } from './lots'
import { RECALL_ROWS_PER_PAGE, type RecallRequest, type RecallScope, type RecallSort } from './rules'

/**
 * The recall list: every order that took jars from what is recalled (a batch, one flavor of a
 * batch, the batches made between two days, or the batches that used a supplier's lot), whatever
 * its status but cancelled: new, confirmed, ready and completed, placed online, entered by hand or
 * made by a refill plan. Each row is read from the order itself (its name, e-mail, phone and
 * address as given), so an order whose customer record or refill plan is gone is still listed.
 *
 * The database finds the orders over the orders' batch index, counts and sums the totals, sorts
 * and pages the list (collections/Orders: `batch` is indexed); the batches themselves are few and
 * read through Payload first. The callers checked the admin session: a custom view or endpoint is
 * outside Payload's access checks.
 */

const CANCELLED: Order['status'] = 'cancelled'
const COMPLETED: Order['status'] = 'completed'
/** The statuses in the order an order goes through them, for sorting by status. */
const LIFECYCLE: Order['status'][] = ['new', 'confirmed', 'ready', 'completed']

/** What a recall covers, found: its batches (none when a lot was used by none yet) and, for one flavor, which. */
export type RecallTarget = {
  scope: RecallScope
  /** 'Batch B-1205', 'Peach Ginger of batch B-1205', 'Batches made Dec 1 – Dec 5, 2026', 'Sea moss — Ocean Harvest lot 2291'. */
  label: string
  batches: { id: number | string; code: string }[]
  flavor?: { value: string; name: string }
}

export type RecallTotals = {
  orders: number
  /** People to reach, as the Customers view counts them: orders with the same e-mail or the same phone are one customer. */
  customers: number
  /** Jars of what is recalled (for one flavor, that flavor's). */
  jars: number
  /** Every jar of those orders. */
  jarsInAll: number
  /** Recalled jars of the orders not completed yet: still with the seller. */
  inFridge: number
}

export type RecallRow = {
  id: number | string
  reference: string
  name: string
  email: string | null
  phone: string
  method: string
  /** The delivery address, or where a pickup is handed over. */
  place: string
  /** Jars of what is recalled, and in all. */
  recalledJars: number
  allJars: number
  /** '2 × Mixed Berry, 1 × Peach Ginger'. */
  jars: string
  status: string
  state: Order['status']
  /**
   * When it was handed over (the delivery day's record, or else when it was completed), or the
   * time booked for it, or that none is.
   */
  handedOver: { kind: 'handed'; at: string } | { kind: 'booked'; at: string; label: string } | { kind: 'unbooked' }
  /** When its jars left the fridge for the delivery run (Leaving), if recorded: how long they were out. */
  leftFridgeAt: string | null
  /** The last time nobody was home to take it (its jars went back), if recorded. */
  notHomeAt: string | null
  batch: string
  source: string
}

export type RecallPage = { target: RecallTarget; totals: RecallTotals; rows: RecallRow[]; page: number; pages: number }

/** The order fields a row reads: the query reads only these. */
const ROW_FIELDS = [
  'reference',
  'fullName',
  'email',
  'phone',
  'deliveryMethod',
  'address',
  'city',
  'zip',
  'windowLabel',
  'windowStartsAt',
  'windowPlace',
  'status',
  'completedAt',
  'leftFridgeAt',
  'handedOverAt',
  'notHomeAt',
  'quantity',
  'flavors',
  'flavorNames',
  'source',
  'batch',
  'createdAt',
] as const
type RowOrder = Pick<Order, 'id' | (typeof ROW_FIELDS)[number]> & { recalledJars: number }

type BatchFound = { id: number | string; code?: string | null }

async function batchesWhere(payload: Payload, where: Where, req?: Partial<PayloadRequest>): Promise<BatchFound[]> {
  const { docs } = await payload.find({ collection: 'batches', where, select: { code: true }, sort: 'madeOn', pagination: false, depth: 0, overrideAccess: true, req })
  return docs
}

const codesOf = (batches: readonly BatchFound[]) => batches.map((batch) => ({ id: batch.id, code: batch.code ?? '' }))

/** The batches (and flavor) a scope names, or why there are none to look at. */
export async function findRecallTarget(payload: Payload, scope: RecallScope, req?: Partial<PayloadRequest>): Promise<{ target: RecallTarget } | { problem: string }> {
  switch (scope.kind) {
    case 'batch':
    case 'flavor': {
      const [batch] = await batchesWhere(payload, { id: { equals: scope.batch } }, req)
      if (!batch) return { problem: 'No batch has that number any more: choose it from the list.' }
      if (scope.kind === 'batch') return { target: { scope, label: `Batch ${batch.code}`, batches: codesOf([batch]) } }
      const { docs } = await payload.find({ collection: 'flavors', where: { value: { equals: scope.flavor } }, select: { name: true, value: true }, limit: 1, depth: 0, overrideAccess: true, req })
      const name = docs[0]?.name
      if (!name) return { problem: 'No flavor has that name any more: choose it from the list.' }
      return { target: { scope, label: `${name} of batch ${batch.code}`, batches: codesOf([batch]), flavor: { value: scope.flavor, name } } }
    }
    case 'made': {
      const batches = await batchesWhere(payload, { and: [{ madeOn: { greater_than_equal: `${scope.from}T00:00:00.000Z` } }, { madeOn: { less_than_equal: `${scope.to}T23:59:59.999Z` } }] }, req)
      const days = scope.from === scope.to ? shortDayLabel(scope.from) : `${shortDayLabel(scope.from)} – ${shortDayLabel(scope.to)}`
      return { target: { scope, label: `Batches made ${days}`, batches: codesOf(batches) } }
    }
    case 'lot': {
      const { docs } = await payload.find({ collection: 'supplier-lots', where: { id: { equals: scope.lot } }, limit: 1, depth: 0, overrideAccess: true, req })
      const lot = docs[0]
      if (!lot) return { problem: 'No supplier lot has that number any more: choose it from the list.' }
      const batches = await batchesWhere(payload, { supplierLots: { in: [lot.id] } }, req)
      return { target: { scope, label: lot.title || lotTitle(lot), batches: codesOf(batches) } }
    }
  }
}

const NO_TOTALS: RecallTotals = { orders: 0, customers: 0, jars: 0, jarsInAll: 0, inFridge: 0 }

/** The e-mail and phone keys a recalled order's customer is known by (collections/Orders), each pair once. */
type Contact = { customerEmail: string | null; customerPhone: string | null; firstOrderId: string }

/**
 * The totals of a recall, counted by the database. Customers are counted as the Customers view
 * joins orders (`groupContacts`: the same e-mail or the same phone is one customer), over the
 * distinct e-mail and phone pairs the database gives, a few per customer.
 */
export async function recallTotals(payload: Payload, target: RecallTarget): Promise<RecallTotals> {
  if (target.batches.length === 0) return NO_TOTALS
  type Sums = Omit<RecallTotals, 'customers'>
  const sums = (row: Partial<Record<keyof Sums, unknown>> | undefined): Sums => ({
    orders: Number(row?.orders ?? 0),
    jars: Number(row?.jars ?? 0),
    jarsInAll: Number(row?.jarsInAll ?? 0),
    inFridge: Number(row?.inFridge ?? 0),
  })
  const { totals, contacts } = await aggregate(payload, {
    async sql({ drizzle, tables }) {
      const orders = tables.orders
      const recalled = recalledJarsSql(orders, target)
      const where = recalledWhereSql(orders, target, recalled)
      const [row] = await drizzle
        .select({
          orders: sql<number>`count(*)`,
          jars: sql<number>`coalesce(sum(${recalled}), 0)`,
          jarsInAll: sql<number>`coalesce(sum(${orders.quantity}), 0)`,
          inFridge: sql<number>`coalesce(sum(CASE WHEN ${orders.status} <> ${COMPLETED} THEN ${recalled} ELSE 0 END), 0)`,
        })
        .from(orders)
        .where(where)
      // An order with neither key is a customer of its own: grouped by its id.
      const keyless = sql`CASE WHEN ${orders.customerEmail} IS NULL AND ${orders.customerPhone} IS NULL THEN ${orders.id} END`
      const pairs = await drizzle
        .select({ customerEmail: orders.customerEmail, customerPhone: orders.customerPhone, firstOrderId: sql<number>`min(${orders.id})` })
        .from(orders)
        .where(where)
        .groupBy(orders.customerEmail, orders.customerPhone, keyless)
      return { totals: sums(row), contacts: pairs.map((pair) => ({ ...pair, firstOrderId: String(pair.firstOrderId) }) as Contact) }
    },
    async mongo({ collections, session }) {
      const recalledOrders = recalledPipeline(collections.orders.base.Types.ObjectId, target)
      const [row] = await collections.orders
        .aggregate<Sums>([
          ...recalledOrders,
          {
            $group: {
              _id: null,
              orders: { $sum: 1 },
              jars: { $sum: '$recalledJars' },
              jarsInAll: { $sum: { $ifNull: ['$quantity', 0] } },
              inFridge: { $sum: { $cond: [{ $ne: ['$status', COMPLETED] }, '$recalledJars', 0] } },
            },
          },
        ])
        .session(session ?? null)
      const keyless = { $cond: [{ $and: [{ $eq: [{ $ifNull: ['$customerEmail', null] }, null] }, { $eq: [{ $ifNull: ['$customerPhone', null] }, null] }] }, '$_id', null] }
      const pairs = await collections.orders
        .aggregate<{ _id: { customerEmail?: string | null; customerPhone?: string | null }; firstOrderId: unknown }>([
          ...recalledOrders,
          { $group: { _id: { customerEmail: '$customerEmail', customerPhone: '$customerPhone', keyless }, firstOrderId: { $min: '$_id' } } },
        ])
        .session(session ?? null)
      return {
        totals: sums(row),
        contacts: pairs.map(({ _id, firstOrderId }) => ({ customerEmail: _id.customerEmail ?? null, customerPhone: _id.customerPhone ?? null, firstOrderId: String(firstOrderId) })),
      }
    },
  })
  return { ...totals, customers: groupContacts(contacts).length }
}

/**
 * The rows of a recall in the seller's sort: one page of them (`page`, from 1), or all (the CSV,
 * and a recall being recorded, in its transaction: `req`).
 */
export async function recallRows(payload: Payload, target: RecallTarget, sort: RecallSort, page?: number, req?: Pick<PayloadRequest, 'transactionID'>): Promise<RecallRow[]> {
  if (target.batches.length === 0) return []
  const limit = page ? { limit: RECALL_ROWS_PER_PAGE, offset: (page - 1) * RECALL_ROWS_PER_PAGE } : undefined
  const codes = new Map(target.batches.map((batch) => [String(batch.id), batch.code]))
  const orders = await aggregate(payload, {
    async sql({ drizzle, tables }) {
      const orders = tables.orders
      const recalled = recalledJarsSql(orders, target)
      const columns = { id: orders.id, ...Object.fromEntries(ROW_FIELDS.map((field) => [field, orders[field]])), recalledJars: recalled }
      const names = Object.keys(columns)
      const direction = sort.descending ? desc : asc
      const sortKey: Record<RecallSort['column'], SQL> = {
        name: sql`${orders.fullName} COLLATE NOCASE`,
        order: sql`${orders.createdAt}`,
        status: sql`CASE ${orders.status} ${sql.join(LIFECYCLE.map((status, index) => sql`WHEN ${status} THEN ${index}`), sql` `)} END`,
        jars: sql`${recalled}`,
        handedOver: sql`coalesce(${orders.handedOverAt}, ${orders.completedAt}, ${orders.windowStartsAt})`,
      }
      const query = drizzle
        .select(columns)
        .from(orders)
        .where(recalledWhereSql(orders, target, recalled))
        .orderBy(direction(sortKey[sort.column]), direction(orders.id))
      // Each row as its values in the order selected, made into an order here (as the prep sheet
      // does): drizzle's mapping of every value of every row took as long as the query.
      const rows: unknown[][] = await (limit ? query.limit(limit.limit).offset(limit.offset) : query).values()
      return rows.map((row) => Object.fromEntries(names.map((name, index) => [name, row[index]])) as RowOrder)
    },
    async mongo({ collections, session }) {
      const sortField: Record<RecallSort['column'], string> = { name: 'sortName', order: 'createdAt', status: 'sortStatus', jars: 'recalledJars', handedOver: 'sortHandedOver' }
      const way = sort.descending ? -1 : 1
      type Dates = 'windowStartsAt' | 'completedAt' | 'leftFridgeAt' | 'handedOverAt' | 'notHomeAt'
      type Stored = Omit<RowOrder, 'id' | 'batch' | Dates | 'createdAt'> & { _id: unknown; batch?: unknown; createdAt: Date } & Partial<Record<Dates, Date | null>>
      const stored = await collections.orders
        .aggregate<Stored>([
          ...recalledPipeline(collections.orders.base.Types.ObjectId, target),
          {
            $addFields: {
              sortName: { $toLower: '$fullName' },
              sortStatus: { $indexOfArray: [LIFECYCLE, '$status'] },
              // Nested rather than three arguments: MongoDB before 5.0 takes two.
              sortHandedOver: { $ifNull: ['$handedOverAt', { $ifNull: ['$completedAt', '$windowStartsAt'] }] },
            },
          },
          { $sort: { [sortField[sort.column]]: way, _id: way } },
          ...(limit ? [{ $skip: limit.offset }, { $limit: limit.limit }] : []),
          { $project: Object.fromEntries([...ROW_FIELDS, 'recalledJars'].map((field) => [field, 1])) },
        ])
        .session(session ?? null)
      // As Payload reads them: ids as text, dates as ISO text.
      const iso = (date: Date | null | undefined) => (date ? isoDate(date) : null)
      return stored.map(({ _id, batch, windowStartsAt, completedAt, leftFridgeAt, handedOverAt, notHomeAt, createdAt, ...order }) => ({
        ...order,
        id: String(_id),
        batch: batch == null ? null : String(batch),
        windowStartsAt: iso(windowStartsAt),
        completedAt: iso(completedAt),
        leftFridgeAt: iso(leftFridgeAt),
        handedOverAt: iso(handedOverAt),
        notHomeAt: iso(notHomeAt),
        createdAt: isoDate(createdAt),
      })) as unknown as RowOrder[]
    },
  }, req)
  return orders.map((order) => recallRow(order, codes))
}

/** One order as the recall lists it. */
function recallRow(order: RowOrder, batchCodes: ReadonlyMap<string, string>): RecallRow {
  const pickup = order.deliveryMethod === 'pickup'
  return {
    id: order.id,
    reference: order.reference ?? '',
    name: order.fullName,
    email: order.email || null,
    phone: order.phone,
    method: labelOf(DELIVERY_METHODS, order.deliveryMethod),
    place: pickup ? order.windowPlace || 'Pickup, place arranged by text' : deliveryAddress(order),
    recalledJars: Number(order.recalledJars),
    allJars: order.quantity,
    jars: packingList(orderedFlavors(order)),
    status: labelOf(ORDER_STATUSES, order.status),
    state: order.status,
    handedOver: order.handedOverAt
      ? { kind: 'handed', at: order.handedOverAt }
      : order.status === COMPLETED && order.completedAt
        ? { kind: 'handed', at: order.completedAt }
        : order.windowStartsAt
          ? { kind: 'booked', at: order.windowStartsAt, label: order.windowLabel ?? '' }
          : { kind: 'unbooked' },
    leftFridgeAt: order.leftFridgeAt || null,
    notHomeAt: order.notHomeAt || null,
    batch: order.batch == null ? '' : (batchCodes.get(String(order.batch)) ?? ''),
    source: labelOf(ORDER_SOURCES, order.source),
  }
}

/**
 * The delivery day's record of a row, under its handover on the screens: when its jars left the
 * fridge (and how long they were out until handed over), when nobody was home.
 */
export function recallHandoverLines(row: Pick<RecallRow, 'handedOver' | 'leftFridgeAt' | 'notHomeAt'>): string[] {
  const lines: string[] = []
  if (row.leftFridgeAt) {
    const out = row.handedOver.kind === 'handed' ? ` (${minutesBetween(row.leftFridgeAt, row.handedOver.at)} out)` : ''
    lines.push(`Out of the fridge ${businessDateTime(row.leftFridgeAt)}${out}`)
  }
  if (row.notHomeAt && row.handedOver.kind !== 'handed') lines.push(`Not home ${businessDateTime(row.notHomeAt)}`)
  return lines
}

/** What the recall form offers (the admin's screen and the phone's): every batch (newest first), flavor and supplier lot. */
export async function recallChoices(payload: Payload, req?: Partial<PayloadRequest>) {
  const read = { pagination: false, depth: 0, overrideAccess: true, req } as const
  const [batches, flavors, lots] = await Promise.all([
    payload.find({ collection: 'batches', select: { code: true, madeOn: true }, sort: '-madeOn', ...read }),
    payload.find({ collection: 'flavors', select: { name: true, value: true }, sort: '_order', ...read }),
    payload.find({ collection: 'supplier-lots', select: { title: true, receivedOn: true }, sort: '-receivedOn', ...read }),
  ])
  return { batches: batches.docs, flavors: flavors.docs, lots: lots.docs }
}

/** A recall's totals and one page of its rows, or why it cannot be shown. */
export async function findRecall(payload: Payload, request: RecallRequest, req?: Partial<PayloadRequest>): Promise<RecallPage | { problem: string } | undefined> {
  if (!request.scope) return undefined
  const found = await findRecallTarget(payload, request.scope, req)
  if ('problem' in found) return found
  const totals = await recallTotals(payload, found.target)
  const pages = Math.max(1, Math.ceil(totals.orders / RECALL_ROWS_PER_PAGE))
  const page = Math.min(request.page, pages)
  return { target: found.target, totals, rows: await recallRows(payload, found.target, request.sort, page), page, pages }
}

// ---- SQLite ----

type OrdersTable = Awaited<ReturnType<typeof sqliteSession>>['tables'][string]

/**
 * The jars of the recalled flavor in an order's `flavors` text, counted by the database as
 * `jarKeys` reads the text: one key for a single jar, 'Jar 1: mixed-berry, Jar 2: peach-ginger'
 * for more. Flavor keys hold no comma (`FLAVOR_VALUE_PATTERN`), so written as 'Jar N: key, ' every
 * entry ends in ', ' and ': key, ' finds exactly that key's jars. Without a flavor: every jar.
 */
function recalledJarsSql(orders: OrdersTable, target: RecallTarget): SQL {
  if (!target.flavor) return sql`${orders.quantity}`
  const entries = sql`(CASE WHEN ${orders.flavors} GLOB 'Jar [0-9]*: *' THEN ${orders.flavors} ELSE 'Jar 1: ' || ${orders.flavors} END || ', ')`
  const needle = `: ${target.flavor.value}, `
  return sql`((length(${entries}) - length(replace(${entries}, ${needle}, ''))) / ${needle.length})`
}

function recalledWhereSql(orders: OrdersTable, target: RecallTarget, recalled: SQL): SQL | undefined {
  return and(inArray(orders.batch, target.batches.map((batch) => batch.id)), sql`${orders.status} <> ${CANCELLED}`, target.flavor ? sql`${recalled} > 0` : undefined)
}

// ---- MongoDB ----

type ObjectIdType = new (id: string) => unknown

/** The recalled orders with their recalled jars (`recalledJars`), as the SQL above counts them. */
function recalledPipeline(ObjectId: ObjectIdType, target: RecallTarget) {
  const batchIds = target.batches.map((batch) => new ObjectId(String(batch.id)))
  const numbered = /^Jar \d+: /
  const keys = {
    $map: {
      input: { $cond: [{ $regexMatch: { input: '$flavors', regex: numbered } }, { $split: ['$flavors', ', '] }, ['$flavors']] },
      as: 'entry',
      in: { $trim: { input: { $cond: [{ $regexMatch: { input: '$$entry', regex: numbered } }, { $substrCP: ['$$entry', { $add: [{ $indexOfCP: ['$$entry', ': '] }, 2] }, { $strLenCP: '$$entry' }] }, '$$entry'] } } },
    },
  }
  const recalledJars = target.flavor ? { $size: { $filter: { input: keys, as: 'key', cond: { $eq: ['$$key', target.flavor.value] } } } } : { $ifNull: ['$quantity', 0] }
  return [
    { $match: { batch: { $in: batchIds }, status: { $ne: CANCELLED } } },
    { $addFields: { recalledJars } },
    ...(target.flavor ? [{ $match: { recalledJars: { $gt: 0 } } }] : []),
  ]
}
