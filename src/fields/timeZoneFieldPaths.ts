import type { Field } from 'payload'

/** The dotted paths of the `_tz` fields Payload will add: rows, collapsibles and unnamed tabs add nothing to a path. */
export function timeZoneFieldPaths(fields: Field[], prefix = ''): string[] {
  return fields.flatMap((field): string[] => {
    const path = 'name' in field && field.name ? `${prefix}${field.name}` : undefined
    if (field.type === 'date') return field.timezone && path ? [`${path}_tz`] : []
    if (field.type === 'tabs') return field.tabs.flatMap((tab) => timeZoneFieldPaths(tab.fields, 'name' in tab && tab.name ? `${prefix}${tab.name}.` : prefix))
    if (field.type === 'blocks') return field.blocks.flatMap((block) => timeZoneFieldPaths(block.fields, path ? `${path}.` : prefix))
    if ('fields' in field) return timeZoneFieldPaths(field.fields, path ? `${path}.` : prefix)
    return []
  })
}
