import 'server-only'

import type { Payload } from 'payload'

import { adminSession, type AdminSession } from '@/features/admin/adminSession'
import { isTrustedOrigin } from '@/platform/http/adminOrigins'

export type PostCheck = AdminSession | { status: 'other-site' }

/**
 * Who may change an order from the daily screen: a post from this site's own pages (its `Origin` on
 * the admin's CSRF allow-list, `platform/http/adminOrigins.ts`: every browser sends it with a form
 * post, so a post without one is refused too) carrying an admin's session.
 */
export async function checkSellerPost(payload: Payload, requestHeaders: Headers): Promise<PostCheck> {
  const origin = requestHeaders.get('origin')
  if (!origin || !isTrustedOrigin(origin)) return { status: 'other-site' }
  return adminSession(payload, requestHeaders)
}
