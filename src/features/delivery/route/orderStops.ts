import 'server-only'

import { drivingOrder, type DrivingOrder } from './drivingOrder'
import type { Position } from './positions'
import { zipPosition } from './zipPositions'

/** A stop on a run, by its order's id and the ZIP code of its address. */
export type Stop = { id: string; zip?: string | null }

/**
 * The run's driving order from the stops' ZIP codes (see `drivingOrder`): `kitchen` is the
 * kitchen's position (`zipPosition` of its address's ZIP code), null when unknown.
 */
export async function orderStops(kitchen: Position | null, stops: readonly Stop[], keptOrder?: readonly string[]): Promise<DrivingOrder> {
  const placed = await Promise.all(stops.map(async (stop) => ({ id: stop.id, position: await zipPosition(stop.zip) })))
  return drivingOrder(kitchen, placed, keptOrder)
}
