import { importExportPlugin } from '@payloadcms/plugin-import-export'
import type { FieldBeforeExportHook, ToCSVFunction } from '@payloadcms/plugin-import-export/types'
import type { CollectionConfig, Config, Field, PayloadHandler, Plugin } from 'payload'

import { exportsDir, followExportFile, markExportFailed, queueExportFile, refuseUnusableFilter, writeExportFile } from '@/features/admin/exportJobs'
import { EXPORT_STATUSES } from '@/features/admin/exportStatuses'
import { mapLeafFields } from '@/fields/mapLeafFields'
import { timeZoneFieldPaths } from '@/fields/timeZoneFieldPaths'
import { neutralCsvCell } from '@/features/admin/csv'
import { businessFileStamp } from '@/shared/time'

const EXPORTED_COLLECTIONS = ['orders', 'email-captures', 'contact-messages'] as const

/**
 * Records read per query while a file is made. Other requests wait while a page is read
 * (`writeExportFile`), and each query also counts the matches. Payload makes each order's row
 * through about 245 kB of short-lived objects (two fifths of them its afterRead walk of every
 * field), and a page's documents stay alive until its rows are written, so the collector moves more
 * of them into the old generation the larger the page: at 250, an export of 50,000 orders took the
 * heap to 151 MB with 48 MB of freed pages kept; at 100, to 136 MB with 28 MB. At 25 less was moved
 * still, but in bench:data's sequence the server's memory then stayed at its peak after the
 * exports (369 and 399 MB 20 s after, against 231–244 at rest, twice), where at 100 it came back
 * within a few MB: 100 it is (docs/PERFORMANCE.md, "Where the export's garbage comes from").
 */
const EXPORT_BATCH_SIZE = 100

/**
 * CSV/JSON exports from the list views of orders, subscribers and contact messages, with the list's
 * current filter. Saving an export makes its file in the background (`features/admin/exportJobs.ts`):
 * the export's page shows it being prepared, then the download. The plugin's other button, which
 * made the file inside the request (50,000 orders: 10 s), is hidden and its endpoint gone. No
 * imports: orders and codes are only ever created by the site's own rules. Keep this plugin after
 * any plugin that adds fields to those collections, so their CSV cells are neutral too.
 */
export const exportsPlugin = (): Plugin => async (config) => {
  let download: PayloadHandler | undefined
  const withExports = await importExportPlugin({
    collections: EXPORTED_COLLECTIONS.map((slug) => ({ slug, import: false, export: { batchSize: EXPORT_BATCH_SIZE, disableDownload: true } })),
    overrideExportCollection: ({ collection }) => {
      download = (collection.endpoints || []).find((endpoint) => endpoint.path === DOWNLOAD_PATH)?.handler
      return preparedInTheBackground(keptWithTheData(namedOnTheSellersClock(exportEverythingTheFilterMatches(collection))))
    },
  })(withNeutralCsvCells(config, EXPORTED_COLLECTIONS))
  if (!download) throw new Error(`@payloadcms/plugin-import-export no longer has its ${DOWNLOAD_PATH} endpoint, which writeExportFile reads the rows from`)
  return withFilesWrittenInPages(withoutTimeZoneColumns(withExports, EXPORTED_COLLECTIONS), download)
}

/** The plugin's endpoint that streams an export's rows (the file made inside a request). */
const DOWNLOAD_PATH = '/download'

// ---- Neutral CSV cells ----------------------------------------------------------------------
// What a neutral cell is (`neutralCsvCell`) lives with the admin's other CSV, the prep sheet's.

/**
 * The plugin writes a CSV cell per field and asks each field's `beforeExport` hook for its value;
 * JSON exports pass through the same hook with `format: 'json'` and keep the raw value. Every field
 * of the exported collections gets the hook here, so a field added later is covered without a list
 * to keep in sync. Left alone: relationships, uploads and joins (the plugin writes their ids) and
 * JSON/rich text (the plugin writes them as JSON, which starts with { [ or a quote).
 */
const WRITTEN_BY_THE_PLUGIN = new Set<Field['type']>(['relationship', 'upload', 'join', 'json', 'richText', 'ui'])

function withNeutralCsvCells(config: Config, slugs: readonly string[]): Config {
  const collections = config.collections?.map((collection) =>
    slugs.includes(collection.slug) ? { ...collection, fields: neutralCsvFields(collection.fields) } : collection,
  )
  return { ...config, collections }
}

const neutralCsvFields = (fields: Field[]): Field[] =>
  mapLeafFields(fields, (field) => (!('name' in field) || WRITTEN_BY_THE_PLUGIN.has(field.type) ? field : withNeutralCsvCell(field)))

/**
 * Adds the hook to one field. A field with an export hook of its own keeps it, and its result is
 * made neutral (extra columns such a hook writes into the row itself are its own business).
 */
function withNeutralCsvCell(field: Field): Field {
  const own = field.custom?.['plugin-import-export'] ?? {}
  if (own.disabled) return field
  const { toCSV } = own
  const ownHook = own.hooks?.beforeExport
  if (toCSV && !ownHook) {
    // The legacy per-field hook, which the plugin calls for CSV only.
    const neutralToCSV: ToCSVFunction = (args) => neutralCsvCell(toCSV(args))
    return { ...field, custom: { ...field.custom, 'plugin-import-export': { ...own, toCSV: neutralToCSV } } }
  }
  const beforeExport: FieldBeforeExportHook = (args) => {
    const value = ownHook ? ownHook(args) : args.value
    return args.format === 'csv' ? neutralCsvCell(value) : value
  }
  return { ...field, custom: { ...field.custom, 'plugin-import-export': { ...own, hooks: { ...own.hooks, beforeExport } } } }
}

