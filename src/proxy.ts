import { type NextRequest, NextResponse } from 'next/server'

import { readEnvironment } from './platform/config/environment.mjs'
import { FORM_BODY_MAX_BYTES } from './platform/http/bodyLimit.mjs'
import { contentSecurityPolicy, strictTransportSecurity } from './platform/http/securityHeaders.mjs'

/**
 * Documents rendered for each request (never cached): their policy carries a fresh nonce. The
 * public pages are all served from the page cache, which keeps each page's policy with it
 * (src/platform/http/pageCache.mjs), so this proxy never runs for them.
 */
const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/')
const isAdmin = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/')
const isSellerScreen = (pathname: string) => pathname === '/seller' || pathname.startsWith('/seller/')
const isRenderedPerRequest = (pathname: string) =>
  pathname.startsWith('/order/status/') || pathname.startsWith('/refills/') || pathname === '/unsubscribe' || isAdmin(pathname) || isSellerScreen(pathname)

/**
 * A form posted without JavaScript to a cached page: the answer is that page rendered again with
 * the form's result, for this request only, so it needs a nonce too. (With JavaScript, an action's
 * answer is data for React, not a document.)
 */
const isFormPostDocument = (request: NextRequest) => request.method === 'POST' && !request.headers.has('next-action') && !isApi(request.nextUrl.pathname)

/**
 * A mail app's one-click unsubscribe (RFC 8058) posts to the List-Unsubscribe address itself, the
 * /unsubscribe page's own link; the route beside the page acts on it (a page cannot take a POST).
 */
const isOneClickUnsubscribe = (request: NextRequest) =>
  request.method === 'POST' && request.nextUrl.pathname === '/unsubscribe' && !request.headers.has('next-action')

/**
 * Runs only on the requests the matcher below sends here, never on a plain page view:
 * - answers 404 for Payload's migrations, which have no REST API (Payload answers 501);
 * - refuses with 413 a post larger than a form may send (src/platform/http/bodyLimit.mjs);
 * - refuses with 400 what Next itself would answer with a 500 before any code of the site runs
 *   (an address that does not decode, a Host no URL can hold, a server-action post whose body is
 *   not what React sends), and what Payload's REST API would (a multipart body it cannot read, a
 *   file asked for under a storage prefix);
 * - hands a mail app's one-click unsubscribe POST to the route that acts on it;
 * - refuses with 403 a server action posted from another site, which Next would answer with a 500;
 * - sends the admin opened at another address than SITE_URL's to SITE_URL's (see `adminElsewhere`);
 * - gives documents rendered per request (the admin, the seller's daily screen, a customer's order or refill plan page, a form's answer
 *   without JavaScript) a Content-Security-Policy with a nonce, which Next puts on its own scripts.
 * Unknown addresses are not its business: next.config.mjs rewrites them to the cached 404 page.
 */
export async function proxy(request: NextRequest) {
  if (isMigrationsApi(request.nextUrl.pathname)) return apiNotFound()
  if (isTooLarge(request)) return tooLarge(request)
  const refusal = (await malformedRequest(request)) ?? null
  if (refusal) return badRequest(refusal, request)
  if (isOneClickUnsubscribe(request)) return NextResponse.rewrite(new URL(`/unsubscribe/confirm${request.nextUrl.search}`, request.url))
  if (isActionFromAnotherSite(request)) return forbidden('The form was posted from another site.', request)
  const admin = adminElsewhere(request)
  if (admin) return NextResponse.redirect(admin, 307)
  if (isRenderedPerRequest(request.nextUrl.pathname) || isFormPostDocument(request)) return withNoncePolicy(request)
  return NextResponse.next()
}

export const config = {
  matcher: [
    // Pages rendered per request, for their nonce.
    '/admin',
    '/admin/:path*',
    '/seller',
    '/seller/:path*',
    '/order/status/:path*',
    '/refills/:path*',
    '/unsubscribe',
    // Anywhere, requests Next would answer with a 500: a '%' not followed by two hex digits or
    // starting a non-ASCII byte (the only encodings that can fail to decode), server-action posts
    // and form posts to the site's pages and to Next's own paths (a request with a body has a
    // Content-Type). A plain page view matches none.
    '/:path(.*%(?:(?![0-9A-Fa-f]{2})|[89A-Fa-f]).*)',
    { source: '/:path*', has: [{ type: 'header', key: 'next-action' }] },
    { source: '/((?!api/|api$).*)', has: [{ type: 'header', key: 'content-type' }] },
    // Payload's REST API reads its own bodies, but answers 500 to multipart it cannot read.
    { source: '/api/:path*', has: [{ type: 'header', key: 'content-type', value: 'multipart/form-data.*' }] },
    // Uploaded files, for one asked for under a storage prefix (see `isFileUnderPrefix`). Every one:
    // a `has` condition on the query never matches an empty `?prefix`, which fails the same way.
    '/api/:collection/file/:path*',
    // Payload's migrations, which have no REST API (see `isMigrationsApi`).
    '/api/payload-migrations',
    '/api/payload-migrations/:path*',
  ],
}

