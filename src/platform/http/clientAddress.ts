import 'server-only'

import { readEnvironment } from '@/platform/config/environment.mjs'

/**
 * The visitor's real address, which every per-client limit keys on.
 *
 * Each proxy appends the address it received the request from to `X-Forwarded-For`; whatever the
 * client wrote comes first and is worthless. So the trustworthy entry is counted from the right:
 * with one proxy in front of the app (the default, `TRUSTED_PROXY_HOPS=1`) it is the last entry,
 * with two (a CDN and the TLS proxy) the second from the right, and so on. Without any proxy Next
 * itself sets the header to the socket's address when the client sent none.
 */

/** How many proxies in front of the app append to `X-Forwarded-For`. */
export function trustedProxyHops(): number {
  return readEnvironment().TRUSTED_PROXY_HOPS
}

export function clientAddressFrom(headers: Pick<Headers, 'get'>, hops: number = trustedProxyHops()): string {
  const entries = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  // Fewer entries than proxies: the request skipped a proxy; the leftmost is the best we have.
  const address = entries.length ? entries[Math.max(0, entries.length - hops)] : ''
  return address || 'unknown'
}
