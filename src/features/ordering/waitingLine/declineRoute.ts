import 'server-only'

import type { Payload } from 'payload'

import { placeFromLineKey, WAITING_LINE_PATHS } from '@/features/messages/signedLinks'
import { deliverSoon } from '@/platform/email/outbox'
import { isTrustedOrigin } from '@/platform/http/adminOrigins'

import { passOnOffer, type Released } from './line'

/** Where the "No thanks" page's button posts (`app/(frontend)/waiting-line/decline`). */
export const DECLINE_ROUTE = `${WAITING_LINE_PATHS.decline}/decline`

/** The answer's query after jars were passed on: where they went and how many, read back by the page. */
export const PASSED_PARAMS = { wentTo: 'passed', count: 'jars' } as const

export const declineRefusals = {
  otherSite: 'This button works only from our own page: open the link in the e-mail and press it there.',
  notOurs: 'This link is not one of ours: use the link in the e-mail as it is.',
} as const

const plain = (status: number, text: string) => new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } })

/**
 * Relative, and never cached: the browser resolves it against the address it asked for (Next's
 * `request.url` names the host the server was started with, not the visitor's).
 */
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'private, no-store' } })

/**
 * The "No thanks" page's "Pass them on" button (a plain form: no JavaScript needed). Refused with
 * 403 unless posted from this site's own page (its `Origin` on the site's allow-list, as the daily
 * screen's posts: every browser sends one with a form post), and with 400 for a link whose
 * signature does not hold; both change nothing. Otherwise the held jars go to the next in line or
 * back on sale, and the answer is the page again (post/redirect/get) saying where they went, or,
 * when nothing was held any more, why not.
 */
export async function postDecline(payload: Payload, request: Request, now = new Date()): Promise<Response> {
  const origin = request.headers.get('origin')
  if (!origin || !isTrustedOrigin(origin)) return plain(403, declineRefusals.otherSite)
  const key = new URL(request.url).searchParams.get('place') ?? ''
  const placeId = placeFromLineKey(payload, key)
  if (placeId === null) return plain(400, declineRefusals.notOurs)
  const outcome = await passOnOffer(payload, placeId, now)
  const page = new URLSearchParams({ place: key })
  if (outcome.ok) {
    // The next in line's offer is in the outbox: send it now rather than at the worker's next turn.
    deliverSoon(payload)
    page.set(PASSED_PARAMS.wentTo, outcome.wentTo)
    page.set(PASSED_PARAMS.count, String(outcome.heldCount))
  }
  return seeOther(`${WAITING_LINE_PATHS.decline}?${page}`)
}

/** A GET (a link opened by a mail scanner) passes nothing on: the page with its button. */
export const getDecline = (request: Request) => seeOther(`${WAITING_LINE_PATHS.decline}${new URL(request.url).search}`)

/** The answer's outcome as the page reads it back; anything else is none. */
export function passedFrom(query: URLSearchParams): { wentTo: Released; heldCount: number } | null {
  const wentTo = query.get(PASSED_PARAMS.wentTo)
  const heldCount = Number(query.get(PASSED_PARAMS.count))
  if ((wentTo !== 'next-in-line' && wentTo !== 'on-sale') || !Number.isInteger(heldCount) || heldCount < 1 || heldCount > 99) return null
  return { wentTo, heldCount }
}
