import 'server-only'

import { addDataAndFileToRequest, headersWithCors, ValidationError, type Endpoint, type Payload, type PayloadRequest } from 'payload'
import { formatAdminURL } from 'payload/shared'

import { siteUrl } from '@/platform/config/siteUrl'
import { clientAddressFrom } from '@/platform/http/clientAddress'
import { allowAttempt } from '@/platform/http/rateLimit'
import { escapeHtml } from '@/shared/escapeHtml'

import { normalizedEmail, signInRules, tooManyRequests } from './signInLockout'

const USERS = 'users'

// Password-reset request
//
// Replaces Payload's `POST /api/users/forgot-password`. Payload's operation holds a transaction
// (on SQLite: the database's only write lock) from start to end, and within it (1) writes a
// request-interval mark *outside* that transaction, which on SQLite waits for the operation's own
// lock until the busy timeout and fails with "database is locked" (a 500, no e-mail, every order
// queued behind it for 5 s), and (2) talks to the mail server while still holding the lock. Here the
// limits come first and touch no database; the answer is the same immediate "success" for a
// known and an unknown address; Payload's operation then runs in the background with its own
// e-mail off (`disableEmail`: no interval mark, a transaction of one read and one write), and the
// e-mail goes out after the commit, its link built from SITE_URL rather than from the request's
// Host header, which a client chooses.
//
// An override of Payload's operation: to go once Payload sends the e-mail after its commit. The
// upstream report, ready to file (no issue found upstream, searched 2026-11-26):
// docs/upstream/payload-forgot-password-lock.md; the canary in
// tests/int/payloadOverrides.int.spec.ts fails once the installed Payload no longer holds the lock.

/** How long a reset link works (Users.ts `auth.forgotPassword.expiration`). */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000

export const resetEmailRules = {
  subject: 'Reset your admin password',
} as const

function resetLink(payload: Payload, token: string): string {
  const { config } = payload
  return formatAdminURL({ adminRoute: config.routes.admin, path: `${config.admin.routes.reset}/${token}`, serverURL: siteUrl() })
}

export function resetEmail(payload: Payload, to: string, token: string) {
  const link = resetLink(payload, token)
  const lines = [
    'Someone (most likely you) asked to reset the password of your admin account.',
    `Choose a new password here within ${inMinutes(RESET_LINK_LIFETIME_MS)}:`,
    link,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ]
  return {
    to,
    subject: resetEmailRules.subject,
    text: lines.join('\n\n'),
    html: lines.map((line) => (line === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(line)}</p>`)).join('\n'),
  }
}

/** Never throws: nothing waits for it, and the visitor already has the answer. */
async function sendResetLink(req: PayloadRequest, email: string): Promise<void> {
  const { payload } = req
  try {
    // At most a few links per account and hour, whoever asks: bounds the owner's inbox and keeps
    // a stranger from replacing the link the owner is about to open.
    if (!(await allowAttempt('forgotPasswordAccount', email))) return
    const token = await payload.forgotPassword({ collection: USERS, data: { email }, disableEmail: true, req })
    if (!token) return // no such admin: nothing to send, and the answer did not say so
    await payload.sendEmail(resetEmail(payload, email, token))
    payload.logger.info(`[auth] sent a password-reset link to ${email}`)
  } catch (error) {
    payload.logger.error({ err: error, msg: `[auth] the password-reset link for ${email} could not be sent` })
  }
}

export const forgotPasswordEndpoint: Endpoint = {
  path: '/forgot-password',
  method: 'post',
  handler: async (req) => {
    await addDataAndFileToRequest(req)
    if (!(await allowAttempt('forgotPassword', clientAddressFrom(req.headers)))) throw tooManyRequests(req, signInRules.tooManyResets)
    const email = normalizedEmail(req.data?.email)
    if (!email) throw new ValidationError({ collection: USERS, errors: [{ message: req.t('validation:required'), path: 'email' }] })
    void sendResetLink(req, email)
    return Response.json({ message: req.t('general:success') }, { headers: headersWithCors({ headers: new Headers(), req }) })
  },
}

function inMinutes(ms: number): string {
  const minutes = Math.ceil(ms / 60_000)
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}
