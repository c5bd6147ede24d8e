import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { WaitingLine as Place } from '@/payload-types'
import type { Message } from '@/shared/notices'
import { relationId } from '@/shared/relation'

import type { HeldJars } from '../shop'
import { endPlace, heldJarsOf } from './line'
import { lineNotices, placeState } from './rules'

/**
 * A claim of held jars, read in the order's transaction: the jars the order may take first and how
 * to mark the place claimed by it; or why not. `passedOn`: the hold had run out, and its jars were
 * passed on in this transaction (to be committed, though no order is stored).
 */
export type Claim = { ok: true; place: Place; held: HeldJars; done: (orderId: number | string) => Promise<void> } | { ok: false; passedOn: boolean; message: Message }

export async function claimOf(payload: Payload, placeId: string, req: PayloadRequest, now: Date): Promise<Claim> {
  const place = await payload.findByID({ collection: 'waiting-line', id: placeId, depth: 0, overrideAccess: true, disableErrors: true, req })
  const refused = placeState(place)
  if (refused) return { ok: false, passedOn: false, message: refused }
  if (!place || !place.holdUntil) return { ok: false, passedOn: false, message: lineNotices.left }
  if (new Date(place.holdUntil) <= now) {
    const wentTo = await endPlace(payload, place, 'passed', req, now)
    return { ok: false, passedOn: true, message: lineNotices.holdEnded(place.holdUntil, wentTo) }
  }
  const batch = relationId(place.batch)
  return {
    ok: true,
    place,
    held: { batch: batch ?? '', jars: heldJarsOf(place) },
    done: async (orderId) => void (await endPlace(payload, place, 'claimed', req, now, orderId)),
  }
}
