import path from 'node:path'

import { importExportPlugin } from '@payloadcms/plugin-import-export'
import type { FieldBeforeExportHook, ToCSVFunction } from '@payloadcms/plugin-import-export/types'
import type { CollectionConfig, Config, Field, Plugin } from 'payload'

import { neutralCsvCell } from '@/features/admin/csv'
import { DATA_DIR } from '@/platform/config/runtime'

const EXPORTED_COLLECTIONS = ['orders', 'email-captures', 'contact-messages'] as const

/**
 * CSV/JSON downloads from the list views of orders, subscribers and contact messages, with the
 * list's current filter. No imports: orders and codes are only ever created by the site's own rules.
 * Keep this plugin after any plugin that adds fields to those collections, so their CSV cells are
 * neutral too.
 */
export const exportsPlugin = (): Plugin => (config) =>
  importExportPlugin({
    collections: EXPORTED_COLLECTIONS.map((slug) => ({
      slug,
      import: false,
      export: { disableJobsQueue: true },
    })),
    overrideExportCollection: ({ collection }) => keptWithTheData(exportEverythingTheFilterMatches(collection)),
  })(withNeutralCsvCells(config, EXPORTED_COLLECTIONS))

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

function neutralCsvFields(fields: Field[]): Field[] {
  return fields.map((field): Field => {
    if (field.type === 'tabs') return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: neutralCsvFields(tab.fields) })) }
    if (field.type === 'blocks') return { ...field, blocks: field.blocks.map((block) => ({ ...block, fields: neutralCsvFields(block.fields) })) }
    if ('fields' in field) return { ...field, fields: neutralCsvFields(field.fields) } as Field
    if (!('name' in field) || WRITTEN_BY_THE_PLUGIN.has(field.type)) return field
    return withNeutralCsvCell(field)
  })
}

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

// ---- Where saved exports live and what they hold ------------------------------------------------

/** A saved export holds customers' details: it is kept under data/ with the database, not in the app. */
function keptWithTheData(collection: CollectionConfig): CollectionConfig {
  const upload = typeof collection.upload === 'object' ? collection.upload : {}
  return { ...collection, upload: { ...upload, staticDir: path.join(DATA_DIR, 'exports') } }
}

/**
 * The plugin pre-fills the export's 'Limit' with the list's page size, so a seller exporting this
 * month's orders from a 10-row page would get 10. Without its field component the limit starts
 * empty ('No limit'): the export holds every document the filter matches.
 */
function exportEverythingTheFilterMatches(collection: CollectionConfig): CollectionConfig {
  const withPlainLimit = (fields: Field[]): Field[] =>
    fields.map((field) => {
      if ('name' in field && field.name === 'limit' && field.type === 'number') {
        const { Field: _listLimit, ...components } = field.admin?.components ?? {}
        return { ...field, admin: { ...field.admin, components } }
      }
      if ('fields' in field && Array.isArray(field.fields)) return { ...field, fields: withPlainLimit(field.fields) } as Field
      return field
    })
  return { ...collection, fields: withPlainLimit(collection.fields) }
}
