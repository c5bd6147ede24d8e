/**
 * Batches: what the seller made, when, and what is left of it to sell. Pure (no I/O): the order
 * service takes an order's jars with `takeFromBatch` in its transaction, the pages show
 * `batchForSale`, and the e-mails and status page print `freshnessText`.
 *
 * A batch counts its jars one of two ways: per flavor (a row per flavor made; a flavor without a
 * row is not in this batch), or, with no rows, as one total shared by every flavor (empty: no
 * limit, as a site without batches sells).
 */
import { tally } from '@/shared/counted'
import { relationId } from '@/shared/relation'

import { type JarsLeft, jarsLeftFrom, jarsShown } from './catalog'
import { addDays, BUSINESS_TIME_ZONE, businessDay, dayKeyOf, storedDay, zonedInstant } from '@/shared/time'

/** How long the gel keeps in the fridge on a fresh site (Site settings → Shelf life): best by = made on + this. */
export const DEFAULT_SHELF_LIFE_DAYS = 14

/** The freshness limit a fresh site starts with: no order from a batch with fewer days left. */
export const DEFAULT_MIN_DAYS_LEFT = 7
export const MIN_DAYS_LEFT_MAX = 60

/** A batch code as written on the jars and the prep sheet: letters, digits and dashes ("B-1205"). */
export const BATCH_CODE_PATTERN = /^[A-Za-z0-9-]+$/
export const BATCH_CODE_MAX_LENGTH = 12

/** The batch code a made-on day suggests: `B-` and its month and day ("2026-12-05" → "B-1205"). */
export const defaultBatchCode = (madeOn: string) => `B-${madeOn.slice(5, 7)}${madeOn.slice(8, 10)}`

/** A flavor's row of a batch, as stored (`flavor` is the flavor's id; populated, its document). */
export type BatchFlavorRow = { flavor?: number | string | { id: number | string } | null; made?: number | null; left?: number | null }

/** The fields of a stored batch the rules read. */
export type BatchRecord = {
  id: number | string
  code?: string | null
  madeOn: string
  /** Filled on every save (`collections/Batches.ts`); a batch read without it has no freshness limit. */
  bestBy?: string | null
  opensAt?: string | null
  closesAt?: string | null
  jarsLeft?: number | null
  flavors?: BatchFlavorRow[] | null
}

/** A row's flavor id; '' for a row whose flavor was deleted (it sells nothing). */
const flavorIdOf = (row: BatchFlavorRow) => String(relationId(row.flavor) ?? '')

/** A flavor as the batch rules know it: its id (the batch's rows) and its key (the order's jars). */
export type FlavorKey = { id: number | string; value: string }

/** What a batch has left: one total, or per flavor key (a flavor missing from it has none). */
export type BatchStock = { total: JarsLeft; perFlavor: Map<string, number> | null }

export function batchStock(batch: Pick<BatchRecord, 'jarsLeft' | 'flavors'>, flavors: readonly FlavorKey[]): BatchStock {
  const rows = batch.flavors ?? []
  if (rows.length === 0) return { total: jarsLeftFrom(batch.jarsLeft), perFlavor: null }
  const valueOf = new Map(flavors.map((flavor) => [String(flavor.id), flavor.value]))
  const perFlavor = new Map<string, number>()
  for (const row of rows) {
    const value = valueOf.get(flavorIdOf(row))
    if (value) perFlavor.set(value, (perFlavor.get(value) ?? 0) + (jarsLeftFrom(row.left) ?? 0))
  }
  return { total: [...perFlavor.values()].reduce((sum, left) => sum + left, 0), perFlavor }
}

export type TakeOutcome =
  | { ok: true; rows: BatchFlavorRow[] | null; jarsLeft: number | null }
  | { ok: false; left: number; flavor?: string }

/**
 * Takes an order's jars (one flavor key per jar) from a batch: the batch's new rows or total, or
 * what is short (the flavor short of jars, or the total). Nothing is taken when anything is short.
 */
