import 'server-only'

import type { ExportAfterHook } from '@payloadcms/plugin-import-export/types'
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, CollectionBeforeValidateHook, CollectionSlug, Payload, TaskConfig, Where } from 'payload'

import type { Export, TaskCreateCollectionExport } from '@/payload-types'
import { onCommit } from '@/platform/db/afterCommit'
import { runQueueRound, runQueueSoon, startQueueWorker } from '@/platform/jobs/queueRunner'

import type { ExportStatus } from './exportStatuses'

/**
 * Saved exports are made in the background: saving an export in the admin stores it as "Being
 * prepared" and queues a job in the same transaction; the import-export plugin's task
 * (`createCollectionExport`) then reads the list in pages and attaches the file, and the export
 * reads "Ready to download". The seller's request never waits for the file.
 */
export const EXPORTS_QUEUE = 'exports'
const EXPORT_TASK = 'createCollectionExport'

const SECOND = 1000
const MINUTE = 60 * SECOND
/** Looks for exports left waiting by a restart (a new one starts at once, after its commit). */
export const EXPORTS_POLL_MS = 10 * SECOND
const ROUND = {
  // 50,000 orders take about 15 s; a round holds its lock across instances at most this long.
  longestRoundMs: 5 * MINUTE,
  abandonedAfterMs: 15 * MINUTE,
}

export const runExportsSoon = (payload: Payload): void => runQueueSoon(payload, EXPORTS_QUEUE, ROUND)
/** One round now, waited for: what the worker does every few seconds. */
export const workExportsQueue = (payload: Payload): Promise<void> => runQueueRound(payload, EXPORTS_QUEUE, ROUND)
export const startExportsWorker = (payload: Payload): void => startQueueWorker(payload, EXPORTS_QUEUE, EXPORTS_POLL_MS, ROUND)

/**
 * Queues the file of a newly saved export, in the transaction that stores it, and starts it once
 * that has committed. This replaces the plugin's own hook, which queues with a request of its own:
 * on SQLite that write waits for the lock its own request's transaction holds, for the 5 s busy
 * timeout, and the save fails. The job's input is the plugin's, as its task reads it.
 */
export const queueExportFile: CollectionAfterChangeHook<Export> = async ({ collection, doc, operation, req }) => {
  if (operation !== 'create') return doc
  const target = req.payload.collections[doc.collectionSlug as CollectionSlug]?.config
  const settings = target?.custom?.['plugin-import-export']
  const limit = settings?.exportLimit
  await req.payload.jobs.queue({
    task: EXPORT_TASK,
    queue: EXPORTS_QUEUE,
    input: {
      id: String(doc.id),
      name: doc.name ?? String(doc.id),
      batchSize: settings?.exportBatchSize,
      collectionSlug: doc.collectionSlug as TaskCreateCollectionExport['input']['collectionSlug'],
      drafts: doc.drafts,
      exportCollection: collection.slug,
      fields: doc.fields,
      format: doc.format,
      limit: doc.limit,
      maxLimit: typeof limit === 'function' ? await limit({ req }) : limit,
      page: doc.page,
      sort: doc.sort,
      userCollection: req.user?.collection,
      userID: req.user ? String(req.user.id) : undefined,
      where: doc.where,
    },
    req,
  })
  if (!onCommit(req, () => runExportsSoon(req.payload))) runExportsSoon(req.payload)
  return doc
}

/**
 * After each page of an export, lets the server answer the requests waiting meanwhile. The SQLite
 * driver answers synchronously, so the plugin's chain of awaits never gives the event loop back on
 * its own: without this pause, every request (an order, the admin) waited for the whole file
 * (50,000 orders: 20 s).
 */
export const answerOthersBetweenPages: ExportAfterHook = () => new Promise((resolve) => setImmediate(resolve))

/**
 * A filter the list cannot run is refused when the export is saved (Payload answers 400 naming the
 * field), rather than queued to fail in the background. Counting the matches is one quick query.
 */
export const refuseUnusableFilter: CollectionBeforeValidateHook<Export> = async ({ data, operation, req }) => {
  if (operation !== 'create' || !data?.collectionSlug) return data
  await req.payload.count({ collection: data.collectionSlug as CollectionSlug, where: (data.where ?? {}) as Where, req })
  return data
}

/**
 * A new export is being prepared; it is ready when the task attaches its file (the upload's
 * filename is in the data of that update).
 */
export const followExportFile: CollectionBeforeChangeHook<Export> = ({ data, operation }) => {
  if (operation === 'create') return { ...data, status: 'preparing' satisfies ExportStatus }
  if (data.filename) return { ...data, status: 'ready' satisfies ExportStatus }
  return data
}

/** Tells the seller when the file could not be made (the error itself is in the server's log). */
export const markExportFailed: NonNullable<TaskConfig['onFail']> = async ({ input, req }) => {
  const { id, exportCollection } = (input ?? {}) as { id?: string; exportCollection?: string }
  if (!id || !exportCollection) return
  await req.payload.update({ collection: exportCollection as CollectionSlug, id, data: { status: 'failed' satisfies ExportStatus }, depth: 0 })
}
