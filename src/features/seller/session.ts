import 'server-only'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import type { Payload } from 'payload'

import { adminSession, type AdminSession } from '@/features/admin/adminSession'
import type { User } from '@/payload-types'
import { getPayloadClient } from '@/payloadClient'
import { isTrustedOrigin } from '@/platform/http/adminOrigins'

import { signInPath } from './paths'

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

/**
 * The admin a page of the daily screen is rendered for, read by Payload from the request's cookie
 * before the page reads anything: anyone else is sent to the admin's sign-in page, which brings
 * them back to `back` (the page's own address) once signed in. So no data is ever rendered for a
 * visitor.
 */
export async function sellerOnPage(back: string): Promise<{ payload: Payload; user: User }> {
  // The request's headers first: they make the page one rendered per request, never at build time.
  const requestHeaders = await headers()
  const payload = await getPayloadClient()
  const session = await adminSession(payload, requestHeaders)
  if (session.status !== 'admin') redirect(signInPath(back))
  return { payload, user: session.user }
}
