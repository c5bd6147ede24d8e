import 'server-only'

import type { Payload, PayloadRequest, Where } from 'payload'

import { PREP_ORDER_SELECT, prepStop, type PrepStop } from '@/features/admin/prepSheet'
import { flavorCounts, orderedFlavors } from '@/features/ordering/orderDetails'
import type { DeliveryRun, Order } from '@/payload-types'
import { addDays, businessDay, zonedInstant } from '@/shared/time'

import { estimateRun, type RunPace } from './route/estimate'
import { orderStops } from './route/orderStops'
import type { Position } from './route/positions'
import { zipPosition } from './route/zipPositions'
import { deliveryDaySettingsFrom, type DeliveryDaySettings } from './rules'
import { isTextRun, kitchenZip, minutesOut, runDay, textRunKey } from './runRules'

/**
 * The delivery runs of the seller's phone (the daily screen's Run page): what is on each run, in
 * which order it is driven, how long that takes and how long each stop's jars have been out of the
 * fridge.
 *
 * A run is one day's delivery time (the orders' `windowKey`), or today's deliveries with no booked
 * time (`<day>_text`: they are on every day's sheet until handed over, so on today's only, as the
 * Today screen shows them). Its stops are its delivery orders not cancelled; those a recall holds
 * are listed apart, marked, and never driven. The driving order is the route module's
 * (`route/orderStops.ts`: from the kitchen, the jar labels' address, and back), honouring the order
 * the seller kept (`delivery-runs.stopOrder`); the estimate leaves at Leaving (`leftAt`), or before
 * it at the time's start (now, once that has passed).
 */

/** The order fields a run reads: the Today card's (the prep sheet's), its time's key and end, and its handover record. */
const RUN_ORDER_SELECT = {
  ...PREP_ORDER_SELECT,
  windowKey: true,
  windowEndsAt: true,
  leftFridgeAt: true,
  handedOverAt: true,
  notHomeAt: true,
} as const

type RunOrder = Pick<Order, 'id' | keyof typeof RUN_ORDER_SELECT>

/** Statuses of an order with no booked time that is still to be handed over (the prep sheet's rule). */
const OPEN_WITHOUT_WINDOW: Order['status'][] = ['confirmed', 'ready']

/** One stop as the Run page shows it. */
export type RunStop = PrepStop & {
  /** Its place in the driving order, from 1; null for a held order (not driven). */
  number: number | null
  /** When the car should be there (ISO), or null when its ZIP code gave no position. */
  arrivesAt: string | null
  /** Its ZIP code gave no position: placed last, unless the seller moved it. */
  unknownZip: boolean
  flavors: { flavor: string; jars: number }[]
  /** When its jars left the fridge with this run (Leaving); null before, or for a time of an earlier run. */
  leftFridgeAt: string | null
  handedOverAt: string | null
  notHomeAt: string | null
  /** Minutes its jars have been out of the fridge (until handed over, for one handed over), or null before Leaving. */
  outMinutes: number | null
}

/** A run in the page's picker. */
export type RunChoice = { runKey: string; day: string; today: boolean; label: string; stopCount: number; left: boolean }

/** Two runs the stops could be split in when one is over the limit: the first `firstStops` stops, then the rest. */
export type RunSplit = { firstStops: number; firstMinutes: number; secondMinutes: number; fits: boolean }

export type Run = RunChoice & {
  stops: RunStop[]
  held: RunStop[]
  leftAt: string | null
  estimate: { miles: number; minutes: number; leaveAt: string; backAt: string; from: 'leaving' | 'start' | 'now' }
  /** The estimate is over the out-of-fridge limit (said before Leaving only), with the best split in two. */
  overLimit: { split: RunSplit | null } | null
  /** The seller's out-of-fridge limit, in minutes. */
  limitMinutes: number
  /** The kitchen's ZIP code gave a position: the order and the estimate start and end there. */
  kitchenKnown: boolean
}

export type RunScreen = { settings: DeliveryDaySettings; businessName: string; runs: RunChoice[]; run: Run | null }

/** The runs of today and tomorrow, and the one asked for (or the first still to drive), for the Run page. */
export async function findRunScreen(payload: Payload, askedRunKey: string | null, now = new Date()): Promise<RunScreen> {
  const [fulfilment, site] = await Promise.all([
    payload.findGlobal({ slug: 'fulfilment', select: { deliveryDay: true }, depth: 0 }),
    payload.findGlobal({ slug: 'site-settings', select: { businessName: true, labelPlace: true }, depth: 0 }),
  ])
  const settings = deliveryDaySettingsFrom(fulfilment.deliveryDay)
  if (!settings.enabled) return { settings, businessName: site.businessName, runs: [], run: null }

  const today = businessDay(now).key
  const [orders, records] = await Promise.all([runOrders(payload, today), runRecords(payload, [today, addDays(today, 1)])])
  const byRun = groupByRun(orders, today)
  const runs = [...byRun].map(([runKey, onRun]) => choiceOf(runKey, onRun, today, records.get(runKey)))
  const chosen = runs.find((choice) => choice.runKey === askedRunKey) ?? firstToDrive(runs, byRun, now)
  const run = chosen ? await runOf(chosen, byRun.get(chosen.runKey) ?? [], records.get(chosen.runKey), settings, site.labelPlace, now) : null
  return { settings, businessName: site.businessName, runs, run }
}

