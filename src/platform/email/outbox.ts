import 'server-only'

import type { Payload, PayloadRequest, Where } from 'payload'

import type { EmailOutbox } from '@/payload-types'

import { FIRST_RETRY_MS, GIVE_UP_AFTER_MS, pollIntervalMs, retryPauseMs, staleClaimMs } from './outboxRules'
import { smtpTimeoutMs } from './transport'
import { roundsInBackground } from '@/platform/background/rounds'
import { readEnvironment } from '@/platform/config/environment.mjs'
import { inTransaction } from '@/platform/db/transactions'

/**
 * The e-mail outbox. A service that stores something a visitor sent (an order, a message, a
 * sign-up) queues its e-mails with `queueEmail(…, req)` in the same transaction, so they exist
 * exactly when the record does, and calls `deliverSoon` after the commit. Delivery runs in the
 * background of the server process: the visitor's answer never waits on the mail server. A crash
 * at any moment leaves the message waiting (or claimed, and claimed messages go stale and are sent
 * again), so nothing is lost; a message is sent twice only if the process dies between the mail
 * server's "accepted" and the record saying so.
 */

const OUTBOX = 'email-outbox'

export type OutgoingEmail = {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
  /** List e-mails: the one-click unsubscribe address (List-Unsubscribe and List-Unsubscribe-Post headers). */
  listUnsubscribe?: string
}

/**
 * `about` ties the message to its record for the seller (e.g. `order:42`); `dedupeKey` makes it go
 * at most once (e.g. `order:42:confirmed`): queued again, it is not queued twice.
 */
export type QueuedEmail = OutgoingEmail & { about?: string; dedupeKey?: string }

export async function queueEmail(payload: Payload, email: QueuedEmail, req?: Partial<PayloadRequest>): Promise<void> {
  if (email.dedupeKey && (await isQueued(payload, email.dedupeKey, req))) return
  await store(
    payload,
    {
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      replyTo: email.replyTo,
      listUnsubscribe: email.listUnsubscribe,
      about: email.about,
      dedupeKey: email.dedupeKey,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date().toISOString(),
    },
    req,
  )
}

/**
 * Records a message that is deliberately not sent (switched off, no address, unsubscribed), so the
 * seller sees why on the order; it also counts as "queued" for its `dedupeKey`.
 */
export async function recordNotSent(payload: Payload, email: { to: string; subject: string; about?: string; dedupeKey?: string; reason: string }, req?: Partial<PayloadRequest>): Promise<void> {
  if (email.dedupeKey && (await isQueued(payload, email.dedupeKey, req))) return
  await store(payload, { to: email.to, subject: email.subject, text: '-', about: email.about, dedupeKey: email.dedupeKey, status: 'skipped', attempts: 0, lastError: email.reason }, req)
}

/**
 * Messages about `about` that were queued but have not gone yet, and that `noLongerWanted` picks by
 * their key (a reminder the order has outgrown while the mail server was down): recorded as not
 * sent, with the reason, in the caller's transaction. One being sent at this moment may still go
 * (then it is recorded as sent); if its attempt fails, it stays not sent (`deliverDueEmails`).
 */
export async function withdrawQueued(payload: Payload, about: string, noLongerWanted: (dedupeKey: string) => boolean, reason: string, req?: Partial<PayloadRequest>): Promise<void> {
  const { docs } = await payload.db.find<EmailOutbox>({
    collection: OUTBOX,
    where: { and: [{ about: { equals: about } }, { status: { in: ['pending', 'sending'] } }] },
    select: { dedupeKey: true },
    pagination: false,
    req,
  })
  const ids = docs.filter((email) => email.dedupeKey && noLongerWanted(email.dedupeKey)).map((email) => email.id)
  if (ids.length === 0) return
  const where: Where = { and: [{ id: { in: ids } }, { status: { in: ['pending', 'sending'] } }] }
  await payload.db.updateMany({ collection: OUTBOX, where, data: { status: 'skipped', lastError: reason, updatedAt: new Date().toISOString() }, req, returning: false })
}

/**
 * Writes a message through the database adapter, not Payload's create operation: nobody creates
 * outbox records through the API, the services queue what they validated, and every order writes
 * two (the operation's hooks, validation and read-back cost twice the insert itself).
 */
async function store(payload: Payload, data: Omit<EmailOutbox, 'id' | 'createdAt' | 'updatedAt'>, req?: Partial<PayloadRequest>): Promise<void> {
  const now = new Date().toISOString()
  await payload.db.create({ collection: OUTBOX, data: { ...data, createdAt: now, updatedAt: now }, req, returning: false })
}

