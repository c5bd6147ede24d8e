/**
 * Where a saved export is, as the seller reads it in the exports list and on the export itself
 * (`components/ExportStatus.client.tsx`). The file is made in the background (`exportJobs.ts`).
 */
export const EXPORT_STATUSES = [
  { label: 'Being prepared', value: 'preparing' },
  { label: 'Ready to download', value: 'ready' },
  { label: 'Could not be prepared', value: 'failed' },
] as const

export type ExportStatus = (typeof EXPORT_STATUSES)[number]['value']
