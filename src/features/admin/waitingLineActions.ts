'use server'

import { headers } from 'next/headers'
import { redirect } from 'next/navigation'

import { removeFromLine } from '@/features/ordering/waitingLine/line'
import { getPayloadClient } from '@/payloadClient'

import { adminSession } from './adminSession'
import { waitingLineUrl } from './waitingLineRules'

const text = (posted: FormData, name: string) => {
  const value = posted.get(name)
  return typeof value === 'string' ? value : ''
}

/**
 * Waiting line's Remove, after its confirmation step. A server action: Next refuses a post from
 * another site by its Origin, and the session is read as Payload reads it (`adminSession`) before
 * anything else. Then the same list again, saying what happened to the place (the view words it
 * from the place as stored, never from the address).
 */
export async function removePlace(posted: FormData): Promise<void> {
  const payload = await getPayloadClient()
  const back = { line: text(posted, 'line'), shown: 'active', page: text(posted, 'page') }
  const session = await adminSession(payload, await headers())
  if (session.status !== 'admin') redirect(`/admin/login?redirect=${encodeURIComponent(waitingLineUrl(back))}`)
  const place = text(posted, 'place').slice(0, 64)
  const removed = place !== '' && (await removeFromLine(payload, place))
  redirect(waitingLineUrl({ ...back, place, done: removed ? 'removed' : 'not-removed' }))
}
