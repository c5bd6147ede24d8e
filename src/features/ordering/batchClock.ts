import 'server-only'

import type { Payload } from 'payload'

import type { Batch } from '@/payload-types'
import { composeEmail } from '@/features/messages/composeEmail'
import { unsubscribeLink } from '@/features/messages/signedLinks'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { expireOutsideRequest } from '@/platform/cache/expireOutsideRequest'
import { insideNextServer } from '@/platform/config/runtime'
import { siteUrl } from '@/platform/config/siteUrl'
import { inTransaction } from '@/platform/db/transactions'
import { deliverSoon, queueEmail } from '@/platform/email/outbox'
import { listEmailAbout } from '@/platform/email/retentionRules'

import { batchState, batchStock, freshnessText, nextChange } from './batches'
import { batchRules, currentBatch, findFlavors, nextBatch } from './shop'
import { wordList } from './wording'
import { serveOpenedBatch } from './waitingLine/line'

/**
 * What the clock alone changes about the shop: a batch opening at its set time, closing at its
 * closing time or by its freshness limit. A round every BATCH_CLOCK_MS on one instance
 * (`instrumentation.ts`) e-mails the waiting list of a batch that opened, and has the pages
 * expired at each such moment — at the moment itself when it falls before the next round.
 */
export const BATCH_CLOCK_MS = 30_000

/** A batch is announced only this soon after its opening. */
const ANNOUNCE_WITHIN_MS = 24 * 60 * 60 * 1000

/** At most this many waiting-list e-mails are queued per transaction. */
const ANNOUNCE_PAGE = 200

/** Expires the pages that show the batches, from a timer or a round: no request is being answered. */
export const expireBatchPages = (): Promise<void> => expireOutsideRequest([CACHE_TAGS.batches])

/** Timers are kept at most this far ahead (setTimeout's own limit is 24.8 days); the rounds cover the rest. */
const LONGEST_TIMER_MS = 24 * 60 * 60 * 1000

/**
 * A batch saved by the seller with an opening or closing time ahead: its pages are expired at that
 * moment by this server, not up to a round later (the rounds still catch a moment missed by a restart).
 */
export function expireAtBatchMoments(batch: Pick<Batch, 'opensAt' | 'closesAt'>, logger: Payload['logger'], now = new Date()): void {
  // Outside a Next.js server (tests, scripts) there is no page cache to expire.
  if (!insideNextServer()) return
  for (const moment of [batch.opensAt, batch.closesAt]) {
    const wait = moment ? new Date(moment).getTime() - now.getTime() : -1
    if (wait <= 0 || wait > LONGEST_TIMER_MS) continue
    setTimeout(() => void expireBatchPages().catch((error) => logger.error({ err: error, msg: '[batch-clock] could not expire the pages' })), wait + 50).unref()
  }
}

/** What the pages show of the batches, as far as the clock moves it: which batch is open, whether, and which one is next. */
async function shownByTheClock(payload: Payload, now: Date): Promise<{ key: string; changesAt: Date | null }> {
  const [current, next, rules] = await Promise.all([currentBatch(payload, now), nextBatch(payload, now), batchRules(payload)])
  const key = [current?.id ?? '-', current ? batchState(current, rules.minDaysLeft, now) : '-', next?.id ?? '-'].join(':')
  return { key, changesAt: nextChange(current, next, rules.minDaysLeft, now) }
}

const SHOWN_KEY = 'batch-clock:shown'

/**
 * One round of the clock: e-mails the waiting list of a batch that opened; expires the pages when
 * what the clock shows changed since the last round (a moment passed while no server ran, too);
 * and, when the next such moment comes before the next round, expires them at that moment.
 */
export async function batchClockRound(payload: Payload, expirePages: () => Promise<void> = expireBatchPages, now = new Date()): Promise<void> {
  await announceOpenedBatch(payload, now)
  const shown = await shownByTheClock(payload, now)
  const before = await payload.kv.get<{ key: string }>(SHOWN_KEY)
  if (before?.key !== shown.key) {
    if (before) await expirePages()
    await payload.kv.set(SHOWN_KEY, { key: shown.key })
  }
  const wait = shown.changesAt ? shown.changesAt.getTime() - now.getTime() : Infinity
  if (wait < BATCH_CLOCK_MS) {
    setTimeout(() => void batchClockRound(payload, expirePages).catch((error) => payload.logger.error({ err: error, msg: '[batch-clock] failed' })), wait + 50).unref()
  }
}

