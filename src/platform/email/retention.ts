import 'server-only'

import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import { and, eq, inArray, isNull, lt } from '@payloadcms/db-sqlite/drizzle'
import type { Payload, PayloadRequest, Where } from 'payload'

import { sqliteSession } from '@/platform/db/aggregate'
import { inWriteTurn } from '@/platform/db/database'
import { inTransaction } from '@/platform/db/transactions'
import type { EmailOutbox } from '@/payload-types'

import {
  cutoffFor,
  DEFAULT_BODY_RETENTION_DAYS,
  LIST_EMAIL_ABOUT_RANGE,
  listEmailDays,
  PRUNE_BATCH_SIZE,
  PRUNE_PAUSE_MS,
  SWITCH_TO_INCREMENTAL_MAX_BYTES,
  VACUUM_PAGES_PER_STEP,
} from './retentionRules'

export { BODY_RETENTION_ROUND_MS } from './retentionRules'

/**
 * The e-mail log kept lean: a sent e-mail keeps its envelope (to, subject, what it was about, when
 * it was sent, its status) for as long as its record is kept, and its text and HTML only for the
 * retention the seller sets (Admin → Operations settings); a batch opening's e-mail to the list is
 * removed whole after two weeks (`LIST_EMAIL_KEEP_DAYS`). E-mails waiting, failed or not sent keep
 * everything: they are not handled yet. Runs in the background in small batches, each a short
 * transaction of its own, with a pause between them, so an order never waits more than one batch.
 */

const OUTBOX = 'email-outbox'
/** Payload's key-value store: what the last round did, for the Operations view. */
export const LAST_PRUNING_KEY = 'email-retention:last-round'

export type PruningRound = {
  /** When the round ran (the clock it was given). */
  at: string
  retentionDays: number
  /** E-mails sent before this lost their text. */
  sentBefore: string
  /** E-mails whose text this round removed. */
  emptied: number
  /** E-mails to the list sent before this were removed whole (absent in rounds from before that rule). */
  listSentBefore?: string
  /** E-mails to the list this round removed. */
  listRemoved?: number
  /** SQLite: bytes of the database file given back to the disk; null when the file only reuses them (see below) or on MongoDB. */
  bytesReturned: number | null
}

export async function bodyRetentionDays(payload: Payload): Promise<number> {
  const settings = await payload.findGlobal({ slug: 'operations', depth: 0 })
  return settings.emailBodyRetentionDays ?? DEFAULT_BODY_RETENTION_DAYS
}

