import 'server-only'

import crypto from 'node:crypto'

import type { Payload, PayloadRequest } from 'payload'

import type { FormSubmission } from '@/payload-types'

import { isSubmissionKey, type SubmittedForm } from '@/shared/forms/submissionKey'

const SUBMISSIONS = 'form-submissions'

/** A page used without JavaScript posts no key: the same post from the same client counts as one for this long. */
const UNKEYED_WINDOW_MS = 10 * 60 * 1000
/** Keys are kept long enough for any retry; then removed by the outbox worker's housekeeping. */
export const SUBMISSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000

/**
 * The key a post is stored under: the browser's one-time key, or, for a page used without
 * JavaScript, a fingerprint of the client and the values within a ten-minute window.
 */
export function submissionKeyOf(form: SubmittedForm, posted: unknown, fallback: { client: string; values: Record<string, unknown>; now?: number }): string {
  if (isSubmissionKey(posted)) return `${form}:${posted}`
  const window = Math.floor((fallback.now ?? Date.now()) / UNKEYED_WINDOW_MS)
  const values = Object.entries(fallback.values).sort(([a], [b]) => a.localeCompare(b))
  const fingerprint = crypto.createHash('sha256').update(JSON.stringify([fallback.client, values, window])).digest('hex')
  return `${form}:unkeyed:${fingerprint}`
}

/**
 * The id of what an earlier post with this key stored, if any. Read through the database adapter,
 * as `recordSubmission` writes: every order asks, and the keys have no hooks, access or relations
 * for Payload's find operation to apply.
 */
export async function earlierSubmission(payload: Payload, key: string | undefined, req?: Partial<PayloadRequest>): Promise<string | undefined> {
  if (!key) return undefined
  const earlier = await payload.db.findOne<FormSubmission>({ collection: SUBMISSIONS, where: { key: { equals: key } }, req })
  return earlier?.recordId
}

/**
 * Remembers the key with what it stored; in the caller's transaction, so both exist or neither.
 * Written through the database adapter: the key and form are the server's own, and every order
 * writes one (Payload's create operation costs twice the insert). A key stored twice is refused by
 * its unique index.
 */
export async function recordSubmission(payload: Payload, form: SubmittedForm, key: string | undefined, recordId: number | string, req: Partial<PayloadRequest>): Promise<void> {
  if (!key) return
  const now = new Date().toISOString()
  await payload.db.create({ collection: SUBMISSIONS, data: { key, form, recordId: String(recordId), createdAt: now, updatedAt: now }, req, returning: false })
}

export async function pruneSubmissions(payload: Payload, now = new Date()): Promise<void> {
  await payload.db.deleteMany({ collection: SUBMISSIONS, where: { createdAt: { less_than: new Date(now.getTime() - SUBMISSION_RETENTION_MS).toISOString() } } })
}
