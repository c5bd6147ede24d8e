import 'server-only'

import type { Endpoint, PayloadRequest } from 'payload'

import { PAYMENT_METHODS, type PaymentMethod } from '@/features/ordering/options'
import { GENERIC_ROLES, readStatement, STATEMENT_MAX_BYTES, statementNotices, type GenericColumns } from '@/features/payments/statements/formats'
import { referencesIn } from '@/features/payments/statements/rules'
import { confirmAllMatched, confirmPayments, importStatement, leavePayments, REVIEW_PER_PAGE } from '@/features/payments/statements/service'
import type { User } from '@/payload-types'
import { siteUrl } from '@/platform/config/siteUrl'
import { isTrustedOrigin } from '@/platform/http/adminOrigins'
import { escapeHtml } from '@/shared/escapeHtml'

import { STATEMENT_POSTS, STATEMENTS_VIEW } from './adminViews'
import { columnsStep, pagesAsked, refusedCookie, reviewAnswer, statementsUrl, uploadAnswer, type ReviewOutcome } from './statementAnswers'

/**
 * The posts of Admin → Payments received (components/StatementView.tsx): plain forms, so they work
 * without JavaScript, answered with a redirect back to the view saying what happened. Each is
 * refused with 403 from another site's page (its `Origin` not on the admin's CSRF list: every
 * browser sends one with a form post) or for an account that is not an admin's; without a session
 * the seller is sent to sign in and back to the view. Nothing of the body is read before that.
 */

/** The form around a statement: the choices, the columns' names and multipart's own lines, far under this. */
const FORM_FIELDS_MAX_BYTES = 64 * 1024
/** A review button's form: a few ids and a reference. */
const REVIEW_POST_MAX_BYTES = 16 * 1024

export const statementPostNotices = {
  otherSite: 'Changes are only saved from this site’s own pages. Open Payments received again and retry.',
  notAnAdmin: 'Only the seller’s admins can upload a statement.',
  badForm: 'The form could not be read. Reload the page and try again.',
  noFile: 'Choose the statement’s CSV file first.',
  notSaved: 'The statement could not be saved. Try again in a moment.',
  notDone: 'That could not be saved. Try again in a moment.',
  noOrder: (reference: string) => `No order has the reference ${reference}.`,
  decidedAlready: 'Nothing changed: confirmed or left already.',
} as const

