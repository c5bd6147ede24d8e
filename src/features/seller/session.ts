import 'server-only'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'
import type { Payload } from 'payload'

import { adminSession } from '@/features/admin/adminSession'
import type { User } from '@/payload-types'
import { isTrustedOrigin } from '@/platform/http/adminOrigins'

import { signInPath } from './paths'

/**
 * The admin signed in to this browser (Payload's session cookie, the admin's own), for a page of the
 * daily screen; anyone else is sent to the admin's sign-in page, which brings them back here.
 */
export async function sellerForPage(payload: Payload, path: string): Promise<User> {
  const session = await adminSession(payload, await headers())
  if (session.status !== 'admin') redirect(signInPath(path))
  return session.user
}

export type PostCheck = { status: 'admin'; user: User } | { status: 'other-site' } | { status: 'anonymous' } | { status: 'forbidden' }

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
