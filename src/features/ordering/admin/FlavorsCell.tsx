import type { DefaultServerCellComponentProps } from 'payload'

import { orderedFlavors, packingList } from '@/features/ordering/orderDetails'

/** The orders list shows what to pack ('2 × Mixed Berry, 1 × Peach Ginger'), not the stored codes. */
export function FlavorsCell({ cellData, rowData }: DefaultServerCellComponentProps) {
  if (typeof cellData !== 'string' || !cellData) return null
  const flavorNames = typeof rowData?.flavorNames === 'string' ? rowData.flavorNames : null
  return <span>{packingList(orderedFlavors({ flavors: cellData, flavorNames }))}</span>
}
