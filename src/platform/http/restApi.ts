import 'server-only'

import { type AfterErrorHook, type CollectionBeforeOperationHook, type Config, Forbidden, type Plugin } from 'payload'

import { Refusal } from './refusal'

/**
 * The two rules Payload leaves to the site for its REST API (`/api/*`), added to the config as a
 * plugin (keep it last, so collections added by other plugins get them too):
 *
 * - Anonymous REST access is read-only, and lists a page at a time (`VISITOR_PAGE_MAX`): a write
 *   without a signed-in admin is refused with 403 before the collection's own hooks run. Payload
 *   checks access only after its `beforeOperation` hooks, and the export plugin's hook fails with
 *   a 500 when no one is signed in. The site's own forms never post here: they are server actions
 *   that write through the Local API.
 * - A value the database cannot hold (`/api/reviews/abc` where ids are numbers, a date filter of
 *   `abc`) is the request's fault: 404 for a document id (no document can have it), 400 otherwise,
 *   where Payload would answer 500. A list's `limit` and `page`, and the shape of a `where`, are
 *   checked before the query, as Payload passes them to the database as they are (`?limit=1.5`,
 *   `?where[name][equals][]=a`), and a `where` sent as text that is not JSON is the request's
 *   fault too. So is a multipart body Payload cannot read (`unreadableBodyAnswer`).
 */
export const restApiRules = (): Plugin => (config: Config) => ({
  ...config,
  collections: config.collections?.map((collection) => ({
    ...collection,
    hooks: { ...collection.hooks, beforeOperation: [refuseAnonymousWrites, refuseUnusableQuery, ...(collection.hooks?.beforeOperation ?? [])] },
  })),
  hooks: { ...config.hooks, afterError: [...(config.hooks?.afterError ?? []), unreadableBodyAnswer, unusableValueAnswer] },
})

const WRITE_OPERATIONS = new Set(['create', 'update', 'delete', 'autosave', 'restoreVersion'])

/**
 * Payload's own anonymous writes pass: signing up the first admin, resetting a password and
 * unlocking an account run their write with `overrideAccess`, as does every server action.
 */
const refuseAnonymousWrites: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  const overridesAccess = Boolean(args && 'overrideAccess' in args && args.overrideAccess)
  if (req.payloadAPI !== 'REST' || req.user || !WRITE_OPERATIONS.has(operation) || overridesAccess) return args
  throw new Forbidden(req.t)
}

const UNUSABLE_PAGING_MESSAGE = 'The limit or page in the query is not one a list can have.'
const UNUSABLE_WHERE_MESSAGE = 'The where of the query is not one a list can be searched with.'

/**
 * The most documents one anonymous request may list. The site's own pages read through the Local
 * API and the admin is signed in, so only scripts ask for more: every published review in one
 * answer (`limit=0`) took 3,000 reviews 200 ms of the server and 1.7 MB, twenty times a page of them.
 */
export const VISITOR_PAGE_MAX = 100
const VISITOR_PAGE_MESSAGE = `A visitor gets a list at most ${VISITOR_PAGE_MAX} at a time: ask for the next page.`

const refuseUnusableQuery: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (req.payloadAPI !== 'REST') return args
  const { limit, page, where } = (args ?? {}) as { limit?: unknown; page?: unknown; where?: unknown }
  if (operation === 'read' && !isUsablePaging(limit, page)) throw new Refusal(UNUSABLE_PAGING_MESSAGE, 400)
  if (operation === 'read' && !req.user && asksForMoreThanAPage(args) && asksForMoreThanAPage(req.query)) throw new Refusal(VISITOR_PAGE_MESSAGE, 400)
  if (where !== undefined && !isUsableWhere(where)) throw new Refusal(UNUSABLE_WHERE_MESSAGE, 400)
  return args
}

/**
 * Whether a list asks for more than a page (`?limit=0`, `?limit=500`, `?pagination=false`). A
 * visitor is refused when both the operation's arguments and the request's address do: the server's
 * own Local API calls made with the visitor's request (reading the accounts whole to create the
 * first admin, or the session's account before the visitor's list) are not the visitor's asking.
 */
function asksForMoreThanAPage(query: unknown): boolean {
  const { limit, pagination } = (query ?? {}) as { limit?: unknown; pagination?: unknown }
  // Payload's list handler has turned them into a number and a boolean by the time hooks run.
  const rows = typeof limit === 'number' || (typeof limit === 'string' && limit.trim() !== '') ? Number(limit) : undefined
  return pagination === false || pagination === 'false' || rows === 0 || (rows !== undefined && rows > VISITOR_PAGE_MAX)
}

