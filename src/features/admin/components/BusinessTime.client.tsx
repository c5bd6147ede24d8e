'use client'

import { DateTimeField, DefaultCell, TextInput, useField } from '@payloadcms/ui'
import { mergeFieldStyles } from '@payloadcms/ui/shared'
import type { DateFieldClientProps, DefaultCellComponentProps } from 'payload'

import { businessDateTime, businessWeekdayDateTime } from '@/shared/time'

/*
 * Payload writes a date-time field, in its form and in its list cells, on the browser's clock
 * (3.90: fields/DateTime, elements/Table/DefaultCell/fields/Date): a seller whose laptop is set to
 * Los Angeles read a 9:30 PM handover as 6:30 PM. These write it on Detroit's clock instead, as the
 * site's pages and e-mails do. Given to every such field by `plugins/businessTimes.ts`.
 */

/**
 * A list cell: Payload's own cell (its link to the document, its click in a drawer) holding Detroit's
 * time as text. Without a time it is Payload's date cell as it was: blank, not a text cell's "<No Sent>".
 */
export function BusinessTimeCell(props: DefaultCellComponentProps) {
  const { cellData, field } = props
  if (typeof cellData !== 'string' || !cellData) return <DefaultCell {...props} />
  return <DefaultCell {...props} cellData={businessDateTime(cellData)} field={{ ...field, type: 'text' } as DefaultCellComponentProps['field']} />
}

/**
 * The field on a document's page: a time the site recorded (read-only) as text on Detroit's clock,
 * with its weekday. A field the seller may edit keeps Payload's picker, which takes times on the
 * browser's clock: a time the seller types needs the field's `timezone` option instead
 * (`fields/businessTimeZone.ts`). Payload hands a custom field the document's read-only state, not
 * the field's own `admin.readOnly`, which its own fields read: both count here.
 */
export function BusinessTimeField(props: DateFieldClientProps) {
  const { field, path } = props
  const readOnly = Boolean(props.readOnly || field.admin?.readOnly)
  const { value } = useField<string | null>({ path })
  if (!readOnly) return <DateTimeField {...props} />
  return (
    <TextInput
      path={path}
      label={field.label}
      description={typeof field.admin?.description === 'string' ? field.admin.description : undefined}
      readOnly
      value={value ? `${businessWeekdayDateTime(value)} (Detroit time)` : ''}
      style={mergeFieldStyles(field)}
    />
  )
}
