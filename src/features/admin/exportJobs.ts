import 'server-only'

import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream } from 'node:stream/web'

import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, CollectionBeforeValidateHook, CollectionSlug, Payload, PayloadHandler, PayloadRequest, TaskConfig, TaskHandler, Where } from 'payload'

import type { Export, TaskCreateCollectionExport } from '@/payload-types'
import { runtimePath } from '@/platform/config/runtime'
import { onCommit } from '@/platform/db/afterCommit'
import { databaseDataDir } from '@/platform/db/database'
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
 * Where saved exports' files are kept (the exports collection's `staticDir`, `plugins/exports.ts`):
 * `exports/` beside the database in use, with its backups, so that two servers on two databases
 * never write into each other's exports. Read when the config is built, after `DATABASE_URI`.
 */
export const exportsDir = (): string => runtimePath(databaseDataDir(), 'exports')

/**
 * What the saved exports' files take on the disk (Admin → Operations), read from the folder: they
 * are the files the seller can delete under Exports once downloaded. Half-written ones are left out.
 */
export async function savedExportFiles(folder = exportsDir()): Promise<{ count: number; totalBytes: number }> {
  const entries = await fs.promises.readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  const sizes = await Promise.all(entries.filter((entry) => entry.isFile()).map(async (entry) => (await fs.promises.stat(runtimePath(folder, entry.name))).size))
  return { count: sizes.length, totalBytes: sizes.reduce((total, size) => total + size, 0) }
}

/**
 * The export task's work: the file is written to disk page by page, then moved beside the saved
 * exports and named on its export. The plugin's own task builds the whole file in memory and hands
 * it to the upload (50,000 orders: over 400 MB of the server's memory); here no more than a page
 * is in memory at a time. The rows come from the plugin itself, from the stream its download
 * endpoint answers (`download`: the same columns, field hooks and neutral cells as its task),
 * asked as the seller who saved the export. Writing to disk also paces the reading: the next page
 * is read once the file has taken the last one, so the server answers other requests between
 * pages (the SQLite driver answers synchronously: a chain of reads never gives the event loop back).
 */
export function writeExportFile(download: PayloadHandler): TaskHandler<'createCollectionExport'> {
  return async ({ input, req }) => {
    const user = await exportingSeller(req, input)
    const answer = await download(Object.assign(req, { user, json: async () => ({ data: input }) }))
    if (!answer.ok || !answer.body) throw new Error(`the export's rows could not be read: ${answer.status} ${await answer.text()}`)
    const named = /filename="([^"]+)"/.exec(answer.headers.get('content-disposition') ?? '')?.[1] ?? `${input.name}.${input.format}`
    const folder = exportsFolderOf(req.payload, input.exportCollection)
    // Written on the same disk, then given its name: a file under its name is always complete.
    const partialFolder = runtimePath(folder, '.partial')
    await fs.promises.mkdir(partialFolder, { recursive: true })
    await removeAbandonedFiles(partialFolder)
    const partial = runtimePath(partialFolder, `${input.id}-${randomUUID()}.${input.format}`)
    try {
      await pipeline(Readable.fromWeb(answer.body as ReadableStream), fs.createWriteStream(partial))
      const { size } = await fs.promises.stat(partial)
      const filename = await linkUnderFreeName(partial, folder, named, input.id)
      const mimeType = answer.headers.get('content-type') ?? 'application/octet-stream'
      // A file no export names is nobody's: it goes again when the export cannot take it.
      await req.payload
        .update({ collection: input.exportCollection as CollectionSlug, id: input.id, data: { filename, filesize: size, mimeType }, overrideAccess: true, req })
        .catch(async (error: unknown) => {
          await fs.promises.rm(runtimePath(folder, filename), { force: true })
          throw error
        })
    } finally {
      await fs.promises.rm(partial, { force: true })
    }
    return { output: {} }
  }
}

/** Half-written files of a server stopped while writing (its job is run again, into a new file). */
async function removeAbandonedFiles(partialFolder: string): Promise<void> {
  const abandonedBefore = Date.now() - ROUND.abandonedAfterMs
  for (const name of await fs.promises.readdir(partialFolder)) {
    const file = runtimePath(partialFolder, name)
    const { mtimeMs } = await fs.promises.stat(file).catch(() => ({ mtimeMs: Infinity }))
    if (mtimeMs < abandonedBefore) await fs.promises.rm(file, { force: true })
  }
}

/** The folder the export collection keeps its files in (its `staticDir`). */
function exportsFolderOf(payload: Payload, exportCollection: string): string {
  const upload = payload.collections[exportCollection as CollectionSlug]?.config.upload
  if (!upload?.staticDir) throw new Error(`the ${exportCollection} collection keeps no files`)
  return upload.staticDir
}

/**
 * Gives the complete file its name in `folder`: the plugin's (the export's name, the collection,
 * the format) in characters safe in a path and an address, with the export's id when a file has
 * that name already, and a random suffix after that. A hard link never replaces a file, so two
 * exports finishing at once cannot take one name.
 */
async function linkUnderFreeName(partial: string, folder: string, name: string, id: string): Promise<string> {
  const safe = path.basename(name).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || `export-${id}`
  const extension = path.extname(safe)
  const stem = path.basename(safe, extension)
  for (const candidate of [safe, `${stem}-${id}${extension}`, `${stem}-${id}-${randomUUID().slice(0, 8)}${extension}`]) {
    try {
      await fs.promises.link(partial, runtimePath(folder, candidate))
      return candidate
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  throw new Error(`no free name for the export file ${safe}`)
}

/** The seller who saved the export: the rows are read with their access, as the plugin's task does. */
async function exportingSeller(req: PayloadRequest, input: TaskCreateCollectionExport['input']): Promise<PayloadRequest['user']> {
  if (!input.userID || !input.userCollection) throw new Error('the export names no seller to make it for')
  const user = await req.payload.findByID({ collection: input.userCollection as 'users', id: input.userID, depth: 0, overrideAccess: true, req })
  return { ...user, collection: 'users' }
}

/**
 * A filter the list cannot run is refused when the export is saved (Payload answers 400 naming the
 * field), rather than queued to fail in the background. Counting the matches is one quick query.
 * A collection that does not exist is left to the plugin's own check of the field (400 too).
 */
export const refuseUnusableFilter: CollectionBeforeValidateHook<Export> = async ({ data, operation, req }) => {
  if (operation !== 'create' || !data?.collectionSlug || !(data.collectionSlug in req.payload.collections)) return data
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
