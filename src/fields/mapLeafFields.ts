import type { Field } from 'payload'

/**
 * `fields` with each field that holds no fields of its own replaced by `change(field)`, however deep
 * it sits in tabs, blocks, groups, arrays, rows or collapsibles. For plugins that give every field
 * of a kind something (a CSV hook, a component), a field added later included.
 */
export function mapLeafFields(fields: Field[], change: (field: Field) => Field): Field[] {
  return fields.map((field): Field => {
    if (field.type === 'tabs') return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: mapLeafFields(tab.fields, change) })) }
    if (field.type === 'blocks') return { ...field, blocks: field.blocks.map((block) => ({ ...block, fields: mapLeafFields(block.fields, change) })) }
    if ('fields' in field) return { ...field, fields: mapLeafFields(field.fields, change) } as Field
    return change(field)
  })
}
