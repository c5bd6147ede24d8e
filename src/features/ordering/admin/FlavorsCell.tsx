import type { DefaultServerCellComponentProps } from 'payload'

import { packingList } from '@/features/ordering/orderDetails'

/** The orders list shows what to pack ('2 × Mixed Berry, 1 × Peach Ginger'), not the stored codes. */
export function FlavorsCell({ cellData }: DefaultServerCellComponentProps) {
  if (typeof cellData !== 'string' || !cellData) return null
  return <span>{packingList(cellData)}</span>
}
