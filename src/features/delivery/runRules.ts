/**
 * The delivery run's facts, shared by the Run page's server and its script: what a run's key looks
 * like, what a reorder may post, and how the page words a duration.
 */

/**
 * A run is one delivery time of a day, keyed as orders key their time (`ordering/windows.ts#windowKey`:
 * `<day>_<the seller's window row id>`), or that day's deliveries with no booked time, `<day>_text`.
 */
export const TEXT_RUN_KEY_SUFFIX = 'text'
export const textRunKey = (day: string) => `${day}_${TEXT_RUN_KEY_SUFFIX}`
export const isTextRun = (runKey: string) => runKey.endsWith(`_${TEXT_RUN_KEY_SUFFIX}`)

/** The business day a run is driven on. */
export const runDay = (runKey: string) => runKey.slice(0, 10)

/**
 * The most stops a reorder may name: far above any day's run (the issue plans for 30), so a longer
 * list is not a run's but a forged post, refused before anything is read.
 */
export const MAX_STOPS_POSTED = 200

/** Where the Run page's own buttons post (`app/(seller)/seller/run/`): Leaving, and a stop's new place. */
export const RUN_POSTS = { leave: '/seller/run/leave', stops: '/seller/run/stops' } as const

/** A reorder as posted: `stops`, the ids in the seller's new order (a drag), or `move` with `to` (Up/Down without a script). */
export type StopOrderPost = { kind: 'order'; ids: string[] } | { kind: 'move'; id: string; to: 'up' | 'down' }

/** An order's id as posted: SQLite's numbers, MongoDB's ObjectIds. */
const STOP_ID = /^(?:[1-9][0-9]{0,15}|[0-9a-f]{24})$/

/** A reorder's fields read, or null when they are not one (the route answers 400): ids only, each once, not too many. */
export function readStopOrderPost(form: { get(name: string): unknown }): StopOrderPost | null {
  const stops = form.get('stops')
  if (typeof stops === 'string') {
    const ids = stops.split(',')
    if (ids.length === 0 || ids.length > MAX_STOPS_POSTED || !ids.every((id) => STOP_ID.test(id)) || new Set(ids).size !== ids.length) return null
    return { kind: 'order', ids }
  }
  const id = form.get('move')
  const to = form.get('to')
  if (typeof id === 'string' && STOP_ID.test(id) && (to === 'up' || to === 'down')) return { kind: 'move', id, to }
  return null
}

/** A stop moved one place up or down in the driving order; the order as it was when the stop is already at that end. */
export function movedOneStop(order: readonly string[], id: string, to: 'up' | 'down'): string[] {
  const from = order.indexOf(id)
  const next = from + (to === 'up' ? -1 : 1)
  if (from < 0 || next < 0 || next >= order.length) return [...order]
  const moved = [...order]
  ;[moved[from], moved[next]] = [moved[next], moved[from]]
  return moved
}

/**
 * How long a stop's jars have been out of the fridge, in whole minutes, never below 0 (a phone's
 * clock a little behind the server's): counted up to now while on the run (the minutes passed),
 * rounded once handed over, as the order's record says it (`ordering/handoverRecord.ts`).
 */
export const minutesOut = (leftAt: Date | string, handedOverAt: Date | string | null, now: Date) => {
  const minutes = ((handedOverAt ? new Date(handedOverAt) : now).getTime() - new Date(leftAt).getTime()) / 60_000
  return Math.max(0, handedOverAt ? Math.round(minutes) : Math.floor(minutes))
}

/**
 * The five digits of the kitchen's ZIP code in the jar labels' "City, state and ZIP code"
 * ('Detroit, MI 48201'), or null when it has none.
 */
export function kitchenZip(place: string | null | undefined): string | null {
  const found = /\b(\d{5})(?:-\d{4})?\s*$/.exec(place?.trim() ?? '')
  return found?.[1] ?? null
}

/**
 * The text the seller sends after Not home, prefilled in the phone's messages app: who, which order,
 * and that another time will be found.
 */
export const notHomeMessage = (firstName: string, businessName: string, reference: string) =>
  `Hi ${firstName}, this is ${businessName}: I’m at your door with order ${reference} but missed you. Text me back and we’ll find another time.`
