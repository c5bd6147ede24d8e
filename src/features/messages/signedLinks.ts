import 'server-only'

import { createHmac, timingSafeEqual } from 'node:crypto'

import type { Payload } from 'payload'

import { siteUrl } from '@/platform/config/siteUrl'

/**
 * Links in customers' e-mails that act without a login: the review link of an order (a verified
 * buyer's review), the unsubscribe link of an address and a recall notice's "I have read it" link. Each carries an HMAC of what it names,
 * keyed by the server's secret, so nobody can make one for another order or address.
 */

type Purpose = 'review' | 'unsubscribe' | 'recall' | 'waiting-line'

function signature(payload: Payload, purpose: Purpose, value: string): string {
  return createHmac('sha256', payload.secret).update(`${purpose}:${value}`).digest('base64url').slice(0, 32)
}

function matches(payload: Payload, purpose: Purpose, value: string, given: string): boolean {
  const expected = Buffer.from(signature(payload, purpose, value))
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** The id an `<id>.<signature>` key names for `purpose`, when its signature holds. */
function idFromKey(payload: Payload, purpose: Purpose, key: unknown): string | null {
  if (typeof key !== 'string' || key.length > 80) return null
  const [id, given] = key.split('.')
  return id && given && /^\w+$/.test(id) && matches(payload, purpose, id, given) ? id : null
}

/** `/reviews?name=…&order=<id>.<signature>`: the review form with the customer's name filled in. */
export function reviewLink(payload: Payload, order: { id: number | string; fullName: string }): string {
  const key = `${order.id}.${signature(payload, 'review', String(order.id))}`
  return `${siteUrl()}/reviews?${new URLSearchParams({ name: order.fullName, order: key })}`
}

/** The order a review link's key names, when its signature holds. */
export function orderFromReviewKey(payload: Payload, key: unknown): string | null {
  return idFromKey(payload, 'review', key)
}

/** The one-click unsubscribe address of an e-mail address (the link, and the List-Unsubscribe header). */
export function unsubscribeLink(payload: Payload, email: string): string {
  const address = email.trim().toLowerCase()
  return `${siteUrl()}/unsubscribe?${new URLSearchParams({ email: address, key: signature(payload, 'unsubscribe', address) })}`
}

export function isUnsubscribeKey(payload: Payload, email: unknown, key: unknown): email is string {
  return typeof email === 'string' && typeof key === 'string' && email.length <= 254 && matches(payload, 'unsubscribe', email.trim().toLowerCase(), key)
}

/** Where a recall notice's "I have read this notice" link leads (`app/(frontend)/recall-notice`). */
export const RECALL_NOTICE_PATH = '/recall-notice'

/** The link of one customer's recall notice (`recall-notices` record): `/recall-notice?notice=<id>.<signature>`. */
export function recallNoticeLink(payload: Payload, noticeId: number | string): string {
  return `${siteUrl()}${RECALL_NOTICE_PATH}?${new URLSearchParams({ notice: `${noticeId}.${signature(payload, 'recall', String(noticeId))}` })}`
}

/** The recall notice a link's key names, when its signature holds. */
export function noticeFromRecallKey(payload: Payload, key: unknown): string | null {
  return idFromKey(payload, 'recall', key)
}

/** Where a place in the waiting line is claimed (the order form, filled in) or passed on (a page with a button). */
export const WAITING_LINE_PATHS = { claim: '/order/claim', decline: '/waiting-line' } as const

/** An offer's links: `/order/claim?place=<id>.<signature>` and `/waiting-line?place=<id>.<signature>`. */
export function waitingLineLink(payload: Payload, placeId: number | string, action: keyof typeof WAITING_LINE_PATHS): string {
  return `${siteUrl()}${WAITING_LINE_PATHS[action]}?${new URLSearchParams({ place: `${placeId}.${signature(payload, 'waiting-line', String(placeId))}` })}`
}

/** The place a waiting-line link's key names, when its signature holds. */
export function placeFromLineKey(payload: Payload, key: unknown): string | null {
  return idFromKey(payload, 'waiting-line', key)
}
