import 'server-only'

import { logFailure } from '@/payloadClient'
import { siteUrl } from '@/platform/config/siteUrl'

import { sellerNotices } from './notices'
import { RETURN_PATH, SELLER_PATHS, signInPath } from './paths'
import { sellerActionSchema } from './schema'
import { applySellerAction } from './service'
import { readSellerPost, refused, seeOther } from './sellerPost'

/** Order ids as the database adapters give them: SQLite's numbers, MongoDB's ObjectIds. */
const ORDER_ID = /^(?:[1-9][0-9]{0,15}|[0-9a-f]{24})$/

/** Post/redirect/get: back to the page the button was on, which says what happened. */
function backTo(path: string, notice: Record<string, string>): Response {
  const url = new URL(path, siteUrl())
  for (const [name, value] of Object.entries(notice)) url.searchParams.set(name, value)
  return new Response(null, { status: 303, headers: { Location: url.href, 'Cache-Control': 'private, no-store' } })
}

/**
 * `POST /seller/orders/<id>`: a button of the daily screen (a plain form, so it works without
 * JavaScript). Refused with 403 from another site's page, sent to sign in without a session, 400
 * for a form that does not read; otherwise the change is made once (`applySellerAction`) and the
 * seller is sent back with a short confirmation.
 */
export async function postSellerAction(request: Request, orderId: string): Promise<Response> {
  const post = await readSellerPost(request)
  if (post instanceof Response) return post
  const { payload, form, user } = post
  const asked = form.get('back')
  const back = typeof asked === 'string' && RETURN_PATH.test(asked) ? asked : SELLER_PATHS.today
  // Signed out meanwhile: after signing in, the seller is back on the page and taps again.
  if (!user) return seeOther(signInPath(back))

  if (!ORDER_ID.test(orderId)) return refused(404, sellerNotices.notFound)
  const parsed = sellerActionSchema.safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === 'string')))
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? sellerNotices.badForm)

  try {
    const result = await applySellerAction(payload, user, /^\d+$/.test(orderId) ? Number(orderId) : orderId, parsed.data)
    if (result.status === 'not-found') return refused(404, sellerNotices.notFound)
    if (result.status === 'delivery-day-off') return refused(409, sellerNotices.deliveryDayOff)
    if (result.status === 'unchanged') return backTo(back, { unchanged: result.reference })
    if (result.status === 'held') return backTo(back, { held: result.reference })
    if (result.status === 'refused') return backTo(back, { notPaid: result.reference, why: result.why })
    if (result.status === 'owes-changed') return backTo(back, { owesChanged: result.reference })
    const paid = parsed.data.action === 'paid' ? { method: parsed.data.method, ...(parsed.data.paidOn ? { paidOn: parsed.data.paidOn } : {}) } : {}
    return backTo(back, { done: parsed.data.action, order: result.reference, ...paid })
  } catch (error) {
    await logFailure(`[seller] ${parsed.data.action} of order ${orderId} failed`, error)
    return refused(503, sellerNotices.notSaved)
  }
}
