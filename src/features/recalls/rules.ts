import { FLAVOR_VALUE_PATTERN } from '@/features/ordering/catalog'
import { isDayKey } from '@/shared/time'

/**
 * What a recall asks for, read from the recall screen's GET form and its CSV link (the same query
 * string, so a recall's address can be passed on): which jars, the column to sort by, the page.
 * Pure: the screen, the CSV endpoint and the tests read a request the same way.
 */

/** Where the recalled jars came from. Ids are the database's, as text. */
export type RecallScope =
  | { kind: 'batch'; batch: string }
  | { kind: 'flavor'; batch: string; flavor: string }
  | { kind: 'made'; from: string; to: string }
  | { kind: 'lot'; lot: string }

export type RecallScopeKind = RecallScope['kind']

/** The scope choices of the form, in its order. */
export const RECALL_SCOPES: readonly { value: RecallScopeKind; label: string }[] = [
  { value: 'batch', label: 'A batch' },
  { value: 'flavor', label: 'One flavor of a batch' },
  { value: 'made', label: 'Batches made between two days' },
  { value: 'lot', label: 'A supplier’s lot' },
]

/** The list's columns the seller may sort by; `-` in front: the other way round. */
export const RECALL_SORTS = {
  name: 'Customer',
  order: 'Order placed',
  status: 'Status',
  jars: 'Jars recalled',
  handedOver: 'Handed over',
} as const
export type RecallSortColumn = keyof typeof RECALL_SORTS
export type RecallSort = { column: RecallSortColumn; descending: boolean }

export const DEFAULT_RECALL_SORT: RecallSort = { column: 'name', descending: false }

/** Rows on one page of the screen (the CSV has them all). */
export const RECALL_ROWS_PER_PAGE = 50

/** Ids as the database adapters give them: SQLite's numbers, MongoDB's ObjectIds. */
export const RECORD_ID = /^(?:[1-9][0-9]{0,15}|[0-9a-f]{24})$/

/** A made-on range longer than this is most likely a typo (two years: every batch there is). */
export const MAX_RECALL_RANGE_DAYS = 731

export type RecallRequest = {
  /** Absent until the seller has chosen what to recall (the form alone is shown). */
  scope?: RecallScope
  sort: RecallSort
  page: number
  /** What the form was sent with, to show it again as typed. */
  asked: { scope: string; batch: string; flavor: string; from: string; to: string; lot: string }
  /** Why the asked scope cannot be answered, in the seller's words; empty when it can. */
  problems: string[]
}

type Params = Record<string, string | string[] | undefined> | URLSearchParams | undefined

const one = (params: Params, name: string): string => {
  const value = params instanceof URLSearchParams ? params.get(name) : params?.[name]
  return (Array.isArray(value) ? value[0] : value ?? '').trim().slice(0, 100)
}

/** `?sort=-jars` → jars, most first; anything else → the default. */
export function recallSortOf(text: string): RecallSort {
  const descending = text.startsWith('-')
  const column = descending ? text.slice(1) : text
  return column in RECALL_SORTS ? { column: column as RecallSortColumn, descending } : DEFAULT_RECALL_SORT
}

/** The sort as the query string writes it. */
export const recallSortText = ({ column, descending }: RecallSort) => `${descending ? '-' : ''}${column}`

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000

/** Reads a recall from the screen's query string; never throws: what cannot be read is a problem to show. */
export function readRecallRequest(params: Params): RecallRequest {
  const asked = { scope: one(params, 'scope'), batch: one(params, 'batch'), flavor: one(params, 'flavor'), from: one(params, 'from'), to: one(params, 'to'), lot: one(params, 'lot') }
  const sort = recallSortOf(one(params, 'sort'))
  const pageText = one(params, 'page')
  const page = /^[1-9][0-9]{0,5}$/.test(pageText) ? Number(pageText) : 1
  const base = { sort, page, asked }
  const problems: string[] = []
  const batchId = () => {
    if (!asked.batch) problems.push('Choose the batch.')
    else if (!RECORD_ID.test(asked.batch)) problems.push('That batch is not one of yours: choose it from the list.')
    return asked.batch
  }
  let scope: RecallScope | undefined
  switch (asked.scope) {
    case '':
      return { ...base, problems }
    case 'batch':
      scope = { kind: 'batch', batch: batchId() }
      break
    case 'flavor': {
      const batch = batchId()
      if (!asked.flavor) problems.push('Choose the flavor.')
      else if (!FLAVOR_VALUE_PATTERN.test(asked.flavor)) problems.push('That flavor is not one of yours: choose it from the list.')
      scope = { kind: 'flavor', batch, flavor: asked.flavor }
      break
    }
    case 'made': {
      const { from, to } = asked
      if (!isDayKey(from) || !isDayKey(to)) problems.push('Give both days as dates, e.g. 2026-12-01 to 2026-12-05.')
      else if (from > to) problems.push('The first day comes before the last day.')
      else if (daysBetween(from, to) > MAX_RECALL_RANGE_DAYS) problems.push(`At most ${MAX_RECALL_RANGE_DAYS} days at a time.`)
      scope = { kind: 'made', from, to }
      break
    }
    case 'lot':
      if (!asked.lot) problems.push('Choose the supplier’s lot.')
      else if (!RECORD_ID.test(asked.lot)) problems.push('That lot is not one of yours: choose it from the list.')
      scope = { kind: 'lot', lot: asked.lot }
      break
    default:
      problems.push('Choose what to recall: a batch, one flavor of a batch, the batches made between two days, or a supplier’s lot.')
  }
  return problems.length ? { ...base, problems } : { ...base, scope, problems }
}

/** The query string of a recall (the screen's links: pages, sorting, the CSV). */
export function recallQuery(scope: RecallScope, extra: { sort?: RecallSort; page?: number } = {}): string {
  const fields: Record<string, string> =
    scope.kind === 'batch'
      ? { scope: 'batch', batch: scope.batch }
      : scope.kind === 'flavor'
        ? { scope: 'flavor', batch: scope.batch, flavor: scope.flavor }
        : scope.kind === 'made'
          ? { scope: 'made', from: scope.from, to: scope.to }
          : { scope: 'lot', lot: scope.lot }
  if (extra.sort && recallSortText(extra.sort) !== recallSortText(DEFAULT_RECALL_SORT)) fields.sort = recallSortText(extra.sort)
  if (extra.page && extra.page > 1) fields.page = String(extra.page)
  return new URLSearchParams(fields).toString()
}
