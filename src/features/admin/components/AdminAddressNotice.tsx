import { headers } from 'next/headers'

import { isTrustedOrigin, wrongAddressMessage } from '@/platform/http/adminOrigins'

import './AdminAddressNotice.scss'

/**
 * Above the sign-in form, when the admin was opened at an address whose saves Payload refuses (its
 * `csrf` list, platform/http/adminOrigins.ts): without SITE_URL, a name of this machine other than
 * localhost, 127.0.0.1 or [::1], such as its address on the local network. Signing in there shows
 * the sign-in form again with no reason given; this says where to open the admin instead. (With
 * SITE_URL set, src/proxy.ts has already sent such a visit to SITE_URL.)
 */
export async function AdminAddressNotice() {
  const request = await headers()
  const host = (request.get('x-forwarded-host') ?? request.get('host'))?.split(',')[0].trim()
  const scheme = request.get('x-forwarded-proto')?.split(',')[0].trim() === 'https' ? 'https' : 'http'
  if (!host || isTrustedOrigin(`${scheme}://${host}`)) return null
  return (
    <p className="admin-address-notice" role="alert">
      {wrongAddressMessage()}
    </p>
  )
}