// ---- No time zone columns ------------------------------------------------------------------

/**
 * A date field with a `timezone` option (an order's Paid on) gets a `<name>_tz` field from Payload,
 * added after the plugins ran: the plugin never saw it, so the orders CSV had a `paidAt_tz` column
 * reading "America/Detroit" on every row. Each such field joins the list of disabled fields the
 * plugin keeps on the collection (collected from the `disabled` marks it saw), which both its CSV
 * and JSON leave out.
 */
function withoutTimeZoneColumns(config: Config, slugs: readonly string[]): Config {
  const collections = config.collections?.map((collection) => {
    if (!slugs.includes(collection.slug)) return collection
    const own = collection.admin?.custom?.['plugin-import-export'] ?? {}
    const disabledFields = [...(own.disabledFields ?? []), ...timeZoneFieldPaths(collection.fields)]
    return { ...collection, admin: { ...collection.admin, custom: { ...collection.admin?.custom, 'plugin-import-export': { ...own, disabledFields } } } }
  })
  return { ...config, collections }
}

// ---- Files made in the background -------------------------------------------------------------

/**
 * Where the export is (being prepared, ready, failed) for the list and the export's page, kept by
 * the export's own hooks; the job is queued by ours instead of the plugin's (see `queueExportFile`).
 * Listed in the admin under Admin, so the seller finds a file made while they were elsewhere.
 */
function preparedInTheBackground(collection: CollectionConfig): CollectionConfig {
  const status: Field = {
    name: 'status',
    type: 'select',
    options: [...EXPORT_STATUSES],
    // Shown once saved; the notice at the top says the same with the download.
    admin: { readOnly: true, position: 'sidebar', condition: (data) => Boolean(data?.status) },
  }
  const statusNotice: Field = {
    name: 'statusNotice',
    type: 'ui',
    admin: { components: { Field: '/features/admin/components/ExportStatus.client#ExportStatus' }, disableListColumn: true },
  }
  return {
    ...collection,
    // The plugin's in-request export (POST /api/exports/download, its hidden Download button) holds
    // the request for the whole file (50,000 orders: 10 s), and its stream cannot take
    // `answerOthersBetweenPages` (it reads the next page while the hook waits).
    endpoints: (collection.endpoints || []).filter((endpoint) => endpoint.path !== DOWNLOAD_PATH),
    labels: { singular: 'Export', plural: 'Exports' },
    admin: { ...collection.admin, group: 'Admin', defaultColumns: ['name', 'collectionSlug', 'format', 'status', 'createdAt'] },
    fields: [statusNotice, ...collection.fields, status],
    hooks: {
      ...collection.hooks,
      beforeValidate: [...(collection.hooks?.beforeValidate ?? []), refuseUnusableFilter],
      beforeChange: [...(collection.hooks?.beforeChange ?? []), followExportFile],
      // The plugin's only afterChange hook queues the job outside the save's transaction: replaced.
      afterChange: [queueExportFile],
    },
  }
}

/**
 * The plugin's export task writes its file page by page (`writeExportFile`), and marks the export
 * failed when it cannot make the file (no retries: the seller starts it again).
 */
function withFilesWrittenInPages(config: Config, download: PayloadHandler): Config {
  const tasks = config.jobs?.tasks?.map((task) => (task.slug === 'createCollectionExport' ? { ...task, handler: writeExportFile(download), onFail: markExportFailed } : task))
  return { ...config, jobs: { ...config.jobs, tasks } }
}

// ---- Where saved exports live and what they hold ------------------------------------------------

/** A saved export holds customers' details: it is kept beside the database, with its backups, not in the app. */
function keptWithTheData(collection: CollectionConfig): CollectionConfig {
  const upload = typeof collection.upload === 'object' ? collection.upload : {}
  return { ...collection, upload: { ...upload, staticDir: exportsDir() } }
}

/**
 * The plugin names an export (and so its file) by UTC's date and the server's own clock time: made
 * at 9:30 PM in Detroit, it read "2026-11-30_02-30-05", tomorrow. Named by the seller's clock instead.
 */
function namedOnTheSellersClock(collection: CollectionConfig): CollectionConfig {
  const withSellersName = (field: Field): Field =>
    'name' in field && field.name === 'name' && field.type === 'text' ? { ...field, defaultValue: () => businessFileStamp(new Date()) } : field
  return { ...collection, fields: mapLeafFields(collection.fields, withSellersName) }
}

/**
 * The plugin pre-fills the export's 'Limit' with the list's page size, so a seller exporting this
 * month's orders from a 10-row page would get 10. Without its field component the limit starts
 * empty ('No limit'): the export holds every document the filter matches.
 */
function exportEverythingTheFilterMatches(collection: CollectionConfig): CollectionConfig {
  const withPlainLimit = (field: Field): Field => {
    if (!('name' in field) || field.name !== 'limit' || field.type !== 'number') return field
    const { Field: _listLimit, ...components } = field.admin?.components ?? {}
    return { ...field, admin: { ...field.admin, components } }
  }
  return { ...collection, fields: mapLeafFields(collection.fields, withPlainLimit) }
}
