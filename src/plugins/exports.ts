import path from 'node:path'

import { importExportPlugin } from '@payloadcms/plugin-import-export'
import type { CollectionConfig, Field } from 'payload'

import { DATA_DIR } from '@/lib/runtime'

/**
 * CSV/JSON downloads from the list views of orders, subscribers and contact messages, with the
 * list's current filter. No imports: orders and codes are only ever created by the site's own rules.
 */
export const exportsPlugin = () =>
  importExportPlugin({
    collections: (['orders', 'email-captures', 'contact-messages'] as const).map((slug) => ({
      slug,
      import: false,
      export: { disableJobsQueue: true },
    })),
    overrideExportCollection: ({ collection }) => keptWithTheData(exportEverythingTheFilterMatches(collection)),
  })

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
