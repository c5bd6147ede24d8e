import { milesBetween, type Position } from './positions'

/** How fast a run goes: the seller's Delivery day settings (`../rules.ts`, where their defaults are). */
export type RunPace = { roadFactor: number; averageMph: number; minutesPerStop: number }

export type EstimatedStop = {
  id: string
  /** Road miles from the stop before (the kitchen for the first; 0 for the first when the kitchen is unknown), or null when this stop has no position. */
  milesFromPrevious: number | null
  /** When the car should reach it, or null when it has no position. */
  arrivesAt: Date | null
}

export type RunEstimate = {
  /** Road miles: the straight legs × the road factor, back to the kitchen included when it is known. */
  miles: number
  /** Driving plus the minutes at every stop, back to the kitchen included. */
  minutes: number
  /** Back at the kitchen (or done at the last stop when the kitchen is unknown). */
  endsAt: Date
  stops: EstimatedStop[]
}

/**
 * How long a run takes in the given order, leaving the kitchen at `leaveAt`. A stop without a
 * position (its ZIP code gave none) cannot be driven to on the map: it gets no miles and no arrival,
 * and counts only for its minutes at the door, at its place in the order, so the stops after it
 * arrive that much later; the leg over it runs from the stop before it to the stop after it.
 * Without the kitchen's position the run starts at the first placed stop and ends at the last.
 */
export function estimateRun(kitchen: Position | null, orderedStops: readonly { id: string; position: Position | null }[], pace: RunPace, leaveAt: Date): RunEstimate {
  if (!(pace.averageMph > 0) || !(pace.roadFactor > 0) || !(pace.minutesPerStop >= 0)) throw new RangeError('A run needs a positive speed and road factor and no negative minutes per stop')
  const roadMiles = (from: Position, to: Position) => milesBetween(from, to) * pace.roadFactor
  const drivingMinutes = (miles: number) => (miles / pace.averageMph) * 60

  let miles = 0
  let minutes = 0
  let here = kitchen
  const stops = orderedStops.map(({ id, position }): EstimatedStop => {
    if (!position) {
      minutes += pace.minutesPerStop
      return { id, milesFromPrevious: null, arrivesAt: null }
    }
    const leg = here ? roadMiles(here, position) : 0
    miles += leg
    minutes += drivingMinutes(leg)
    const arrivesAt = new Date(leaveAt.getTime() + minutes * 60_000)
    minutes += pace.minutesPerStop
    here = position
    return { id, milesFromPrevious: leg, arrivesAt }
  })
  if (kitchen && here) {
    const back = roadMiles(here, kitchen)
    miles += back
    minutes += drivingMinutes(back)
  }
  return { miles, minutes, endsAt: new Date(leaveAt.getTime() + minutes * 60_000), stops }
}
