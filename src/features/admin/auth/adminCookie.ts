import 'server-only'

import type { Config } from 'payload'

import { siteUrl } from '@/platform/config/siteUrl'
import { isSessionFromElsewhere, wholeMessage, wrongAddressMessage } from '@/platform/http/adminOrigins'

// Cookie and CSRF, from SITE_URL (the allow-list itself: platform/http/adminOrigins.ts)

/** Over https the admin session cookie is sent over https only. */
export function adminCookieIsSecure(): boolean {
  return siteUrl().startsWith('https:')
}

type RootAfterErrorHook = NonNullable<NonNullable<Config['hooks']>['afterError']>[number]

/**
 * A request refused while its session cookie was ignored for its origin (platform/http/adminOrigins.ts)
 * says where to open the admin. Anonymous writes are refused before Payload (restApi.ts), with the
 * same words; this covers what Payload itself refuses, such as reading the orders.
 */
export const explainRefusedOrigin: RootAfterErrorHook = ({ error, req }) => {
  // By status, not `instanceof Forbidden`: the production bundle may hold a second copy of Payload's classes.
  if ((error as { status?: unknown }).status !== 403) return
  if (!isSessionFromElsewhere(req.headers, req.payload.config.cookiePrefix)) return
  return { response: wholeMessage(wrongAddressMessage()), status: 403 }
}
