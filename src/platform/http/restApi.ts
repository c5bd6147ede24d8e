import 'server-only'

import { type AfterErrorHook, type CollectionBeforeOperationHook, type Config, Forbidden, type Plugin } from 'payload'

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
 *   where Payload would answer 500.
 */
export const restApiRules = (): Plugin => (config: Config) => ({
  ...config,
  collections: config.collections?.map((collection) => ({
    ...collection,
    hooks: { ...collection.hooks, beforeOperation: [refuseAnonymousWrites, ...(collection.hooks?.beforeOperation ?? [])] },
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