/**
 * What a list query can run with: a whole `limit` from 0 (0: no limit), a whole `page`, and the
 * rows it skips, (page − 1) × limit, a number the database holds exactly. SQLite refuses a
 * fraction or a number past 64 bits, and a negative limit writes OFFSET without LIMIT.
 */
function isUsablePaging(limit: unknown, page: unknown): boolean {
  const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value)
  if (limit !== undefined && !(isWhole(limit) && limit >= 0)) return false
  if (page !== undefined && !isWhole(page)) return false
  const skipped = (Math.max(Number(page ?? 1), 1) - 1) * Number(limit ?? 0)
  return Number.isSafeInteger(skipped)
}

/**
 * Payload's operators the site's fields are searched with. Not `near`, `within` and `intersects`
 * (no field here is a point) nor `all` (MongoDB only): on SQLite each of them fails the query.
 */
const WHERE_OPERATORS = new Set(['equals', 'not_equals', 'in', 'not_in', 'exists', 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal', 'like', 'not_like', 'contains'])
const LIST_OPERATORS = new Set(['in', 'not_in'])

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A value the database can compare: text, a number, a boolean or null, or a document of a relationship to several collections. */
const isComparable = (value: unknown): boolean =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) || (isRecord(value) && Object.keys(value).every((key) => key === 'relationTo' || key === 'value') && typeof value.relationTo === 'string')

/**
 * A `where` as Payload reads it: `and`/`or` lists of wheres (a list the query string held as an
 * object of numbered entries too), and for each field path its operators with a comparable value,
 * or a list of them for `in` and `not_in`.
 */
function isUsableWhere(where: unknown): boolean {
  if (!isRecord(where)) return false
  return Object.entries(where).every(([path, condition]) => {
    if (path === 'and' || path === 'or') return (Array.isArray(condition) || isRecord(condition)) && Object.values(condition).every(isUsableWhere)
    if (!isRecord(condition)) return false
    return Object.entries(condition).every(
      ([operator, value]) => WHERE_OPERATORS.has(operator) && (isComparable(value) || (LIST_OPERATORS.has(operator) && Array.isArray(value) && value.every(isComparable))),
    )
  })
}

/** The query parameter, `where` or `data`, sent as text that is not JSON: Payload parses it before any hook runs. */
function unreadableJsonParameter(req: Parameters<AfterErrorHook>[0]['req']): string | undefined {
  const query = (req.query ?? {}) as Record<string, unknown>
  return ['where', 'data'].find((name) => {
    const text = query[name]
    if (typeof text !== 'string' || text === '') return false
    try {
      JSON.parse(text)
      return false
    } catch {
      return true
    }
  })
}

/**
 * Payload reads a multipart body before the operation: the `_payload` part (the document's fields
 * as JSON) into `req.data`, the files into `req.file(s)`; and answers 500 when it cannot (a body
 * cut off, no boundary, a `_payload` that is not JSON). Those failures carry no mark of their own
 * (the parser's plain errors, a SyntaxError), so what tells them apart is their result: a multipart
 * post that failed with a 500 with nothing of its body read. A body that parsed but held neither
 * part gave Payload nothing to work with either.
 */
const unreadableBodyAnswer: AfterErrorHook = ({ error, req }) => {
  const isMultipart = (req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/')
  const status = (error as { status?: unknown }).status ?? 500
  const nothingRead = req.data === undefined && req.file === undefined && req.files === undefined
  if (!isMultipart || status !== 500 || !nothingRead) return
  return { status: 400, response: { errors: [{ message: 'The multipart body cannot be read.' }] } }
}

const unusableValueAnswer: AfterErrorHook = ({ error, req }) => {
  const unreadable = unreadableJsonParameter(req)
  if (unreadable) return { status: 400, response: { errors: [{ message: `The ${unreadable} of the query is not JSON.` }] } }
  if (!isUnusableValue(error)) return
  const isDocumentId = req.routeParams?.id !== undefined
  return isDocumentId
    ? { status: 404, response: { errors: [{ message: 'Not Found' }] } }
    : { status: 400, response: { errors: [{ message: 'A value in the query does not fit its field.' }] } }
}

/**
 * The database refused a value before running the query: the SQLite driver throws a RangeError or
 * TypeError for a value it cannot bind (NaN, Infinity, undefined), which the query builder wraps in
 * an error carrying the query and its parameters; MongoDB's driver throws a CastError or BSONError.
 */
export function isUnusableValue(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'CastError' || error.name === 'BSONError') return true
  const { cause } = error
  return 'query' in error && 'params' in error && (cause instanceof RangeError || cause instanceof TypeError)
}
