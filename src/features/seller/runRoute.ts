import 'server-only'

import { runNotices } from '@/features/delivery/notices'
import { leaveOnRun, saveStopOrder } from '@/features/delivery/runChanges'
import { readStopOrderPost } from '@/features/delivery/runRules'
import { logFailure } from '@/payloadClient'

import { sellerNotices } from './notices'
import { RUN_KEY, runPath, signInPath } from './paths'
import { readSellerPost, refused, seeOther } from './sellerPost'

/**
 * The Run page's own posts (`app/(seller)/seller/run/leave` and `/stops`), checked as the order
 * buttons are (`readSellerPost`: this site's Origin and an admin's session), then the delivery
 * feature's change. A plain form (no script) is sent back to the run with what happened
 * (post/redirect/get); the page's script, which saves a drag with `fetch`, gets the bare status:
 * 204 saved, 400 refused, 401 signed out.
 */

/** Sent by the page's script rather than by a form: a browser marks a form's post `navigate`. */
const fromScript = (request: Request) => {
  const mode = request.headers.get('sec-fetch-mode')
  return mode !== null && mode !== 'navigate'
}

/** The run a post is about, or the 400 answer. */
function runKeyOf(form: FormData): string | Response {
  const runKey = form.get('run')
  return typeof runKey === 'string' && RUN_KEY.test(runKey) ? runKey : refused(400, runNotices.badRun)
}

/** `POST /seller/run/leave`: Leaving, once per run; 409 while Delivery day is off, as the handovers. */
export async function postLeaving(request: Request): Promise<Response> {
  const post = await readSellerPost(request)
  if (post instanceof Response) return post
  const { payload, form, user } = post
  const runKey = runKeyOf(form)
  if (runKey instanceof Response) return runKey
  const back = runPath(runKey)
  // Signed out meanwhile: after signing in, the seller is back on the run and taps again.
  if (!user) return seeOther(signInPath(back))
  try {
    const result = await leaveOnRun(payload, runKey)
    if (result.status === 'left') return seeOther(`${back}&left=${encodeURIComponent(result.leftAt!)}`)
    if (result.status === 'already-left') return seeOther(`${back}&alreadyLeft=${encodeURIComponent(result.leftAt!)}`)
    if (result.status === 'delivery-day-off') return refused(409, runNotices.leavingOff)
    return seeOther(`${back}&refused=${result.status}`)
  } catch (error) {
    await logFailure(`[seller] Leaving on run ${runKey} failed`, error)
    return refused(503, sellerNotices.notSaved)
  }
}

/** `POST /seller/run/stops`: the seller's stop order (a drag, or Up/Down), kept on the run. */
export async function postStopOrder(request: Request): Promise<Response> {
  const post = await readSellerPost(request)
  if (post instanceof Response) return post
  const { payload, form, user } = post
  const runKey = runKeyOf(form)
  if (runKey instanceof Response) return runKey
  const script = fromScript(request)
  const back = runPath(runKey)
  if (!user) return script ? refused(401, runNotices.signedOut) : seeOther(signInPath(back))
  const order = readStopOrderPost(form)
  if (!order) return refused(400, runNotices.badOrder)
  try {
    const result = await saveStopOrder(payload, runKey, order)
    if (result.status === 'refused') return refused(400, runNotices.notOnRun)
    if (result.status === 'delivery-day-off') return refused(409, runNotices.off)
    if (result.status === 'not-found') return script ? refused(404, runNotices.notFound) : seeOther(`${back}&refused=not-found`)
    return script ? new Response(null, { status: 204, headers: { 'Cache-Control': 'private, no-store' } }) : seeOther(`${back}&moved=1`)
  } catch (error) {
    await logFailure(`[seller] the stop order of run ${runKey} failed`, error)
    return refused(503, sellerNotices.notSaved)
  }
}
