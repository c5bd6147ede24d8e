import 'server-only'

import type { Payload } from 'payload'

import type { User } from '@/payload-types'
import { getPayloadClient } from '@/payloadClient'
import { siteUrl } from '@/platform/config/siteUrl'

import { sellerNotices } from './notices'
import { checkSellerPost } from './session'

/** A post of the daily screen refused: the reason as plain text, never cached. */
export const refused = (status: number, message: string) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } })

/** Post/redirect/get: to a page of this site (absolute, from SITE_URL), never cached. */
export const seeOther = (path: string) => new Response(null, { status: 303, headers: { Location: new URL(path, siteUrl()).href, 'Cache-Control': 'private, no-store' } })

/**
 * What every post of the daily screen starts with (a plain form, so it works without JavaScript):
 * refused with 403 from another site's page or for a signed-in customer, 400 for a form that does
 * not read; else the form and the admin, or `user: null` for a seller signed out meanwhile, whom
 * the caller sends to sign in and back to the page the post came from.
 */
export async function readSellerPost(request: Request): Promise<Response | { payload: Payload; form: FormData; user: User | null }> {
  const payload = await getPayloadClient()
  const check = await checkSellerPost(payload, request.headers)
  if (check.status === 'other-site') return refused(403, sellerNotices.otherSite)
  if (check.status === 'forbidden') return refused(403, sellerNotices.notAnAdmin)
  try {
    return { payload, form: await request.formData(), user: check.status === 'admin' ? check.user : null }
  } catch {
    return refused(400, sellerNotices.badForm)
  }
}
