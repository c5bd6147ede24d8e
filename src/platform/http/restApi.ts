import 'server-only'

import { type AfterErrorHook, APIError, type CollectionBeforeOperationHook, type Config, Forbidden, type Plugin } from 'payload'

/**
 * The two rules Payload leaves to the site for its REST API (`/api/*`), added to the config as a
 * plugin (keep it last, so collections added by other plugins get them too):
 *
 * - Anonymous REST access is read-only: a write without a signed-in admin is refused with 403
 *   before the collection's own hooks run. Payload checks access only after its `beforeOperation`
 *   hooks, and the export plugin's hook fails with a 500 when no one is signed in. The site's own
 *   forms never post here: they are server actions that write through the Local API.
 * - A value the database cannot hold (`/api/reviews/abc` where ids are numbers, a date filter of
 *   `abc`) is the request's fault: 404 for a document id (no document can have it), 400 otherwise,
 *   where Payload would answer 500. A list's `limit` and `page` are checked before the query, as
 *   Payload passes them to the database as they are (`?limit=1.5`, `?limit=-1&page=2`).
 */
export const restApiRules = (): Plugin => (config: Config) => ({
  ...config,
  collections: config.collections?.map((collection) => ({
    ...collection,
    hooks: { ...collection.hooks, beforeOperation: [refuseAnonymousWrites, refuseUnusablePaging, ...(collection.hooks?.beforeOperation ?? [])] },
  })),
  hooks: { ...config.hooks, afterError: [...(config.hooks?.afterError ?? []), unusableValueAnswer] },
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

const refuseUnusablePaging: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (req.payloadAPI !== 'REST' || operation !== 'read') return args
  const { limit, page } = (args ?? {}) as { limit?: unknown; page?: unknown }
  if (!isUsablePaging(limit, page)) throw new APIError(UNUSABLE_PAGING_MESSAGE, 400)
  return args
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

const unusableValueAnswer: AfterErrorHook = ({ error, req }) => {
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