export function takeFromBatch(batch: Pick<BatchRecord, 'jarsLeft' | 'flavors'>, flavors: readonly FlavorKey[], jarKeys: readonly string[], direction: 1 | -1 = 1): TakeOutcome {
  const rows = batch.flavors ?? []
  if (rows.length === 0) {
    const left = jarsLeftFrom(batch.jarsLeft)
    if (left === null) return { ok: true, rows: null, jarsLeft: null }
    if (direction === 1 && jarKeys.length > left) return { ok: false, left }
    return { ok: true, rows: null, jarsLeft: left - direction * jarKeys.length }
  }
  const idOf = new Map(flavors.map((flavor) => [flavor.value, String(flavor.id)]))
  const wanted = tally(jarKeys)
  const next = rows.map((row) => ({ ...row, left: jarsLeftFrom(row.left) ?? 0 }))
  for (const [value, jars] of wanted) {
    const row = next.find((candidate) => flavorIdOf(candidate) === idOf.get(value))
    if (!row) {
      if (direction === 1) return { ok: false, left: 0, flavor: value }
      continue
    }
    if (direction === 1 && jars > row.left) return { ok: false, left: row.left, flavor: value }
    row.left -= direction * jars
  }
  return { ok: true, rows: next, jarsLeft: null }
}

/** The instant a batch stops selling by its freshness limit: the start of the day fewer than `minDaysLeft` days before its best-by day remain. */
export const freshnessCutoff = (bestBy: string | null | undefined, minDaysLeft: number): Date | null =>
  bestBy ? zonedInstant(addDays(dayKeyOf(bestBy), -minDaysLeft + 1), '00:00') : null

/** Why the current batch takes no orders, or `open`. */
export type BatchState = 'open' | 'closed' | 'too-old'

export function batchState(batch: Pick<BatchRecord, 'closesAt' | 'bestBy'>, minDaysLeft: number, now: Date): BatchState {
  if (batch.closesAt && new Date(batch.closesAt) <= now) return 'closed'
  const cutoff = freshnessCutoff(batch.bestBy, minDaysLeft)
  if (cutoff && cutoff <= now) return 'too-old'
  return 'open'
}

/**
 * The next instant the shop's state changes by the clock alone: the current batch closing (its
 * closing time or freshness limit) or the next one opening. The pages are expired then.
 */
export function nextChange(current: Pick<BatchRecord, 'closesAt' | 'bestBy'> | null, next: Pick<BatchRecord, 'opensAt'> | null, minDaysLeft: number, now: Date): Date | null {
  const instants = [
    current?.closesAt ? new Date(current.closesAt) : null,
    current ? freshnessCutoff(current.bestBy, minDaysLeft) : null,
    next?.opensAt ? new Date(next.opensAt) : null,
  ].filter((instant): instant is Date => instant !== null && instant > now)
  return instants.length === 0 ? null : new Date(Math.min(...instants.map((instant) => instant.getTime())))
}

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const dayLabel = (stored: string) => monthDay.format(new Date(storedDay(dayKeyOf(stored))))

/** What the customer keeps about their jars: "Made Dec 5 · best by Dec 19 · keep refrigerated". */
export const freshnessText = (batch: Pick<BatchRecord, 'madeOn' | 'bestBy'>) =>
  [`Made ${dayLabel(batch.madeOn)}`, ...(batch.bestBy ? [`best by ${dayLabel(batch.bestBy)}`] : []), 'keep refrigerated'].join(' · ')

const openingFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', hour: 'numeric', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE })
const openingDateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE })

/**
 * "Next batch opens Friday at 9:00 AM" (within the coming week) or "Next batch opens Friday, Dec 12
 * at 9:00 AM" (further off), in the seller's time zone.
 */