/**
 * Next runs a server action for a POST to a page that carries `Next-Action` (with JavaScript) or
 * a multipart form (without it), and refuses one whose `Origin` names another host than the
 * request's own (X-Forwarded-Host, else Host) as a cross-site forgery, but answers that with a 500
 * (next/dist/server/app-render/action-handler.js). The same comparison, answered 403 here, also
 * under /seller, whose unknown addresses are the site's 404 page. (The daily screen's own forms
 * post form-encoded and check their origin themselves, features/seller/session.ts; the REST API
 * is Payload's.)
 */
function isActionFromAnotherSite(request: NextRequest): boolean {
  const { pathname } = request.nextUrl
  if (request.method !== 'POST' || isApi(pathname)) return false
  const isAction = request.headers.has('next-action') || (request.headers.get('content-type') ?? '').startsWith('multipart/form-data')
  const origin = request.headers.get('origin')
  if (!isAction || origin === null) return false
  const ownHost = request.headers.get('x-forwarded-host')?.split(',')[0].trim() || request.headers.get('host')
  return originHost(origin) !== ownHost
}

/** The host an `Origin` names ('null' for an opaque origin), or undefined when it is no URL. */
function originHost(origin: string): string | undefined {
  if (origin === 'null') return 'null'
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}

/**
 * With SITE_URL set, Payload trusts the admin's session for saves only from SITE_URL's origin (its
 * `csrf` list, platform/http/adminOrigins.ts): the admin opened at another address (the server's
 * IP, an old host name) would show the seller signed in and refuse every save. A page of it is sent
 * to the same page at SITE_URL instead. The visitor's host is the proxy's X-Forwarded-Host, or the
 * Host header; a proxy in front must pass one of them on (Caddy passes both).
 *
 * Next turns a redirect to the address the server listens on into a relative one, which would send
 * the visitor back to the address they came from, for ever. So when SITE_URL is one of this
 * machine's own addresses on the port (http://127.0.0.1:PORT, as the tests and a local trial set
 * it), there is no redirect: the sign-in page says where to open the admin
 * (features/admin/components/AdminAddressNotice.tsx).
 */
export function adminElsewhere(request: NextRequest): URL | null {
  const { pathname, search } = request.nextUrl
  // The daily screen's posts count only from SITE_URL's origin too (features/seller/session.ts).
  if (!(isAdmin(pathname) || isSellerScreen(pathname)) || (request.method !== 'GET' && request.method !== 'HEAD')) return null
  const { SITE_URL, siteUrlIsSet, PORT } = readEnvironment()
  if (!siteUrlIsSet) return null
  const site = new URL(SITE_URL)
  if (['localhost', '127.0.0.1', '[::1]'].some((name) => site.host === `${name}:${PORT}`)) return null
  const host = (request.headers.get('x-forwarded-host') ?? request.headers.get('host'))?.split(',')[0].trim().toLowerCase()
  if (!host || host === site.host) return null
  return new URL(`${pathname}${search}`, site)
}

/** Why the request cannot be served, or undefined. */
async function malformedRequest(request: NextRequest): Promise<string | undefined> {
  if (!decodes(new URL(request.url).pathname)) return 'The address is not correctly percent-encoded.'
  if (!isValidHost(request.headers.get('host'))) return 'The Host header is not a valid host name.'
  if (isFileUnderPrefix(request)) return 'Files here are stored without a prefix.'
  if (request.method !== 'GET' && request.method !== 'HEAD' && !(await isWellFormedBody(request))) return 'The form data or action arguments cannot be read.'
  return undefined
}

/**
 * Payload keeps the migrations it ran in a collection with no REST API (`endpoints: false`), and
 * answers every request to its address 501 Not Implemented, naming the address the server itself
 * listens on. For a client it is an address that does not exist.
 */
const isMigrationsApi = (pathname: string) => pathname === '/api/payload-migrations' || pathname.startsWith('/api/payload-migrations/')

const apiNotFound = () => NextResponse.json({ errors: [{ message: 'Not Found' }] }, { status: 404 })

/**
 * Payload's file route (`/api/<collection>/file/<name>`) looks a `?prefix=` up in the `prefix`
 * field a cloud storage adds when it is set up with a prefix, and answers 500 for a collection
 * without that field. The photos' storage sets none (platform/config/mediaStorage.ts).
 */
const isFileUnderPrefix = (request: NextRequest) => /^\/api\/[^/]+\/file\//.test(request.nextUrl.pathname) && request.nextUrl.searchParams.has('prefix')

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname)
    return true
  } catch {
    return false
  }
}

/** A name or an address with an optional port, as the admin turns it into a URL (`http://<host>`). */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=-]+)(?::\d{1,5})?$/

function isValidHost(host: string | null): boolean {
  if (host === null) return true
  if (!HOST.test(host)) return false
  try {
    new URL(`http://${host}`)
    return true
  } catch {
    return false
  }
}

