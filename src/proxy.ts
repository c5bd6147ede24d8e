import { type NextRequest, NextResponse } from 'next/server'

import { NAV_ROUTES } from '@/lib/constants'

/** The one path unknown addresses are rendered as, so the page cache holds a single 404 page. */
export const NOT_FOUND_PATH = '/not-found'

/** Every path the public site answers; `/admin`, `/api` and `/_next` never reach this proxy. */
const KNOWN_PATHS = new Set<string>([
  NOT_FOUND_PATH,
  ...NAV_ROUTES.map((route) => route.href),
  '/icon.svg',
  '/og-image.png',
  '/robots.txt',
  '/sitemap.xml',
])

/**
 * Logs every address that does not exist and answers it with the 404 page. Without this, the
 * cached catch-all would store a copy of the 404 page for each made-up address a bot tries.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl
  if (KNOWN_PATHS.has(pathname)) return NextResponse.next()
  console.warn(`[404] ${request.method} ${pathname}`)
  return NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url))
}

export const config = {
  matcher: ['/((?!_next/|api/|api$|admin/|admin$).*)'],
}