/** Whether a message with this key exists already (read in the caller's transaction). */
async function isQueued(payload: Payload, dedupeKey: string, req?: Partial<PayloadRequest>): Promise<boolean> {
  const { totalDocs } = await payload.count({ collection: OUTBOX, where: { dedupeKey: { equals: dedupeKey } }, overrideAccess: true, req })
  return totalDocs > 0
}

export type DeliveryRound = { sent: number; failed: number }

/**
 * Sends every message that is due, oldest first, one at a time. The round first claims its
 * messages, in one transaction, each with one conditional update (waiting → sending), so two rounds
 * (or two server instances) never send the same message. What was sent is recorded in one
 * transaction when the round ends, or every few seconds while a long one goes on (a transaction
 * per message was most of the outbox's share of an order); a process that dies before that sends
 * those again once their claim is stale, as it does the message it was sending. The first failure
 * ends the round: the mail server is most likely down, the messages not tried yet wait again, and
 * the next round comes soon enough. Claims a dead process left go back to waiting first, unless
 * `releaseStale` is false (the background loop looks every few seconds only).
 */
export async function deliverDueEmails(payload: Payload, options: { now?: Date; limit?: number; releaseStale?: boolean } = {}): Promise<DeliveryRound> {
  const now = options.now ?? new Date()
  if (options.releaseStale !== false) await releaseStaleClaims(payload, now)
  // Through the adapter: the server's own records, with no hooks or access to apply.
  const due = await payload.db.find<EmailOutbox>({
    collection: OUTBOX,
    where: { and: [{ status: { equals: 'pending' } }, { nextAttemptAt: { less_than_equal: now.toISOString() } }] },
    sort: 'nextAttemptAt',
    limit: options.limit ?? 25,
    pagination: false,
  })
  const claimed = await claim(payload, due.docs, now)
  const round: DeliveryRound = { sent: 0, failed: 0 }
  const sent = new SentRecords(payload)
  let sentARetry = false
  for (const [index, message] of claimed.entries()) {
    try {
      await payload.sendEmail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html || undefined,
        replyTo: message.replyTo || undefined,
        // RFC 8058 one-click unsubscribe: mail apps show an "Unsubscribe" button that posts to it.
        headers: message.listUnsubscribe ? { 'List-Unsubscribe': `<${message.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
      })
      round.sent++
      sentARetry ||= Boolean(message.attempts)
      await sent.add(message)
    } catch (error) {
      round.failed++
      const attempts = (message.attempts ?? 0) + 1
      const pauseMs = retryPauseMs(attempts, firstRetryMs())
      const givesUp = now.getTime() - new Date(message.createdAt).getTime() > GIVE_UP_AFTER_MS
      const reason = error instanceof Error ? error.message : String(error)
      await sent.record()
      // Withdrawn while it was being tried (`withdrawQueued`): it stays not sent.
      await mark(payload, message.id, { status: { not_equals: 'skipped' } }, {
        status: givesUp ? 'failed' : 'pending',
        attempts,
        lastError: reason.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + pauseMs).toISOString(),
      })
      await unclaim(payload, claimed.slice(index + 1), now)
      const log = `[email] "${message.subject}" to ${message.to}: attempt ${attempts} failed (${reason})`
      if (givesUp) payload.logger.error(`${log}; gave up after ${attempts} attempts`)
      else payload.logger.warn(`${log}; retrying in ${Math.round(pauseMs / 1000)} s`)
      break
    }
  }
  await sent.record()
  // The mail server is back: what waits for a later retry goes now, not after its pause.
  if (sentARetry) await retryWaitingNow(payload, now)
  return round
}

/** The pause before the first retry: EMAIL_FIRST_RETRY_SECONDS when set, else the rule's own. */
function firstRetryMs(): number {
  const seconds = readEnvironment().EMAIL_FIRST_RETRY_SECONDS
  return seconds === undefined ? FIRST_RETRY_MS : seconds * 1000
}

/** A round records what it sent at least this often: a record far older than this could meet its claim going stale. */
const RECORD_SENT_EVERY_MS = 5_000

/** The messages a round has sent, written as sent in one transaction: at the round's end, or once a few seconds have passed. */
class SentRecords {
  private waiting: Array<{ message: EmailOutbox; sentAt: string }> = []
  private recordedAt = Date.now()

  constructor(private readonly payload: Payload) {}

  async add(message: EmailOutbox): Promise<void> {
    this.waiting.push({ message, sentAt: new Date().toISOString() })
    if (Date.now() - this.recordedAt >= RECORD_SENT_EVERY_MS) await this.record()
  }

  async record(): Promise<void> {
    this.recordedAt = Date.now()
    const records = this.waiting.splice(0)
    if (records.length === 0) return
    await write(this.payload, async (req) => {
      for (const { message, sentAt } of records) {
        const data = { status: 'sent', sentAt, lastError: null, attempts: (message.attempts ?? 0) + 1, updatedAt: sentAt }
        await this.payload.db.updateOne({ collection: OUTBOX, id: message.id, data, req, returning: false })
      }
    })
  }
}

/** Takes this round's messages (waiting → sending); those another round took first are left out. */
async function claim(payload: Payload, messages: EmailOutbox[], now: Date): Promise<EmailOutbox[]> {
  if (messages.length === 0) return []
  return write(payload, async (req) => {
    const taken: EmailOutbox[] = []
    for (const message of messages) {
      const claimed = await payload.db.updateOne({
        collection: OUTBOX,
        where: { and: [{ id: { equals: message.id } }, { status: { equals: 'pending' } }] },
        data: { status: 'sending', claimedAt: now.toISOString(), updatedAt: now.toISOString() },
        req,
      })
      if (claimed) taken.push(message)
    }
    return taken
  })
}

/** Claimed messages the round did not try (it ended on a failure) wait again, without an attempt counted. */
async function unclaim(payload: Payload, messages: EmailOutbox[], now: Date): Promise<void> {
  if (messages.length === 0) return
  await write(payload, (req) =>
    payload.db.updateMany({
      collection: OUTBOX,
      where: { and: [{ id: { in: messages.map((message) => message.id) } }, { status: { equals: 'sending' } }] },
      data: { status: 'pending', updatedAt: now.toISOString() },
      req,
      returning: false,
    }),
  )
}

async function retryWaitingNow(payload: Payload, now: Date): Promise<void> {
  await write(payload, (req) =>
    payload.db.updateMany({
      collection: OUTBOX,
      where: { and: [{ status: { equals: 'pending' } }, { nextAttemptAt: { greater_than: now.toISOString() } }] },
      data: { nextAttemptAt: now.toISOString(), updatedAt: now.toISOString() },
      req,
    }),
  )
}

/** Messages a dead or hung process had claimed go back to waiting. */
async function releaseStaleClaims(payload: Payload, now: Date): Promise<void> {
  await write(payload, (req) =>
    payload.db.updateMany({
      collection: OUTBOX,
      where: { and: [{ status: { equals: 'sending' } }, { claimedAt: { less_than: new Date(now.getTime() - staleClaimMs(smtpTimeoutMs())).toISOString() } }] },
      data: { status: 'pending', updatedAt: now.toISOString() },
      req,
    }),
  )
}

function mark(payload: Payload, id: number | string, still: Where, data: Record<string, unknown>) {
  const where: Where = { and: [{ id: { equals: id } }, still] }
  return write(payload, (req) => payload.db.updateOne({ collection: OUTBOX, where, data: { ...data, updatedAt: new Date().toISOString() }, req, returning: false }))
}

/**
 * Every outbox write is a transaction of its own: on SQLite a write outside a transaction would
 * wait for the lock of a transaction this same process holds (the order being stored), blocking
 * both until the busy timeout. Transactions queue one after the other instead (`platform/db/database.ts`).
 */
function write<T>(payload: Payload, work: (req: PayloadRequest) => Promise<T>): Promise<T> {
  return inTransaction(payload, async (req) => ({ commit: true, value: await work(req) }))
}

/** When this process last gave back stale claims. */
let staleCheckedAt = Number.NEGATIVE_INFINITY

/**
 * Every order starts a round, and releasing claims is a write that waits its turn behind the orders
 * being stored. A claim goes stale only after `staleClaimMs`: the loop looks six times as often.
 */
function staleClaimsDue(now: number): boolean {
  const due = now - staleCheckedAt >= staleClaimMs(smtpTimeoutMs()) / 6
  if (due) staleCheckedAt = now
  return due
}

/** One delivery loop per process (one payload: the server's). */
let deliveries: { soon: () => void } | undefined

/** Starts a delivery round in the background now (after a commit); never waits, never throws. */
export function deliverSoon(payload: Payload): void {
  deliveries ??= roundsInBackground(
    () => deliverDueEmails(payload, { releaseStale: staleClaimsDue(Date.now()) }),
    (error) => payload.logger.error({ err: error, msg: '[email] a delivery round failed' }),
  )
  deliveries.soon()
}

const WORKER = Symbol.for('seamoss.outboxWorker')

/**
 * Works the outbox for as long as the server runs: started with the server (instrumentation), not
 * by a visitor's request, so messages left by a crash or a mail-server outage go out on their own.
 */
export function startOutboxWorker(payload: Payload): void {
  const registry = globalThis as { [WORKER]?: NodeJS.Timeout }
  if (registry[WORKER]) return
  registry[WORKER] = setInterval(() => deliverSoon(payload), pollIntervalMs(firstRetryMs()))
  registry[WORKER].unref()
  deliverSoon(payload)
}