/**
 * A server action's arguments arrive as React's reply encoding: JSON text (an array of arguments)
 * or multipart form data whose numbered parts are JSON; a form posted without JavaScript names its
 * action in `$ACTION_<n>:<m>` parts, JSON too. Next answers 500 when they do not decode, after
 * this point and before the action runs, as Payload's REST API does for multipart it cannot read
 * or whose `_payload` part (the document's fields) is not JSON. An action's arguments must also
 * refer only to parts the body has (`refersOnlyToPartsPresent`). Reading a clone leaves the body
 * for the action.
 */
async function isWellFormedBody(request: NextRequest): Promise<boolean> {
  const isAction = request.headers.has('next-action')
  const type = request.headers.get('content-type') ?? ''
  try {
    if (type.startsWith('multipart/form-data')) {
      const form = await request.clone().formData()
      const api = isApi(request.nextUrl.pathname)
      const isJsonPart = api
        ? (name: string) => name === '_payload'
        : isAction
          ? (name: string) => /^\d+$/.test(name)
          : (name: string) => /^\$ACTION_\d+:\d+$/.test(name)
      const parts = new Map<number, unknown>()
      for (const [name, value] of form) {
        if (isJsonPart(name)) parts.set(Number(name), JSON.parse(String(value)))
      }
      return !isAction || api || refersOnlyToPartsPresent(parts)
    }
    if (!isAction) return true
    const argumentList: unknown = JSON.parse(await request.clone().text())
    return Array.isArray(argumentList) && refersOnlyToPartsPresent(new Map([[0, argumentList]]))
  } catch {
    return false
  }
}

/** Tags of React's reply encoding that stand for a value, not for another part of the body. */
const VALUE_TAGS = new Set(['$', 'T', 'K', 'I', '-', 'N', 'u', 'D', 'n', 'H'])
/** Tags of a value held in a part as a list: a Map's entries, a Set, an iterator. */
const LIST_PART_TAGS = new Set([...'QWi'])
/** Tags of a value held in a part as a file: a Blob, a typed array. A numbered part here is JSON, never a file. */
const FILE_PART_TAGS = new Set([...'BAOoUSsLlGgMmV'])
/** Tags of a value held in a part of any kind: a promise, a server reference, a stream. */
const PART_TAGS = new Set([...'@hRrXx', ...LIST_PART_TAGS])

/**
 * In React's reply encoding a string "$<tag><id>" or "$<id>" (the id in hex) stands for the value
 * of another numbered part of the body, and "$n<digits>" for a BigInt; text the client wrote that
 * starts with "$" is sent as "$$…". Next answers 500, before the action runs, for a reference to a
 * part the body does not have or that holds another kind of value, and for a BigInt that is not one.
 */
function refersOnlyToPartsPresent(parts: Map<number, unknown>): boolean {
  const isDecodable = (value: unknown): boolean => {
    if (Array.isArray(value)) return value.every(isDecodable)
    if (typeof value === 'object' && value !== null) return Object.values(value).every(isDecodable)
    if (typeof value !== 'string' || value[0] !== '$') return true
    const tag = value[1]
    if (tag === 'n') return /^-?\d{1,300}$/.test(value.slice(2))
    if (VALUE_TAGS.has(tag)) return true
    if (FILE_PART_TAGS.has(tag)) return false
    const id = (PART_TAGS.has(tag) ? value.slice(2) : value.slice(1)).split(':')[0]
    if (!/^[0-9a-f]+$/i.test(id) || !parts.has(parseInt(id, 16))) return false
    return !LIST_PART_TAGS.has(tag) || Array.isArray(parts.get(parseInt(id, 16)))
  }
  return [...parts.values()].every(isDecodable)
}

/** A body declared larger than any form sends: refused before it is read. */
const isTooLarge = (request: NextRequest) => Number(request.headers.get('content-length') ?? 0) > FORM_BODY_MAX_BYTES

function tooLarge(request: NextRequest) {
  console.warn(`[413] ${request.method} ${request.nextUrl.pathname}: a body of ${request.headers.get('content-length')} bytes`)
  const megabytes = FORM_BODY_MAX_BYTES / 1024 / 1024
  return new NextResponse(`Payload Too Large: a form can send at most ${megabytes} MB.`, { status: 413, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

function forbidden(reason: string, request: NextRequest) {
  console.warn(`[403] ${request.method} ${request.nextUrl.pathname}: ${reason}`)
  return new NextResponse(`Forbidden: ${reason}`, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

function badRequest(reason: string, request: NextRequest) {
  console.warn(`[400] ${request.method} ${new URL(request.url).pathname}: ${reason}`)
  return new NextResponse(`Bad Request: ${reason}`, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

/**
 * Next reads the nonce from the request's Content-Security-Policy header and puts it on every script
 * it renders; the browser gets the same policy.
 */
function withNoncePolicy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID())
  const policy = contentSecurityPolicy({ nonce })
  const headers = new Headers(request.headers)
  headers.set('content-security-policy', policy)
  const response = NextResponse.next({ request: { headers } })
  response.headers.set('Content-Security-Policy', policy)
  const hsts = strictTransportSecurity()
  if (hsts) response.headers.set('Strict-Transport-Security', hsts)
  return response
}
