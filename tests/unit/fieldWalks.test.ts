import type { CollectionConfig, Config, DateField, Field } from 'payload'
import { describe, expect, it } from 'vitest'

import { mapLeafFields } from '@/fields/mapLeafFields'
import { timeZoneFieldPaths } from '@/fields/timeZoneFieldPaths'
import { businessTimesPlugin } from '@/plugins/businessTimes'

/** A date field at every depth a collection can hold one, beside fields that are not moments. */
const nested: Field[] = [
  { name: 'handedOverAt', type: 'date' },
  { name: 'paidAt', type: 'date', timezone: true },
  { name: 'pickupDay', type: 'date', admin: { date: { pickerAppearance: 'dayOnly' } } },
  { name: 'note', type: 'text' },
  { type: 'row', fields: [{ name: 'inRow', type: 'date' }] },
  { type: 'collapsible', label: 'More', fields: [{ name: 'inCollapsible', type: 'date', timezone: true }] },
  { name: 'group', type: 'group', fields: [{ name: 'inGroup', type: 'date', timezone: true }] },
  { name: 'stops', type: 'array', fields: [{ name: 'arrivedAt', type: 'date', timezone: true }] },
  { name: 'layout', type: 'blocks', blocks: [{ slug: 'visit', fields: [{ name: 'visitedAt', type: 'date', timezone: true }] }] },
  {
    type: 'tabs',
    tabs: [
      { label: 'Unnamed', fields: [{ name: 'inUnnamedTab', type: 'date', timezone: true }] },
      { name: 'named', label: 'Named', fields: [{ name: 'inNamedTab', type: 'date', timezone: true }] },
    ],
  },
]

const leafNames = (fields: Field[]) => {
  const names: string[] = []
  mapLeafFields(fields, (field) => (names.push('name' in field ? field.name : field.type), field))
  return names
}

/** Every date field of `fields` by name, wherever it sits. */
function dateFields(fields: Field[]): Record<string, DateField> {
  const found: Record<string, DateField> = {}
  mapLeafFields(fields, (field) => (field.type === 'date' && (found[field.name] = field), field))
  return found
}

describe('the walks over every field of a collection', () => {
  it('mapLeafFields reaches each field that holds no fields, however deep, and keeps the structure', () => {
    expect(leafNames(nested)).toEqual(['handedOverAt', 'paidAt', 'pickupDay', 'note', 'inRow', 'inCollapsible', 'inGroup', 'arrivedAt', 'visitedAt', 'inUnnamedTab', 'inNamedTab'])
    const renamed = mapLeafFields(nested, (field) => ('name' in field ? { ...field, label: `${field.name}!` } : field) as Field)
    expect(leafNames(renamed)).toEqual(leafNames(nested))
    expect((renamed[8] as { blocks: { fields: { label: string }[] }[] }).blocks[0].fields[0].label).toBe('visitedAt!')
  })

  it("timeZoneFieldPaths names the dotted path of each `_tz` column Payload adds, named containers only", () => {
    expect(timeZoneFieldPaths(nested)).toEqual(['paidAt_tz', 'inCollapsible_tz', 'group.inGroup_tz', 'stops.arrivedAt_tz', 'layout.visitedAt_tz', 'inUnnamedTab_tz', 'named.inNamedTab_tz'])
  })

  it("businessTimesPlugin gives each moment without a zone Detroit's cell and field, and leaves the rest", async () => {
    const own: Field = { name: 'ownCell', type: 'date', admin: { components: { Cell: '/own#Cell', Field: false } } }
    const orders: CollectionConfig = { slug: 'orders', fields: [...nested, own] }
    const untimed: CollectionConfig = { slug: 'plain', timestamps: false, fields: [{ name: 'at', type: 'date' }] }
    const config = (await businessTimesPlugin()({ collections: [orders, untimed] } as Config)) as Config
    const [withTimes, withoutTimestamps] = config.collections!
    const dates = dateFields(withTimes.fields)
    const components = (name: string) => dates[name].admin?.components
    for (const name of ['handedOverAt', 'inRow', 'createdAt', 'updatedAt']) {
      expect(components(name)).toEqual({ Cell: expect.stringContaining('BusinessTimeCell'), Field: expect.stringContaining('BusinessTimeField') })
    }
    for (const name of ['paidAt', 'pickupDay', 'arrivedAt', 'visitedAt', 'inNamedTab']) expect(components(name)).toBeUndefined()
    expect(components('ownCell')).toEqual({ Cell: '/own#Cell', Field: false })
    expect(withTimes.fields.filter((field) => 'name' in field && ['createdAt', 'updatedAt'].includes(field.name))).toHaveLength(2)
    expect(withoutTimestamps.fields.map((field) => ('name' in field ? field.name : ''))).toEqual(['at'])
  })
})
