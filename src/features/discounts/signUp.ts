import 'server-only'

import crypto from 'node:crypto'

import type { Payload, PayloadRequest } from 'payload'

import type { EmailCapture } from '@/payload-types'

import { deliverSoon, queueEmail, recordNotSent } from '@/platform/email/outbox'
import { unsubscribeLink } from '@/features/messages/signedLinks'
import { fillTemplate, templatesFrom } from '@/features/messages/templates'
import { resubscribe } from '@/features/messages/unsubscribe'
import { captureSchema } from '@/features/discounts/schema'
import { firstMessage } from '@/shared/forms/schemas'
import type { Message } from '@/shared/notices'
import { earlierSubmission, recordSubmission } from '@/platform/db/submissions'
import { inTransaction, isUniqueViolation } from '@/platform/db/transactions'
import { welcomeEmail } from './welcomeEmail'

export const CODE_PREFIX = 'HC25'
const CODE_DIGITS = 6
/** A collision needs the same 6 random digits as an existing code; a few draws always find a free one. */
const MAX_CODE_ATTEMPTS = 20
/** A repeat sign-up e-mails the code again at most this often, so nobody can flood an inbox. */
export const RESEND_PAUSE_MS = 60 * 60 * 1000

/** 'HC25' + 6 digits from a cryptographic random source: nothing about the sign-up predicts it. */
export function newDiscountCode(): string {
  return `${CODE_PREFIX}${String(crypto.randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0')}`
}

/**
 * `joined`: a new subscriber, shown their code on the page. `resent`: the address was already on
 * the list with an unused code, which is e-mailed to it and never shown (anyone can type anyone's
 * address). `already-used`: that code has been used.
 */
export type JoinResult =
  | { status: 'joined'; code: string; email: string }
  | { status: 'resent'; email: string }
  | { status: 'already-used' }
  | { status: 'invalid'; message: Message }

const findByEmail = (payload: Payload, email: string, req?: Partial<PayloadRequest>) =>
  payload
    .find({ collection: 'email-captures', where: { email: { equals: email } }, limit: 1, depth: 0, overrideAccess: true, req })
    .then((result) => result.docs[0])

/**
 * Joins the e-mail list: one record per address with a unique first-order code, stored together
 * with its welcome e-mail in the outbox. The e-mail goes out in the background after the commit.
 */
export async function joinEmailList(payload: Payload, input: { name: unknown; email: unknown }, submissionKey?: string): Promise<JoinResult> {
  const parsed = captureSchema.safeParse(input)
  if (!parsed.success) return { status: 'invalid', message: firstMessage(parsed.error) }
  const { name, email } = parsed.data

  for (let attempt = 1; ; attempt++) {
    try {
      const result = await inTransaction(payload, async (req) => ({ commit: true, value: await join(payload, name, email, submissionKey, req) }))
      deliverSoon(payload)
      return result
    } catch (error) {
      // Another sign-up took this code or this address a moment ago: the next round sees it.
      if (!isUniqueViolation(error) || attempt >= MAX_CODE_ATTEMPTS) throw error
    }
  }
}

async function join(payload: Payload, name: string, email: string, submissionKey: string | undefined, req: PayloadRequest): Promise<JoinResult> {
  const earlierId = await earlierSubmission(payload, submissionKey, req)
  if (earlierId) {
    const earlier = await payload.findByID({ collection: 'email-captures', id: earlierId, depth: 0, overrideAccess: true, req })
    return { status: 'joined', code: earlier.discount_code, email: earlier.email }
  }

  const existing = await findByEmail(payload, email, req)
  if (existing?.discount_used) return { status: 'already-used' }
  if (existing) {
    await resendCode(payload, existing, req)
    return { status: 'resent', email }
  }

  const code = newDiscountCode()
  const capture = await payload.create({
    collection: 'email-captures',
    data: { name, email, discount_code: code, discount_used: false },
    depth: 0,
    overrideAccess: true,
    req,
  })
  await recordSubmission(payload, 'signup', submissionKey, capture.id, req)
  // Joining is asking for the list's e-mails: an earlier unsubscribe of this address is undone.
  await resubscribe(payload, email, req)
  const [settings, templates] = await Promise.all([
    payload.findGlobal({ slug: 'site-settings', depth: 0, req }),
    payload.findGlobal({ slug: 'email-templates', depth: 0, overrideAccess: true, req }),
  ])
  const template = templatesFrom(templates).welcome
  const subject = fillTemplate(template.subject, { name, code, business: settings.businessName })
  if (!template.enabled) {
    await recordNotSent(payload, { to: email, subject, about: `signup:${capture.id}`, reason: 'Switched off in E-mail templates.' }, req)
    return { status: 'joined', code, email }
  }
  const welcome = welcomeEmail({ name, email, code, businessName: settings.businessName, unsubscribeUrl: unsubscribeLink(payload, email), template })
  await queueEmail(payload, { ...welcome, about: `signup:${capture.id}` }, req)
  return { status: 'joined', code, email }
}

/** E-mails an unused code to its own address again, at most once an hour. */
async function resendCode(payload: Payload, capture: EmailCapture, req: PayloadRequest): Promise<void> {
  const about = `signup-again:${capture.id}`
  const recent = await payload.count({
    collection: 'email-outbox',
    where: { and: [{ about: { equals: about } }, { createdAt: { greater_than: new Date(Date.now() - RESEND_PAUSE_MS).toISOString() } }] },
    overrideAccess: true,
    req,
  })
  if (recent.totalDocs > 0) return
  await resubscribe(payload, capture.email, req)
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, req })
  const email = welcomeEmail({
    name: capture.name,
    email: capture.email,
    code: capture.discount_code,
    businessName: settings.businessName,
    unsubscribeUrl: unsubscribeLink(payload, capture.email),
    again: true,
  })
  await queueEmail(payload, { ...email, about }, req)
}
