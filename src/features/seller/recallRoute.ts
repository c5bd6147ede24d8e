import 'server-only'

import { refusalCode, startRecall } from '@/features/recalls/recallRecords'
import { RECALL_REASON_MAX } from '@/features/recalls/recordRules'
import { readRecallRequest, recallQuery } from '@/features/recalls/rules'
import { logFailure } from '@/payloadClient'

import { sellerNotices } from './notices'
import { SELLER_PATHS, signInPath } from './paths'
import { readSellerPost, refused, seeOther } from './sellerPost'

/**
 * `POST /seller/recall/run`: the phone's "Practice recall (drill)" and, after its confirmation
 * step, the real recall — a plain form, checked as the order buttons are (`readSellerPost`: this
 * site's Origin and an admin's session), then the admin's own `startRecall`. Recorded: the phone's
 * short record. Refused: the recall again, saying why by a fixed code (never text from the form).
 */
export async function postSellerRecall(request: Request): Promise<Response> {
  const post = await readSellerPost(request)
  if (post instanceof Response) return post
  const { payload, form, user } = post
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const recall = readRecallRequest(new URLSearchParams([...form].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : []))))
  const back = recall.scope ? `${SELLER_PATHS.recall}?${recallQuery(recall.scope)}` : SELLER_PATHS.recall
  // Signed out meanwhile: after signing in, the seller is back on the same recall and taps again.
  if (!user) return seeOther(signInPath(back))
  if (!recall.scope) return seeOther(back)

  const kind = text('kind') === 'real' ? 'real' : 'drill'
  try {
    const started = await startRecall(payload, {
      scope: recall.scope,
      kind,
      reason: text('reason').slice(0, RECALL_REASON_MAX),
      userId: user.id,
      requestKey: text('requestKey').slice(0, 64) || undefined,
    })
    if (started.status === 'recorded') return seeOther(SELLER_PATHS.recallRecord(started.id))
    return seeOther(`${back}&${new URLSearchParams({ refused: refusalCode(started.problem), ...(kind === 'real' ? { step: 'tell' } : {}) })}`)
  } catch (error) {
    await logFailure(`[seller] the ${kind} recall of ${recallQuery(recall.scope)} failed`, error)
    return refused(503, sellerNotices.notSaved)
  }
}