/** "The new batch is open: Mixed Berry, Pineapple Mango, Peach Ginger — order now" */
export const openingSubject = (flavorNames: readonly string[]) => `The new batch is open: ${flavorNames.join(', ')} — order now`

/**
 * The one e-mail of a batch's opening to each address on the e-mail list (the sold-out sign-up
 * "Tell me about the next batch" adds to it), never to an unsubscribed one, at most once per
 * address and batch (the outbox's `dedupeKey`): a round stopped halfway, by a restart or an error,
 * is finished by the next one without sending anyone a second. Queued a page of addresses per
 * transaction; the batch is marked announced when all are queued.
 */
export async function announceOpenedBatch(payload: Payload, now: Date): Promise<number> {
  // The waiting line is offered the new batch's jars first; the list hears of what is left.
  await serveOpenedBatch(payload, now)
  const batch = await currentBatch(payload, now)
  if (!batch || !batch.announce || batch.announcedAt) return 0
  // A batch entered afterwards with an opening long past is no news.
  if (now.getTime() - new Date(batch.opensAt ?? 0).getTime() > ANNOUNCE_WITHIN_MS) return 0
  const rules = await batchRules(payload)
  if (batchState(batch, rules.minDaysLeft, now) !== 'open') return 0
  const flavors = await findFlavors(payload)
  const stock = batchStock(batch, flavors)
  const onSale = flavors.filter((flavor) => flavor.available && (stock.perFlavor ? (stock.perFlavor.get(flavor.value) ?? 0) > 0 : true)).map((flavor) => flavor.name)
  if (stock.total === 0 || onSale.length === 0) return 0
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  let queued = 0
  for (let page = 1; ; page++) {
    const { docs, hasNextPage } = await payload.find({ collection: 'email-captures', sort: 'id', page, limit: ANNOUNCE_PAGE, select: { name: true, email: true }, depth: 0, overrideAccess: true })
    const unsubscribed = await payload.find({
      collection: 'unsubscribes',
      where: { email: { in: docs.map((subscriber) => subscriber.email.trim().toLowerCase()) } },
      select: { email: true },
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    const off = new Set(unsubscribed.docs.map((entry) => entry.email))
    const waiting = docs.filter((subscriber) => !off.has(subscriber.email.trim().toLowerCase()))
    await inTransaction(payload, async (req) => {
      for (const subscriber of waiting) {
        const email = batchOpeningEmail(payload, batch, onSale, subscriber, settings)
        await queueEmail(payload, { ...email, about: listEmailAbout(batch.id), dedupeKey: openingKey(batch, subscriber.email) }, req)
      }
      return { commit: true, value: undefined }
    })
    queued += waiting.length
    if (!hasNextPage) break
  }
  await payload.update({ collection: 'batches', id: batch.id, data: { announcedAt: now.toISOString() }, depth: 0, overrideAccess: true, context: { disableRevalidate: true } })
  if (queued > 0) deliverSoon(payload)
  payload.logger.info(`[batch-clock] batch ${batch.code} opened: e-mailed ${queued} people on the list`)
  return queued
}

/** One per batch and address. The batch's creation time too: SQLite gives a deleted batch's id to the next one. */
export const openingKey = (batch: Pick<Batch, 'id' | 'createdAt'>, email: string) => `batch:${batch.id}:${batch.createdAt}:opened:${email.trim().toLowerCase()}`

/** The opening e-mail to one address on the list (also what the benchmark's made-up years hold: scripts/bench/fillDatabase.ts). */
export function batchOpeningEmail(
  payload: Payload,
  batch: Pick<Batch, 'madeOn' | 'bestBy'>,
  flavorNames: readonly string[],
  subscriber: { name: string; email: string },
  settings: { businessName: string; productName: string; email?: string | null },
) {
  const unsubscribe = unsubscribeLink(payload, subscriber.email)
  return composeEmail({
    to: subscriber.email,
    subject: openingSubject(flavorNames),
    paragraphs: [
      `Hi ${subscriber.name},`,
      `A new batch of ${settings.productName} is ready: ${wordList(flavorNames, 'and')}. ${freshnessText(batch)}.`,
      `Small batches go fast. Order now: ${siteUrl()}/order`,
      settings.businessName,
    ],
    replyTo: settings.email ?? undefined,
    listUnsubscribe: unsubscribe,
  })
}
