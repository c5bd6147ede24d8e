'use server'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'

import { adminSession } from '@/features/admin/adminSession'
import { RECALL_RECORD_VIEW, RECALL_VIEW } from '@/features/admin/adminViews'
import { getPayloadClient } from '@/payloadClient'

import { refusalCode, startRecall } from './recallRecords'
import { RECALL_REASON_MAX } from './recordRules'
import { readRecallRequest, recallQuery } from './rules'

const text = (posted: FormData, name: string) => {
  const value = posted.get(name)
  return typeof value === 'string' ? value : ''
}

/**
 * The recall screen's two buttons: a drill, and (after its confirmation step) the real recall. A
 * server action: Next refuses a post from another site by its Origin, and the session is read as
 * Payload reads it (`adminSession`: its cookie, under its CSRF list) before anything else, as Add
 * order does. Then the recall's record, or the screen again saying why nothing was recorded.
 */
export async function runRecall(posted: FormData): Promise<void> {
  const payload = await getPayloadClient()
  const request = readRecallRequest(new URLSearchParams([...posted.entries()].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : []))))
  const back = request.scope ? `${RECALL_VIEW.url}?${recallQuery(request.scope)}` : RECALL_VIEW.url
  const session = await adminSession(payload, await headers())
  if (session.status !== 'admin') redirect(`/admin/login?redirect=${encodeURIComponent(back)}`)
  if (!request.scope) redirect(back)
  const kind = text(posted, 'kind') === 'real' ? 'real' : 'drill'
  const started = await startRecall(payload, {
    scope: request.scope,
    kind,
    reason: text(posted, 'reason').slice(0, RECALL_REASON_MAX),
    userId: session.user.id,
    requestKey: text(posted, 'requestKey').slice(0, 64) || undefined,
  })
  if (started.status === 'recorded') redirect(RECALL_RECORD_VIEW.url(started.id))
  // The screen says why in its own words (never text from the address): nothing to recall, or the reason missing.
  redirect(`${back}&${new URLSearchParams({ refused: refusalCode(started.problem), ...(kind === 'real' ? { step: 'tell' } : {}) })}`)
}
