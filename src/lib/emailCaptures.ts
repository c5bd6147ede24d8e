import type { Payload } from 'payload'

import { captureSchema } from './schemas'
import { deliverEmail } from './mailer'
import { welcomeEmail } from './welcomeEmail'

export const CODE_PREFIX = 'HC25'
const CODE_DIGITS = 6
const CODE_SPACE = 10 ** CODE_DIGITS
/** Collisions need two sign-ups in the same millisecond; a few steps always find a free code. */
const MAX_CODE_ATTEMPTS = 50

/** 'HC25' + the last 6 digits of the time in milliseconds, `offset` codes further on a collision. */
export function discountCodeAt(nowMs: number, offset = 0): string {
  const digits = (nowMs + offset) % CODE_SPACE
  return `${CODE_PREFIX}${String(digits).padStart(CODE_DIGITS, '0')}`
}

export type JoinResult =
  | { status: 'joined' | 'resent'; code: string; email: string }
  | { status: 'already-used' }
  | { status: 'invalid'; message: string }

function isUniqueViolation(error: unknown): boolean {
  const text = `${String(error)} ${JSON.stringify((error as { data?: unknown })?.data ?? '')}`
  return /unique|duplicate|E11000|already (been )?registered|must be unique/i.test(text)
}

/** Creates the capture with the first free code from now on; the unique index settles races. */
async function createCapture(payload: Payload, name: string, email: string, nowMs: number): Promise<string> {
  for (let offset = 0; offset < MAX_CODE_ATTEMPTS; offset++) {
    const code = discountCodeAt(nowMs, offset)
    const { totalDocs } = await payload.count({ collection: 'email-captures', where: { discount_code: { equals: code } } })
    if (totalDocs > 0) continue
    try {
      await payload.create({ collection: 'email-captures', data: { name, email, discount_code: code, discount_used: false } })
      return code
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      // Taken a moment ago by another sign-up, or this e-mail joined in parallel: look again.
      const existing = await findByEmail(payload, email)
      if (existing) return existing.discount_code
    }
  }
  throw new Error('no free discount code found')
}

function findByEmail(payload: Payload, email: string) {
  return payload
    .find({ collection: 'email-captures', where: { email: { equals: email } }, limit: 1, depth: 0 })
    .then((result) => result.docs[0])
}

/**
 * Joins the e-mail list: one record per address with a unique first-order code, and a welcome
 * e-mail with it. Joining again sends the unused code again. The e-mail never blocks the sign-up.
 */
export async function joinEmailList(payload: Payload, input: { name: unknown; email: unknown }, nowMs = Date.now()): Promise<JoinResult> {
  const parsed = captureSchema.safeParse(input)
  if (!parsed.success) return { status: 'invalid', message: parsed.error.issues[0].message }
  const { name, email } = parsed.data

  const existing = await findByEmail(payload, email)
  if (existing?.discount_used) return { status: 'already-used' }
  const code = existing ? existing.discount_code : await createCapture(payload, name, email, nowMs)

  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  await deliverEmail(payload, welcomeEmail({ name, email, code, businessName: settings.businessName }))
  return { status: existing ? 'resent' : 'joined', code, email }
}
