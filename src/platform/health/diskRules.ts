/**
 * When the disk holding the database counts as almost full, pure so the Operations settings
 * (`globals/Operations.ts`) and the health check (`health.ts`) share one rule.
 */

/** A fresh site warns when less than this share of the disk is free: a few more weeks of photos and backups and it stops. */
export const DEFAULT_MIN_FREE_DISK_PERCENT = 10
export const MIN_FREE_DISK_PERCENT_RANGE = { min: 1, max: 90 } as const

export type DiskSpace = { freeBytes: number; totalBytes: number }

/** Free space, as a whole percent of the disk. */
export const freePercent = ({ freeBytes, totalBytes }: DiskSpace) => (totalBytes > 0 ? Math.floor((freeBytes / totalBytes) * 100) : 0)

/** Whether the disk has at least the seller's share free (Admin → Operations settings). */
export const enoughFreeDisk = (space: DiskSpace, minFreePercent: number) => freePercent(space) >= minFreePercent

/** Bytes in the units a seller reads: "840 MB", "12.3 GB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return unit === 0 ? `${value} bytes` : `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`
}