/** One run as it stands, for the Run page's posts (Leaving, a reorder): its stops in driving order. */
export async function findRun(payload: Payload, runKey: string, now: Date, req?: Partial<PayloadRequest>): Promise<Run | null> {
  const [fulfilment, site] = await Promise.all([
    payload.findGlobal({ slug: 'fulfilment', select: { deliveryDay: true }, depth: 0, req }),
    payload.findGlobal({ slug: 'site-settings', select: { labelPlace: true }, depth: 0, req }),
  ])
  const today = businessDay(now).key
  const onRun = groupByRun(await runOrders(payload, today, req), today).get(runKey)
  if (!onRun) return null
  const record = (await runRecords(payload, [runDay(runKey)], req)).get(runKey)
  return runOf(choiceOf(runKey, onRun, today, record), onRun, record, deliveryDaySettingsFrom(fulfilment.deliveryDay), site.labelPlace, now)
}

/**
 * Today's and tomorrow's delivery orders not cancelled, and today's with no booked time (still
 * open, or handed over today: they stay on the run, shown handed over), in one query with only the
 * fields a run shows. The page checked the admin session before it asked.
 */
async function runOrders(payload: Payload, today: string, req?: Partial<PayloadRequest>): Promise<RunOrder[]> {
  const from = zonedInstant(today, '00:00').toISOString()
  const to = zonedInstant(addDays(today, 2), '00:00').toISOString()
  const where: Where = {
    and: [
      { deliveryMethod: { equals: 'delivery' } },
      { status: { not_equals: 'cancelled' } },
      {
        or: [
          { and: [{ windowStartsAt: { greater_than_equal: from } }, { windowStartsAt: { less_than: to } }] },
          { and: [{ windowStartsAt: { exists: false } }, { or: [{ status: { in: OPEN_WITHOUT_WINDOW } }, { handedOverAt: { greater_than_equal: from } }] }] },
        ],
      },
    ],
  }
  const { docs } = await payload.find({ collection: 'orders', where, select: RUN_ORDER_SELECT, sort: 'reference', pagination: false, depth: 0, overrideAccess: true, req })
  return docs as RunOrder[]
}

/** What the seller decided about each run of these days: the kept stop order and Leaving. */
async function runRecords(payload: Payload, days: string[], req?: Partial<PayloadRequest>): Promise<Map<string, DeliveryRun>> {
  const { docs } = await payload.find({ collection: 'delivery-runs', where: { day: { in: days } }, pagination: false, depth: 0, overrideAccess: true, req })
  return new Map(docs.map((record) => [record.runKey, record]))
}

/** The orders of each run, runs in time order, today's without a booked time after today's booked ones. */
function groupByRun(orders: readonly RunOrder[], today: string): Map<string, RunOrder[]> {
  const runs = new Map<string, RunOrder[]>()
  const keyOf = (order: RunOrder) => (order.windowStartsAt && order.windowKey ? order.windowKey : textRunKey(today))
  const sorted = [...orders].sort((a, b) => (a.windowStartsAt ?? `${today}~`).localeCompare(b.windowStartsAt ?? `${today}~`))
  for (const order of sorted) runs.set(keyOf(order), [...(runs.get(keyOf(order)) ?? []), order])
  return runs
}

const isHeld = (order: RunOrder) => order.heldByRecall != null

function choiceOf(runKey: string, onRun: readonly RunOrder[], today: string, record: DeliveryRun | undefined): RunChoice {
  const first = onRun[0]
  const label = isTextRun(runKey) ? 'Time arranged by text' : (prepStop(first).time ?? 'Time arranged by text')
  const day = isTextRun(runKey) ? today : businessDay(new Date(first.windowStartsAt!)).key
  return { runKey, day, today: day === today, label, stopCount: onRun.filter((order) => !isHeld(order)).length, left: Boolean(record?.leftAt) }
}