export function openingText(opensAt: string, now: Date): string {
  const at = new Date(opensAt)
  const today = businessDay(at).key === businessDay(now).key
  const withinAWeek = at.getTime() - now.getTime() < 6 * 24 * 3600_000
  const parts = (withinAWeek ? openingFormat : openingDateFormat).formatToParts(at)
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? ''
  const time = `${part('hour')}:${part('minute')} ${part('dayPeriod')}`
  const day = today ? 'today' : withinAWeek ? part('weekday') : `${part('weekday')}, ${part('month')} ${part('day')}`
  return `Next batch opens ${day} at ${time}`
}

type BatchFields = { jarsLeft?: number | null; flavors?: BatchFlavorRow[] | null; [field: string]: unknown }

/**
 * Whether a change of a batch changes what the pages show: its jars as shown (`jarsShown`: only
 * the last dozen of each count), or any other field. Orders take jars all the time; only these
 * changes expire the pages (as `stockShownChanged` did for the single count).
 */
export function batchShownChanged(previous: BatchFields, next: BatchFields): boolean {
  const shown = ({ jarsLeft, flavors, updatedAt: _updatedAt, createdAt: _createdAt, lineServedAt: _lineServedAt, ...rest }: BatchFields) =>
    JSON.stringify({
      ...Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))),
      jarsLeft: jarsShown(jarsLeftFrom(jarsLeft)),
      flavors: (flavors ?? []).map((row) => [flavorIdOf(row), jarsShown(jarsLeftFrom(row.left))]),
    })
  return shown(previous) !== shown(next)
}

/**
 * Whether a change of a batch freed jars: a flavor's jars left, or the one total, went up (an order
 * cancelled, a hold ended, the seller added some). The waiting line is offered them.
 */
export function jarsCameFree(previous: BatchFields, next: BatchFields): boolean {
  const before = new Map((previous.flavors ?? []).map((row) => [flavorIdOf(row), jarsLeftFrom(row.left) ?? 0]))
  if ((next.flavors ?? []).some((row) => (jarsLeftFrom(row.left) ?? 0) > (before.get(flavorIdOf(row)) ?? 0))) return true
  const [was, is] = [jarsLeftFrom(previous.jarsLeft), jarsLeftFrom(next.jarsLeft)]
  return (next.flavors ?? []).length === 0 && was !== null && is !== null && is > was
}

/** What the pages show of the batches at one moment: only shown counts (`jarsShown`), never exact ones. */
export type BatchForSale = {
  /** Jars left in all (null: no limit, as a site without batches); 0 while no batch is open. */
  jarsLeft: JarsLeft
  /** Per flavor key, for a batch counted per flavor (a flavor missing from it has none); null otherwise. */
  flavorsLeft: Record<string, number> | null
  /** The next batch's opening time, while none is open. */
  opensAt: string | null
  /** The open batch's dates, for the order page. */
  freshness: string | null
}

export function batchForSale(
  current: BatchRecord | null,
  next: Pick<BatchRecord, 'opensAt'> | null,
  flavors: readonly FlavorKey[],
  minDaysLeft: number,
  now: Date,
): BatchForSale {
  const opensAt = next?.opensAt ?? null
  if (!current) return opensAt ? { jarsLeft: 0, flavorsLeft: null, opensAt, freshness: null } : { jarsLeft: null, flavorsLeft: null, opensAt: null, freshness: null }
  if (batchState(current, minDaysLeft, now) !== 'open') return { jarsLeft: 0, flavorsLeft: null, opensAt, freshness: null }
  const stock = batchStock(current, flavors)
  const flavorsLeft = stock.perFlavor && Object.fromEntries(flavors.map(({ value }) => [value, jarsShown(stock.perFlavor?.get(value) ?? 0) ?? 0]))
  // Sold out is closed too: the next batch's opening is announced as while no batch is open.
  return { jarsLeft: jarsShown(stock.total), flavorsLeft, opensAt: stock.total === 0 ? opensAt : null, freshness: freshnessText(current) }
}
