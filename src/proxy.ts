import { type NextRequest, NextResponse } from 'next/server'

import { NAV_ROUTES } from '@/features/content/routes'
import { contentSecurityPolicy, strictTransportSecurity } from './platform/http/securityHeaders.mjs'

/** The one path unknown addresses are rendered as, so the page cache holds a single 404 page. */
export const NOT_FOUND_PATH = '/not-found'

/** Every path the public site answers. */
const KNOWN_PATHS = new Set<string>([
  NOT_FOUND_PATH,
  ...NAV_ROUTES.map((route) => route.href),
  '/icon.svg',
  '/og-image.png',
  '/robots.txt',
  '/sitemap.xml',
])

/** Documents rendered for each request (never cached): their policy can carry a fresh nonce. */
const isRenderedPerRequest = (pathname: string) =>
  pathname === '/order' ||
  pathname.startsWith('/order/status/') ||
  pathname === '/unsubscribe' ||
  pathname === '/unsubscribe/confirm' ||
  pathname === '/admin' ||
  pathname.startsWith('/admin/')

const isPublicPage = (pathname: string) => !/^\/(?:_next|api|admin)(?:\/|$)/.test(pathname)

/**
 * Three jobs, each on the requests the matcher below sends here:
 * - refuse with 400 what Next itself would answer with a 500 before any code of the site runs
 *   (an address that does not decode, a Host no URL can hold, a server-action post whose body is
 *   not what React sends);
 * - give the pages rendered per request (/order, the admin) a Content-Security-Policy with a nonce,
 *   which Next puts on its own scripts; cached pages get theirs from the page cache (src/platform/http/pageCache.mjs);
 * - log every public address that does not exist and answer it with the 404 page. Without this,
 *   the cached catch-all would store a copy of the 404 page for each made-up address a bot tries.
 */
export async function proxy(request: NextRequest) {
  const refusal = (await malformedRequest(request)) ?? null
  if (refusal) return badRequest(refusal, request)

  const { pathname } = request.nextUrl
  if (isRenderedPerRequest(pathname)) return withNoncePolicy(request)
  if (!isPublicPage(pathname) || KNOWN_PATHS.has(pathname)) return NextResponse.next()
  console.warn(`[404] ${request.method} ${pathname}`)
  return NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url))
}

export const config = {
  matcher: [
    // Public pages, for the 404 rewrite above.
    '/((?!_next/|api/|api$|admin/|admin$).*)',
    // Pages rendered per request, for their nonce.
    '/order',
    '/admin',
    '/admin/:path*',
    // Anywhere, requests Next would answer with a 500: a '%' not followed by two hex digits or
    // starting a non-ASCII byte (the only encodings that can fail to decode), and server-action
    // posts. Matching them costs nothing for any other request.
    '/:path(.*%(?:(?![0-9A-Fa-f]{2})|[89A-Fa-f]).*)',
    { source: '/:path*', has: [{ type: 'header', key: 'next-action' }] },
  ],
}

/** Why the request cannot be served, or undefined. */
async function malformedRequest(request: NextRequest): Promise<string | undefined> {
  if (!decodes(new URL(request.url).pathname)) return 'The address is not correctly percent-encoded.'
  if (!isValidHost(request.headers.get('host'))) return 'The Host header is not a valid host name.'
  if (request.method === 'POST' && !(await isWellFormedBody(request))) return 'The form data or action arguments cannot be read.'
  return undefined
}

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
 * or multipart form data whose numbered parts are JSON. Next answers 500 when they do not decode,
 * after this point and before the action runs. Reading a clone leaves the body for the action.
 */
async function isWellFormedBody(request: NextRequest): Promise<boolean> {
  const isAction = request.headers.has('next-action')
  const type = request.headers.get('content-type') ?? ''
  try {
    if (type.startsWith('multipart/form-data')) {
      const form = await request.clone().formData()
      if (!isAction) return true
      for (const [name, value] of form) {
        if (/^\d+$/.test(name)) JSON.parse(String(value))
      }
      return true
    }
    if (!isAction) return true
    return Array.isArray(JSON.parse(await request.clone().text()))
  } catch {
    return false
  }
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