/** The run a seller opening the page most likely wants: today's first not yet over and not left, else the first. */
function firstToDrive(runs: readonly RunChoice[], byRun: ReadonlyMap<string, RunOrder[]>, now: Date): RunChoice | undefined {
  const notOver = (choice: RunChoice) => {
    const ends = byRun.get(choice.runKey)?.[0]?.windowEndsAt
    return !ends || new Date(ends) > now
  }
  return runs.find((choice) => choice.stopCount > 0 && !choice.left && notOver(choice)) ?? runs[0]
}

async function runOf(choice: RunChoice, onRun: readonly RunOrder[], record: DeliveryRun | undefined, settings: DeliveryDaySettings, kitchenPlace: string | null | undefined, now: Date): Promise<Run> {
  const kitchen = await zipPosition(kitchenZip(kitchenPlace))
  const driven = onRun.filter((order) => !isHeld(order))
  const kept = Array.isArray(record?.stopOrder) ? record.stopOrder.filter((id): id is string => typeof id === 'string') : undefined
  const route = await orderStops(
    kitchen,
    driven.map((order) => ({ id: String(order.id), zip: order.zip })),
    kept,
  )
  const leftAt = record?.leftAt ?? null
  const startsAt = onRun[0]?.windowStartsAt ? new Date(onRun[0].windowStartsAt) : null
  const [leaveAt, from] = leftAt ? [new Date(leftAt), 'leaving' as const] : startsAt && startsAt > now ? [startsAt, 'start' as const] : [now, 'now' as const]
  const pace: RunPace = { roadFactor: settings.roadFactor, averageMph: settings.averageMph, minutesPerStop: settings.minutesPerStop }
  const estimate = estimateRun(kitchen, route.stops, pace, leaveAt)
  const byId = new Map(driven.map((order) => [String(order.id), order]))
  const stops = route.stops.map((routed, index) => runStop(byId.get(routed.id)!, leftAt, index + 1, estimate.stops[index]?.arrivesAt ?? null, routed.unknownZip, now))
  // The whole run counts, the drive back included: the jars of a stop not at home ride back in the cooler.
  const over = !leftAt && estimate.minutes > settings.outOfFridgeLimitMinutes
  return {
    ...choice,
    stops,
    held: onRun.filter(isHeld).map((order) => runStop(order, leftAt, null, null, false, now)),
    leftAt,
    estimate: { miles: estimate.miles, minutes: estimate.minutes, leaveAt: leaveAt.toISOString(), backAt: estimate.endsAt.toISOString(), from },
    overLimit: over ? { split: splitInTwo(kitchen, route.stops, pace, settings.outOfFridgeLimitMinutes) } : null,
    limitMinutes: settings.outOfFridgeLimitMinutes,
    kitchenKnown: kitchen !== null,
  }
}

/**
 * A stop of a run; `runLeftAt`, the run's Leaving. An order's out-of-fridge time from an earlier run
 * (Not home, then on this one) is not this run's: its jars went back to the fridge, so the stop
 * shows none until this run leaves (`runChanges.ts#leaveOnRun` then gives it the new time).
 */
function runStop(order: RunOrder, runLeftAt: string | null, number: number | null, arrivesAt: Date | null, unknownZip: boolean, now: Date): RunStop {
  const leftFridgeAt = runLeftAt && order.leftFridgeAt && Date.parse(order.leftFridgeAt) >= Date.parse(runLeftAt) ? order.leftFridgeAt : null
  const handedOverAt = order.handedOverAt ?? null
  return {
    ...prepStop(order),
    number,
    arrivesAt: arrivesAt?.toISOString() ?? null,
    unknownZip,
    flavors: flavorCounts(orderedFlavors(order)),
    leftFridgeAt,
    handedOverAt,
    notHomeAt: order.notHomeAt ?? null,
    outMinutes: leftFridgeAt ? minutesOut(leftFridgeAt, handedOverAt, now) : null,
  }
}


/**
 * The driving order cut in two runs, each from the kitchen and back, where the longer of the two is
 * shortest: the split the warning suggests. `fits` when both are within the limit.
 */
export function splitInTwo(kitchen: Position | null, ordered: readonly { id: string; position: Position | null }[], pace: RunPace, limitMinutes: number): RunSplit | null {
  const minutes = (part: typeof ordered): number => estimateRun(kitchen, part, pace, new Date(0)).minutes
  let best: RunSplit | null = null
  for (let firstStops = 1; firstStops < ordered.length; firstStops++) {
    const [firstMinutes, secondMinutes] = [minutes(ordered.slice(0, firstStops)), minutes(ordered.slice(firstStops))]
    if (!best || Math.max(firstMinutes, secondMinutes) < Math.max(best.firstMinutes, best.secondMinutes)) {
      best = { firstStops, firstMinutes, secondMinutes, fits: Math.max(firstMinutes, secondMinutes) <= limitMinutes }
    }
  }
  return best
}