/** A post refused: its reason on a small page linking back to the view (the seller's browser shows it, without JavaScript too). */
function refusedPage(status: number, reason: string): Response {
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Not done · Payments received</title><body style="font:1rem/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem"><h1 style="font-size:1.25rem">Not done</h1><p role="alert">${escapeHtml(reason)}</p><p><a href="${STATEMENTS_VIEW.url}">Back to Payments received</a></p></body></html>`
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' } })
}

/** Post/redirect/get: to the view, absolute from SITE_URL, never cached. */
const seeOther = (path: string) => new Response(null, { status: 303, headers: { Location: new URL(path, siteUrl()).href, 'Cache-Control': 'private, no-store' } })

/** The admin the post is from, or the answer refusing it; read from the headers alone. */
function poster(req: PayloadRequest): User | Response {
  const origin = req.headers.get('origin')
  if (!origin || !isTrustedOrigin(origin)) return refusedPage(403, statementPostNotices.otherSite)
  // Payload read the session from the cookie, and only from the trusted origins (its `csrf` list).
  if (!req.user) return seeOther(`/admin/login?redirect=${encodeURIComponent(STATEMENTS_VIEW.url)}`)
  // Every account in `users` is one of the seller's admins (access/adminOnly.ts).
  if (req.user.collection !== 'users') return refusedPage(403, statementPostNotices.notAnAdmin)
  return req.user
}

/**
 * The body as a form, or 'too large' once more than `maxBytes` is declared or has arrived: the rest
 * is never read. Counted as it arrives, since a body may come without its length (chunked).
 */
async function formOf(req: PayloadRequest, maxBytes: number): Promise<FormData | 'too large' | 'unreadable'> {
  const declared = Number(req.headers.get('content-length') ?? '')
  if (declared > maxBytes) return 'too large'
  const chunks: Uint8Array[] = []
  let size = 0
  if (req.body) {
    const reader = req.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel()
        return 'too large'
      }
      chunks.push(value)
    }
  }
  try {
    // The platform's own form reading (multipart or urlencoded), over the bytes counted above.
    return await new Response(Buffer.concat(chunks), { headers: { 'Content-Type': req.headers.get('content-type') ?? '' } }).formData()
  } catch {
    return 'unreadable'
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

const methodOf = (value: string): PaymentMethod => PAYMENT_METHODS.find((method) => method.value === value)?.value ?? 'other'

/** The generic CSV's columns as the second step chose them, or undefined on the first upload. */
function columnsOf(form: FormData): GenericColumns | undefined {
  const chosen = Object.fromEntries(GENERIC_ROLES.map((role) => [role, text(form, `column-${role}`)])) as GenericColumns
  return GENERIC_ROLES.some((role) => chosen[role]) ? chosen : undefined
}

/**
 * `POST /api/statements/upload`: a payment app's statement (multipart, field `file`). Over
 * `STATEMENT_MAX_BYTES` it is refused with 413 before more than that is read; a file that is no
 * such CSV with the reason the statement's reader gives (400); a CSV of another app sends the seller
 * to choose its columns, with the same file again; otherwise its payments are imported and matched
 * and the view says how many were added, already there, or ignored.
 */
export const statementUploadEndpoint: Endpoint = {
  path: STATEMENT_POSTS.upload.path,
  method: 'post',
  handler: async (req) => {
    const user = poster(req)
    if (user instanceof Response) return user
    const form = await formOf(req, STATEMENT_MAX_BYTES + FORM_FIELDS_MAX_BYTES)
    if (form === 'too large') return refusedPage(413, statementNotices.tooLarge)
    if (form === 'unreadable') return refusedPage(400, statementPostNotices.badForm)
    const file = form.get('file')
    if (!(file instanceof File) || file.size === 0) return refusedPage(400, statementPostNotices.noFile)
    if (file.size > STATEMENT_MAX_BYTES) return refusedPage(413, statementNotices.tooLarge)

    const method = methodOf(text(form, 'method'))
    const columns = columnsOf(form)
    const read = await readStatement(await file.text(), { columns })
    if (!read.ok) {
      // Another app's CSV: its columns are chosen, then the same file is uploaded again.
      if (read.headers?.length && !columns) return seeOther(statementsUrl({}, columnsStep(read.headers, method)))
      return refusedPage(400, read.reason)
    }
    try {
      const figures = await importStatement(req.payload, read, read.format === 'generic' ? method : undefined)
      return seeOther(statementsUrl({}, uploadAnswer(read.format, figures)))
    } catch (error) {
      req.payload.logger.error({ err: error, msg: '[statements] import failed' })
      return refusedPage(503, statementPostNotices.notSaved)
    }
  },
}

/** Ids as the database adapters give them: SQLite's numbers, MongoDB's ObjectIds. */
const ID = /^(?:[1-9][0-9]{0,15}|[0-9a-f]{24})$/
const idOf = (value: string) => (ID.test(value) ? (/^\d+$/.test(value) ? Number(value) : value) : null)

/**
 * `POST /api/statements/review`: one of the review's buttons (`intent`): confirm all matched,
 * confirm a payment on an order (chosen among candidates, or "Mark paid anyway" for an amount that
 * differs), link one to an order by its reference, or leave it. The view then says which orders
 * were marked paid and why any were not; the service marks only orders still unpaid.
 */
export const statementReviewEndpoint: Endpoint = {
  path: STATEMENT_POSTS.review.path,
  method: 'post',
  handler: async (req) => {
    const user = poster(req)
    if (user instanceof Response) return user
    const form = await formOf(req, REVIEW_POST_MAX_BYTES)
    if (form === 'too large') return refusedPage(413, statementPostNotices.badForm)
    if (form === 'unreadable') return refusedPage(400, statementPostNotices.badForm)
    const pages = pagesAsked((name) => text(form, name))
    const payment = idOf(text(form, 'payment'))
    const order = idOf(text(form, 'order'))
    const { payload } = req

    let outcome: ReviewOutcome
    try {
      switch (text(form, 'intent')) {
        case 'confirm-all': {
          const result = await confirmAllMatched(payload, user)
          outcome = { marked: result.marked, refused: result.refused.map((refusal) => refusal.why), left: 0 }
          break
        }
        case 'confirm':
        case 'anyway': {
          if (payment === null || order === null) return refusedPage(400, statementPostNotices.badForm)
          const result = await confirmPayments(payload, user, [{ payment, order, anyAmount: text(form, 'intent') === 'anyway' }])
          outcome = { marked: result.marked, refused: result.refused.map((refusal) => refusal.why), left: 0 }
          break
        }
        case 'link': {
          if (payment === null) return refusedPage(400, statementPostNotices.badForm)
          const reference = readReference(text(form, 'reference'))
          const { docs } = reference ? await payload.find({ collection: 'orders', where: { reference: { equals: reference } }, limit: 1, depth: 0, pagination: false, select: { reference: true }, overrideAccess: true }) : { docs: [] }
          if (!docs[0]) {
            outcome = { marked: [], refused: [statementPostNotices.noOrder(reference || text(form, 'reference').slice(0, 40))], left: 0 }
            break
          }
          const result = await confirmPayments(payload, user, [{ payment, order: docs[0].id }])
          outcome = { marked: result.marked, refused: result.refused.map((refusal) => refusal.why), left: 0 }
          break
        }
        case 'leave': {
          // One payment's Leave, or Unmatched's "Leave all shown" with the page's payments.
          const asked = form.getAll('payment')
          const ids = asked.map((value) => idOf(String(value))).filter((id) => id !== null)
          if (ids.length === 0 || ids.length !== asked.length || ids.length > REVIEW_PER_PAGE) return refusedPage(400, statementPostNotices.badForm)
          const left = await leavePayments(payload, user, ids)
          outcome = { marked: [], refused: left ? [] : [statementPostNotices.decidedAlready], left }
          break
        }
        default:
          return refusedPage(400, statementPostNotices.badForm)
      }
    } catch (error) {
      req.payload.logger.error({ err: error, msg: '[statements] review action failed' })
      return refusedPage(503, statementPostNotices.notDone)
    }
    const answer = seeOther(statementsUrl(pages, reviewAnswer(outcome)))
    if (outcome.refused.length) answer.headers.append('Set-Cookie', refusedCookie(outcome.refused, new URL(siteUrl()).protocol === 'https:'))
    return answer
  },
}

/** A reference as the seller types it, read as a payment's note is ('sm 1042'), or its number alone ('1042'). */
const readReference = (typed: string): string | null => referencesIn(/^\d+$/.test(typed) ? `SM-${typed}` : typed)[0] ?? null

export const statementEndpoints = [statementUploadEndpoint, statementReviewEndpoint]
