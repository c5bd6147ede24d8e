import type { DefaultServerCellComponentProps } from 'payload'

/** 'Yes' / 'No' in the lists, instead of Payload's `true` / `false`. */
export function YesNoCell({ cellData }: DefaultServerCellComponentProps) {
  return <span>{cellData ? 'Yes' : 'No'}</span>
}
