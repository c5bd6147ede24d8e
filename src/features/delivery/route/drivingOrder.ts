import { milesBetween, type Position } from './positions'

/** A stop placed on the map: its position from its ZIP code, or null when that ZIP code gave none. */
export type PlacedStop = { id: string; position: Position | null }

/** A stop in the driving order; `unknownZip` when its ZIP code gave no position, so the run cannot place it. */
export type RouteStop = PlacedStop & { unknownZip: boolean }

export type DrivingOrder = {
  stops: RouteStop[]
  /**
   * False when the kitchen's position is unknown (no usable ZIP code in its address): the order
   * then starts at the first stop that has a position and does not come back.
   */
  fromKitchen: boolean
}

/** Less than this many miles shorter is no improvement: float noise must not make 2-opt loop. */
const NO_GAIN_MILES = 1e-9

/**
 * The run's driving order. Without a kept order: nearest neighbour from the kitchen, then 2-opt
 * until no swap of two legs shortens the loop (back to the kitchen included) — within a few percent
 * of the shortest for a day's 30 stops, in about a millisecond. With the seller's kept order (they
 * dragged a stop): the stops named in it keep that relative order, wherever they are, and each stop
 * not in it (ordered since) goes where it adds the fewest miles; ids no longer among the stops
 * are ignored. Stops without a position cannot be placed: they come last, in their given order,
 * unless the seller's kept order put them somewhere. Same input, same order: ties go to the stop
 * given first.
 */
export function drivingOrder(kitchen: Position | null, stops: readonly PlacedStop[], keptOrder: readonly string[] = []): DrivingOrder {
  const byId = new Map(stops.map((stop) => [stop.id, stop]))
  const kept = [...new Set(keptOrder)].filter((id) => byId.has(id)).map((id) => byId.get(id)!)
  const keptIds = new Set(kept.map((stop) => stop.id))
  const rest = stops.filter((stop) => !keptIds.has(stop.id))
  const placedRest = rest.filter((stop) => stop.position)
  const unplacedRest = rest.filter((stop) => !stop.position)

  const ordered = kept.length > 0 ? insertCheapest(kitchen, kept, placedRest) : shortestLoop(kitchen, placedRest)
  return {
    stops: [...ordered, ...unplacedRest].map((stop) => ({ ...stop, unknownZip: !stop.position })),
    fromKitchen: kitchen !== null,
  }
}

/** The miles a route's legs add up to: from the kitchen (when known) through each placed stop, and back. */
function routeMiles(kitchen: Position | null, route: readonly PlacedStop[]): number {
  const points = route.flatMap((stop) => (stop.position ? [stop.position] : []))
  if (kitchen) {
    points.unshift(kitchen)
    points.push(kitchen)
  }
  let miles = 0
  for (let index = 1; index < points.length; index++) miles += milesBetween(points[index - 1], points[index])
  return miles
}

/** Each new stop at the point of the kept route where it adds the fewest miles, one after another in their given order. */
function insertCheapest(kitchen: Position | null, kept: readonly PlacedStop[], added: readonly PlacedStop[]): PlacedStop[] {
  const route = [...kept]
  for (const stop of added) {
    let best = 0
    let bestMiles = Infinity
    // Every slot is tried by the whole route's length: 30 stops make 31 slots of 30 legs, nothing to save.
    for (let slot = 0; slot <= route.length; slot++) {
      const miles = routeMiles(kitchen, [...route.slice(0, slot), stop, ...route.slice(slot)])
      if (miles < bestMiles - NO_GAIN_MILES) {
        best = slot
        bestMiles = miles
      }
    }
    route.splice(best, 0, stop)
  }
  return route
}

/** Nearest neighbour, then 2-opt, over stops that all have a position. */
function shortestLoop(kitchen: Position | null, stops: readonly PlacedStop[]): PlacedStop[] {
  if (stops.length === 0) return []
  // Point 0 is the kitchen, or, when it is unknown, the first stop: the run's fixed start.
  const points = kitchen ? [kitchen, ...stops.map((stop) => stop.position!)] : stops.map((stop) => stop.position!)
  const distance = points.map((from) => points.map((to) => milesBetween(from, to)))
  const closed = kitchen !== null

  const tour = [0]
  const visited = new Set(tour)
  while (tour.length < points.length) {
    const last = tour[tour.length - 1]
    let next = -1
    for (let point = 0; point < points.length; point++) {
      if (!visited.has(point) && (next === -1 || distance[last][point] < distance[last][next])) next = point
    }
    tour.push(next)
    visited.add(next)
  }

  // 2-opt: reverse tour[i..j] when joining tour[i-1]→tour[j] and tour[i]→tour[j+1] is shorter than
  // the two legs it replaces. The start stays first; a loop's last leg goes back to it, an open
  // route (no kitchen) has no leg after its end.
  const legAfter = (position: number) => (position + 1 < tour.length ? distance[tour[position]][tour[position + 1]] : closed ? distance[tour[position]][tour[0]] : 0)
  const pointAfter = (position: number) => (position + 1 < tour.length ? tour[position + 1] : closed ? tour[0] : -1)
  let improved = true
  while (improved) {
    improved = false
    for (let i = 1; i < tour.length - 1; i++) {
      for (let j = i + 1; j < tour.length; j++) {
        const after = pointAfter(j)
        const before = legAfter(i - 1) + legAfter(j)
        const swapped = distance[tour[i - 1]][tour[j]] + (after === -1 ? 0 : distance[tour[i]][after])
        if (swapped < before - NO_GAIN_MILES) {
          reverse(tour, i, j)
          improved = true
        }
      }
    }
  }

  return tour.flatMap((point) => (kitchen ? (point === 0 ? [] : [stops[point - 1]]) : [stops[point]]))
}

function reverse(tour: number[], from: number, to: number) {
  for (let i = from, j = to; i < j; i++, j--) [tour[i], tour[j]] = [tour[j], tour[i]]
}
