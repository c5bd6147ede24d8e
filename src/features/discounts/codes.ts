import 'server-only'

import type { Payload, PayloadRequest, Where } from 'payload'

import { type Message } from '@/shared/notices'

import { DISCOUNT_CODE_MAX_LENGTH, normalizeDiscountCode } from './codeFormat'
import { discountNotices } from './notices'

/**
 * First-order discount codes (`HC25` + 6 digits) from the `email-captures` collection. A code is
 * valid while its record exists and `discount_used` is not true; an order uses it exactly once.
 * How a typed code is cleaned up, which the browser needs too, is in `codeFormat.ts`.
 */

export type DiscountStatus = 'valid' | 'invalid' | 'used'

const CAPTURES = 'email-captures'

/** "Not used" includes an unset flag, so a record without the field still counts as unused. */
const unusedCode = (code: string): Where => ({
  and: [{ discount_code: { equals: code } }, { discount_used: { not_equals: true } }],
})

/** Looks a code up; a database failure is thrown to the caller. */
export async function findDiscountStatus(payload: Payload, rawCode: unknown, req?: Partial<PayloadRequest>): Promise<DiscountStatus> {
  const code = normalizeDiscountCode(rawCode)
  if (!code || code.length > DISCOUNT_CODE_MAX_LENGTH) return 'invalid'
  const { docs } = await payload.find({
    collection: CAPTURES,
    where: { discount_code: { equals: code } },
    limit: 1,
    depth: 0,
    select: { discount_used: true },
    // A server-side lookup for the visitor: only the status leaves this module, never the record.
    overrideAccess: true,
    req,
  })
  if (docs.length === 0) return 'invalid'
  return docs[0].discount_used ? 'used' : 'valid'
}

/**
 * Marks a code used with one conditional single-document update (`discount_used` not true → true),
 * never read-then-write. Payload's SQLite adapter finds the row's id, then runs `UPDATE … WHERE
 * id = ? AND discount_code = ? AND (discount_used IS NULL OR discount_used <> 1) RETURNING …`: the
 * UPDATE re-checks the condition itself. MongoDB runs one `findOneAndUpdate` with that filter. Of
 * two racing claims only one changes the record; the other gets no document back. Pass the order's
 * `req` so the claim commits or rolls back together with the order.
 */
export async function claimDiscountCode(payload: Payload, code: string, req: Partial<PayloadRequest>): Promise<DiscountStatus> {
  const claimed = await payload.db.updateOne({
    collection: CAPTURES,
    where: unusedCode(code),
    data: { discount_used: true, updatedAt: new Date().toISOString() },
    req,
  })
  if (claimed) return 'valid'
  // Nothing matched: tell "used" from "unknown" for the visitor's message.
  return (await findDiscountStatus(payload, code, req)) === 'invalid' ? 'invalid' : 'used'
}

/** What the visitor reads for a code that cannot be used. */
export function discountRejection(status: Exclude<DiscountStatus, 'valid'>): Message {
  return status === 'used' ? discountNotices.alreadyUsed : discountNotices.invalid
}

export type DiscountAnswer = { ok: true; code: string } | { ok: false; message: Message }

/**
 * The answer to the order page's "Apply": the normalised code when it can be used, otherwise the
 * spec's message. A database failure gives "Database error", anything else "Unexpected error";
 * both name a plain reason and log the real error, so no query or schema detail reaches a visitor.
 */
export async function checkDiscountCode(payload: Payload, rawCode: unknown): Promise<DiscountAnswer> {
  const code = normalizeDiscountCode(rawCode)
  let status: DiscountStatus
  try {
    status = await findDiscountStatus(payload, code)
  } catch (error) {
    payload.logger.error({ err: error, msg: '[discount] lookup failed' })
    return { ok: false, message: discountNotices.databaseError('the code could not be looked up') }
  }
  return status === 'valid' ? { ok: true, code } : { ok: false, message: discountRejection(status) }
}
