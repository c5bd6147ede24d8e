import type { DefaultServerCellComponentProps } from 'payload'

/** 'Available' / 'Sold out' in the Flavors list, as customers see it on the order page. */
export function AvailableCell({ cellData }: DefaultServerCellComponentProps) {
  return <span>{cellData === false ? 'Sold out' : 'Available'}</span>
}
