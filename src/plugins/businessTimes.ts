import type { CollectionConfig, DateField, Field, GlobalConfig, Plugin } from 'payload'

import { mapLeafFields } from '@/fields/mapLeafFields'

const CELL = '/features/admin/components/BusinessTime.client#BusinessTimeCell'
const FIELD = '/features/admin/components/BusinessTime.client#BusinessTimeField'

/** Date fields that hold a calendar day or a bare time, not a moment: no zone to read them in. */
const NOT_A_MOMENT = new Set(['dayOnly', 'monthOnly', 'timeOnly'])

/**
 * Every moment the admin shows (a handover, an e-mail's sending, when an order was received) on
 * Detroit's clock, in a browser set to any zone, in its list cell and on its document's page
 * (`BusinessTime.client.tsx`). A field with Payload's `timezone` option is already shown in its zone,
 * a field with a component of its own keeps it. Payload's own `createdAt` / `updatedAt` are written
 * out here as Payload would add them (same column, index and label) so that they get the cell too.
 * Last in the plugins, so fields other plugins add are covered.
 */
export const businessTimesPlugin = (): Plugin => (config) => ({
  ...config,
  collections: config.collections?.map(withBusinessTimes),
  globals: config.globals?.map((global: GlobalConfig) => ({ ...global, fields: shownOnDetroitsClock(global.fields) })),
})

function withBusinessTimes(collection: CollectionConfig): CollectionConfig {
  const fields = shownOnDetroitsClock(collection.fields)
  if (collection.timestamps === false) return { ...collection, fields }
  const named = (name: string) => fields.some((field) => 'name' in field && field.name === name)
  const timestamps = (['updatedAt', 'createdAt'] as const).filter((name) => !named(name)).map(payloadTimestamp)
  return { ...collection, fields: [...fields, ...shownOnDetroitsClock(timestamps)] }
}

/** The timestamp field Payload adds to a collection without one (payload/dist/collections/config/sanitize.js). */
const payloadTimestamp = (name: 'updatedAt' | 'createdAt'): DateField => ({
  name,
  type: 'date',
  index: true,
  label: ({ t }) => (name === 'updatedAt' ? t('general:updatedAt') : t('general:createdAt')),
  admin: { disableBulkEdit: true, hidden: true },
})

const shownOnDetroitsClock = (fields: Field[]): Field[] =>
  mapLeafFields(fields, (field) => (field.type === 'date' && isMoment(field) ? withBusinessTimeComponents(field) : field))

const isMoment = (field: DateField) => !field.timezone && !NOT_A_MOMENT.has(field.admin?.date?.pickerAppearance ?? 'default')

function withBusinessTimeComponents(field: DateField): DateField {
  const components = field.admin?.components ?? {}
  return {
    ...field,
    admin: {
      ...field.admin,
      // `Field: false` (the createdAt of `fields/createdAt.ts`) stays off the form.
      components: { ...components, Cell: components.Cell ?? CELL, Field: components.Field === undefined ? FIELD : components.Field },
    },
  }
}
