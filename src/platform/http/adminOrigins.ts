import 'server-only'

import { readEnvironment } from '@/platform/config/environment.mjs'

/**
 * Where the admin's session counts. Payload's `csrf` allow-list: a request that carries the
 * admin's session cookie is trusted only from these origins, so a page on another site that makes
 * the admin's browser post to /api gets no session. With SITE_URL, its origin; without it (the
 * quick start), this machine's own addresses on the configured port, so the admin saves whether
 * the seller opens http://localhost:3000, http://127.0.0.1:3000 or http://[::1]:3000.
 */
export function trustedOrigins(): string[] {
  const { SITE_URL, siteUrlIsSet, PORT } = readEnvironment()
  if (siteUrlIsSet) return [new URL(SITE_URL).origin]
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => new URL(`http://${host}:${PORT}`).origin)
}

export const isTrustedOrigin = (origin: string) => trustedOrigins().includes(origin)

/** Where the admin must be opened for its saves to count. */
export const adminAddress = () => `${readEnvironment().SITE_URL}/admin`

/**
 * Instead of Payload's "You are not allowed to perform this action." for a save refused for its
 * origin, and above the sign-in form opened at such an address (features/admin AdminAddressNotice).
 */
export const wrongAddressMessage = () => `Open the admin at ${adminAddress()}: changes are only saved from there.`

/**
 * A request with the admin's session cookie from an origin not trusted for it: Payload ignores the
 * session, so the admin opened at that address looks signed in (a page view sends no Origin) while
 * every save is refused as if signed out.
 */
export function isSessionFromElsewhere(headers: Headers, cookiePrefix: string): boolean {
  const origin = headers.get('origin')
  if (!origin || isTrustedOrigin(origin)) return false
  const cookie = `${cookiePrefix}-token=`
  return (headers.get('cookie') ?? '').split(';').some((part) => part.trim().startsWith(cookie))
}

/**
 * An error answer the admin shows as written. Its forms show a top-level `message` as it is, but
 * read an `errors` message as "intro: item, item" and list it in parts, which would cut
 * "Open the admin at http://…" at its first colon. `errors` stays for API clients.
 */
export const wholeMessage = (message: string) => ({ message, errors: [{ message }] })