/** The e-mails a round empties: sent before the cutoff, their text still there. */
const dueWhere = (sentBefore: Date): Where => ({
  and: [{ bodyRemovedAt: { exists: false } }, { status: { equals: 'sent' } }, { sentAt: { less_than: sentBefore.toISOString() } }],
})
/** The list e-mails a round removes (the same index range, the list's among them). */
const listDueWhere = (sentBefore: Date): Where => ({
  and: [dueWhere(sentBefore), { about: { greater_than_equal: LIST_EMAIL_ABOUT_RANGE.from } }, { about: { less_than: LIST_EMAIL_ABOUT_RANGE.to } }],
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Removes the list e-mails older than theirs and the text of every sent e-mail older than the
 * retention, `batchSize` at a time, then gives the freed space back to the disk (SQLite). `now` is
 * the clock (tests move it).
 */
export async function pruneEmailBodies(payload: Payload, options: { now?: Date; batchSize?: number; pauseMs?: number } = {}): Promise<PruningRound> {
  const now = options.now ?? new Date()
  const retentionDays = await bodyRetentionDays(payload)
  const sentBefore = cutoffFor(now, retentionDays)
  const listSentBefore = cutoffFor(now, listEmailDays(retentionDays))
  const batchSize = options.batchSize ?? PRUNE_BATCH_SIZE
  const pauseMs = options.pauseMs ?? PRUNE_PAUSE_MS
  const emptiedData = { text: '', html: null, listUnsubscribe: null, bodyRemovedAt: now.toISOString(), bodyKeptDays: retentionDays }

  const listRemoved = await inBatches(payload, listDueWhere(listSentBefore), batchSize, pauseMs, (ids, req) =>
    // The condition again: what changed since the read is left for the next round.
    payload.db.deleteMany({ collection: OUTBOX, where: { and: [{ id: { in: ids } }, listDueWhere(listSentBefore)] }, req }),
  )
  const emptied = await inBatches(payload, dueWhere(sentBefore), batchSize, pauseMs, (ids, req) => emptyBodies(payload, ids, sentBefore, emptiedData, req))

  const bytesReturned = await returnFreePages(payload, pauseMs)
  const round: PruningRound = { at: now.toISOString(), retentionDays, sentBefore: sentBefore.toISOString(), emptied, listSentBefore: listSentBefore.toISOString(), listRemoved, bytesReturned }
  await payload.kv.set(LAST_PRUNING_KEY, round)
  if (listRemoved > 0) payload.logger.info(`[email-retention] removed ${listRemoved} e-mails to the list sent before ${round.listSentBefore}`)
  if (emptied > 0) payload.logger.info(`[email-retention] removed the text of ${emptied} e-mails sent before ${round.sentBefore}`)
  return round
}

/**
 * Runs `work` on the e-mails `where` finds, oldest sent first, `batchSize` a transaction, with a
 * pause between; answers how many it was given. Read through the adapter: the server's own records,
 * no hooks or access to apply. The compound index on (bodyRemovedAt, sentAt) keeps each read a
 * short range however many e-mails were emptied before.
 */
async function inBatches(payload: Payload, where: Where, batchSize: number, pauseMs: number, work: (ids: (number | string)[], req: PayloadRequest) => Promise<unknown>): Promise<number> {
  let done = 0
  for (;;) {
    const { docs } = await payload.db.find<{ id: number | string }>({ collection: OUTBOX, where, sort: 'sentAt', limit: batchSize, pagination: false, select: { id: true } })
    if (docs.length === 0) return done
    await inTransaction(payload, async (req) => {
      await work(
        docs.map((doc) => doc.id),
        req,
      )
      return { commit: true, value: undefined }
    })
    done += docs.length
    if (docs.length < batchSize) return done
    await pause(pauseMs)
  }
}

type EmptiedFields = Pick<EmailOutbox, 'text' | 'html' | 'listUnsubscribe' | 'bodyRemovedAt' | 'bodyKeptDays'>

/**
 * Removes the text of these e-mails, if still sent before the cutoff with their text (a message
 * claimed and sent since the read is left for the next round).
 *
 * SQLite does not give back the room a row no longer needs when an UPDATE shrinks it: the page
 * keeps the row and its free space (measured: emptying 467,000 e-mails of 1–4 kB freed 31 MB of
 * 1.6 GB). A DELETE does (emptied pages are merged and freed), so on SQLite the rows are written
 * again: deleted, and inserted with the same ids and every other column as it was, without the
 * text. `text` stays required (a NOT NULL column: making it nullable would rebuild the whole table,
 * the log's gigabytes, in a migration); an emptied text is ''. The unsubscribe address was needed
 * only to send the message.
 */
async function emptyBodies(payload: Payload, ids: (number | string)[], sentBefore: Date, emptied: EmptiedFields, req: PayloadRequest): Promise<void> {
  if (payload.db.name !== 'sqlite') {
    await payload.db.updateMany({ collection: OUTBOX, where: { and: [{ id: { in: ids } }, dueWhere(sentBefore)] }, data: emptied, req, returning: false })
    return
  }
  const { drizzle, tables } = await sqliteSession(payload, req)
  const table = tables.email_outbox
  const rows = await drizzle
    .select()
    .from(table)
    .where(and(inArray(table.id, ids as number[]), eq(table.status, 'sent'), isNull(table.bodyRemovedAt), lt(table.sentAt, sentBefore.toISOString())))
  if (rows.length === 0) return
  await drizzle.delete(table).where(
    inArray(
      table.id,
      rows.map((row) => row.id),
    ),
  )
  await drizzle.insert(table).values(rows.map((row) => ({ ...row, ...emptied })))
}

export async function lastPruningRound(payload: Payload): Promise<PruningRound | null> {
  return payload.kv.get<PruningRound>(LAST_PRUNING_KEY)
}

/** SQLite's answer to a PRAGMA that returns one number. */
async function pragmaNumber(adapter: SQLiteAdapter, name: 'auto_vacuum' | 'page_count' | 'page_size' | 'freelist_count'): Promise<number> {
  const { rows } = await adapter.client.execute(`PRAGMA ${name}`)
  return Number(rows[0]?.[0] ?? 0)
}

/** How SQLite keeps the database file: its size and what it does with freed pages (null on MongoDB). */
export async function sqliteFileState(payload: Payload): Promise<{ fileBytes: number; freeBytes: number; incremental: boolean } | null> {
  if (payload.db.name !== 'sqlite') return null
  const adapter = payload.db as unknown as SQLiteAdapter
  const [autoVacuum, pages, pageSize, free] = await Promise.all([
    pragmaNumber(adapter, 'auto_vacuum'),
    pragmaNumber(adapter, 'page_count'),
    pragmaNumber(adapter, 'page_size'),
    pragmaNumber(adapter, 'freelist_count'),
  ])
  return { fileBytes: pages * pageSize, freeBytes: free * pageSize, incremental: autoVacuum === 2 }
}

/**
 * SQLite does not shrink its file when rows shrink: freed pages go to a free list and new records
 * reuse them. `auto_vacuum = INCREMENTAL` lets `PRAGMA incremental_vacuum(N)` hand N of them back to
 * the disk, a short write each, so this gives them back in small steps with a pause between.
 * A file still in SQLite's default mode (NONE) must be rewritten once by VACUUM to switch: done here
 * while the file is small (a fresh site: a fraction of a second), otherwise left to the seller's
 * maintenance (docs/OPERATIONS.md) — a VACUUM of a large file would hold the write lock for as long
 * as it takes to copy it. Its freed pages are still reused, and backups (VACUUM INTO) never copy them.
 *
 * The statements run through the adapter's libsql client as a single statement each
 * (`executeMultiple` runs a PRAGMA to its end; libsql's `execute` steps `incremental_vacuum` once,
 * freeing one page), each in its turn among the process's write transactions (`inWriteTurn`): one
 * started meanwhile waits that step's few tens of milliseconds in the queue, never in SQLite's busy
 * handler for a lock its own process holds.
 */
async function returnFreePages(payload: Payload, pauseMs: number): Promise<number | null> {
  if (payload.db.name !== 'sqlite') return null
  const adapter = payload.db as unknown as SQLiteAdapter
  let state = await sqliteFileState(payload)
  if (!state) return null
  if (!state.incremental) {
    if (state.fileBytes > SWITCH_TO_INCREMENTAL_MAX_BYTES) return null
    await inWriteTurn(payload.db, () => adapter.client.executeMultiple('PRAGMA auto_vacuum = INCREMENTAL; VACUUM;'))
    payload.logger.info('[email-retention] the database file now gives freed space back to the disk (auto_vacuum = INCREMENTAL)')
    state = await sqliteFileState(payload)
    if (!state?.incremental) return null
  }
  const before = state.fileBytes
  for (let free = await pragmaNumber(adapter, 'freelist_count'); free > 0; ) {
    await inWriteTurn(payload.db, () => adapter.client.executeMultiple(`PRAGMA incremental_vacuum(${VACUUM_PAGES_PER_STEP});`))
    const left = await pragmaNumber(adapter, 'freelist_count')
    // Writes meanwhile may free pages too, never so fast that a step gives nothing back.
    if (left >= free) break
    free = left
    await pause(pauseMs)
  }
  return before - (await pragmaNumber(adapter, 'page_count')) * (await pragmaNumber(adapter, 'page_size'))
}
