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
  pathname.startsWith('/order/status/') || pathname.startsWith('/refills/') || pathname === '/unsubscribe' || pathname === '/recall-notice' || pathname === '/order/claim' || pathname === '/waiting-line' || isAdmin(pathname) || isSellerScreen(pathname)

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
 *   (an address that does not decode, a Host no URL can hold), and what Payload's REST API would
 *   (a file asked for under a storage prefix);
 * - hands a mail app's one-click unsubscribe POST to the route that acts on it;
 * - sends the admin opened at another address than SITE_URL's to SITE_URL's (see `adminElsewhere`);
 * - gives documents rendered per request (the admin, the seller's daily screen, a customer's order or refill plan page, a form's answer
 *   without JavaScript) a Content-Security-Policy with a nonce, which Next puts on its own scripts.
 * A server action's body (React's format) and its Origin are Next's to check: it refuses a body
 * that does not decode and an action posted from another site itself, and each refusal is logged
 * once, in one line (`onRequestError`, src/instrumentation.ts). Payload reads the REST API's
 * bodies (platform/http/restApi.ts).
 * Unknown addresses are not its business: next.config.mjs rewrites them to the cached 404 page.
 */
export function proxy(request: NextRequest) {
  if (isMigrationsApi(request.nextUrl.pathname)) return apiNotFound()
  if (isTooLarge(request)) return tooLarge(request)
  const refusal = malformedRequest(request)
  if (refusal) return badRequest(refusal, request)
  if (isOneClickUnsubscribe(request)) return NextResponse.rewrite(new URL(`/unsubscribe/confirm${request.nextUrl.search}`, request.url))
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
    '/recall-notice',
    '/order/claim',
    '/waiting-line',
    // Anywhere, an address Next would answer with a 500: a '%' not followed by two hex digits or
    // starting a non-ASCII byte (the only encodings that can fail to decode). A plain page view
    // matches none.
    '/:path(.*%(?:(?![0-9A-Fa-f]{2})|[89A-Fa-f]).*)',
    // Posts to the site's pages and to Next's own paths (a request with a body has a Content-Type):
    // the size and Host checks, and a form's answer without JavaScript, for its nonce. Server
    // actions posted with JavaScript are among them; the proxy leaves their bodies to Next.
    { source: '/((?!api/|api$).*)', has: [{ type: 'header', key: 'content-type' }] },
    // Uploaded files, for one asked for under a storage prefix (see `isFileUnderPrefix`). Every one:
    // a `has` condition on the query never matches an empty `?prefix`, which fails the same way.
    '/api/:collection/file/:path*',
    // Payload's migrations, which have no REST API (see `isMigrationsApi`).
    '/api/payload-migrations',
    '/api/payload-migrations/:path*',
  ],
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
function malformedRequest(request: NextRequest): string | undefined {
  if (!decodes(new URL(request.url).pathname)) return 'The address is not correctly percent-encoded.'
  if (!isValidHost(request.headers.get('host'))) return 'The Host header is not a valid host name.'
  if (isFileUnderPrefix(request)) return 'Files here are stored without a prefix.'
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

/** A body declared larger than any form sends: refused before it is read. */
const isTooLarge = (request: NextRequest) => Number(request.headers.get('content-length') ?? 0) > FORM_BODY_MAX_BYTES

function tooLarge(request: NextRequest) {
  console.warn(`[413] ${request.method} ${request.nextUrl.pathname}: a body of ${request.headers.get('content-length')} bytes`)
  const megabytes = FORM_BODY_MAX_BYTES / 1024 / 1024
  return new NextResponse(`Payload Too Large: a form can send at most ${megabytes} MB.`, { status: 413, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
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
