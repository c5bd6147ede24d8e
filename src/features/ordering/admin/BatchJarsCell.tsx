import type { DefaultServerCellComponentProps } from 'payload'

import { counted } from '@/shared/counted'

import { jarsText } from '../wording'

type BatchRow = { jarsLeft?: number | null; flavors?: { left?: number | null }[] | null }

/** A batch's jars left in the Batches list: "9 jars left", "43 jars left · 3 flavors", or "No limit". */
export function BatchJarsCell({ rowData }: DefaultServerCellComponentProps) {
  const { jarsLeft, flavors } = rowData as BatchRow
  if (flavors?.length) return <span>{`${jarsText(flavors.reduce((sum, row) => sum + (row.left ?? 0), 0))} left · ${counted(flavors.length, 'flavor')}`}</span>
  return <span>{jarsLeft == null ? 'No limit' : `${jarsText(jarsLeft)} left`}</span>
}
