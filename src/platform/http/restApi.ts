import 'server-only'

import { type AfterErrorHook, type Collection, executeAuthStrategies, getPayload, type Payload, type SanitizedConfig } from 'payload'

import { isSessionFromElsewhere, wholeMessage, wrongAddressMessage } from './adminOrigins'

type RestHandler = (request: Request, args: { params: Promise<{ slug?: string[] }> }) => Promise<Response>

/** What an anonymous visitor may post to the REST API: signing in and recovering an account. */
const ANONYMOUS_AUTH_OPERATIONS = new Set(['login', 'logout', 'refresh-token', 'forgot-password', 'reset-password', 'first-register', 'unlock', 'verify'])
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Wraps one of Payload's REST handlers (`/api/*`) with the two rules Payload leaves to the site:
 *
 * - Anonymous REST access is read-only: a write without a signed-in admin is refused with 403
 *   before Payload runs the collection's hooks. Payload checks access only after its
 *   `beforeOperation` hooks, and the export plugin's hook fails with a 500 when no one is signed in.
 *   The site's own forms never post here: they are server actions that write through the Local API.
 * - A value the database cannot hold (`/api/reviews/abc` where ids are numbers, a date filter of
 *   `abc`) is the request's fault: 404 for a document id (no document can have it), 400 otherwise,
 *   where Payload would answer 500.
 */
export function withSiteRules(handler: RestHandler, config: Promise<SanitizedConfig>): RestHandler {
  return async (request, args) => {
    const payload = await getPayload({ config })
    answerUnusableValuesAsClientErrors(payload)
    if (await isAnonymousWrite(payload, request, (await args.params).slug)) {
      // The admin opened at an address its session does not count from: say where it does.
      if (isSessionFromElsewhere(request.headers, payload.config.cookiePrefix)) return Response.json(wholeMessage(wrongAddressMessage()), { status: 403 })
      return Response.json({ errors: [{ message: 'You are not allowed to perform this action.' }] }, { status: 403 })
    }
    return handler(request, args)
  }
}

async function isAnonymousWrite(payload: Payload, request: Request, [slug = '', operation = '']: string[] = []): Promise<boolean> {
  if (READ_METHODS.has(request.method)) return false
  // The admin posts long list queries as reads (Payload's method override).
  const override = request.headers.get('x-payload-http-method-override') ?? request.headers.get('x-http-method-override')
  if (request.method === 'POST' && override?.toUpperCase() === 'GET') return false
  const collections: Record<string, Collection | undefined> = payload.collections
  const isAuthCollection = Object.hasOwn(collections, slug) && Boolean(collections[slug]?.config.auth)
  if (isAuthCollection && ANONYMOUS_AUTH_OPERATIONS.has(operation)) return false
  const { user } = await executeAuthStrategies({ headers: request.headers, payload })
  return !user
}

/**
 * Registered on the running instance's config, which is the one Payload's REST error handler reads
 * (the route's own import of the config may be a different module instance).
 */
function answerUnusableValuesAsClientErrors(payload: Payload): void {
  const hooks = (payload.config.hooks.afterError ??= [])
  if (!hooks.includes(unusableValueAnswer)) hooks.push(unusableValueAnswer)
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
