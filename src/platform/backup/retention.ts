import { addDays, BUSINESS_TIME_ZONE, businessDay, startOfWeek, zonedInstant } from '@/shared/time'

/**
 * Which backups are kept, in words a seller can check: the 8 newest, plus the newest of each of the
 * last 7 days that have one, plus the newest of each of the last 4 weeks that have one (the rule
 * restic's `--keep-last/--keep-daily/--keep-weekly` use). Days and weeks are the seller's.
 */
export const RETENTION = { latest: 8, daily: 7, weekly: 4 } as const

export type Retention = { latest: number; daily: number; weekly: number }

/**
 * A kept photo no finished backup names is deleted only once it is this old: another backup may
 * be running (the server's scheduled one beside an `npm run backup`, or another instance's) and
 * name it in the manifest it has not written yet. Far longer than any backup takes.
 */
export const UNNAMED_PHOTO_GRACE_MS = 24 * 60 * 60 * 1000

/** The ids of the backups to keep among `backups` (any order); the others may go. */
export function backupsToKeep<B extends { id: string; takenAt: string }>(backups: B[], retention: Retention = RETENTION, timeZone = BUSINESS_TIME_ZONE): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.takenAt.localeCompare(a.takenAt))
  const keep = new Set(newestFirst.slice(0, retention.latest).map((backup) => backup.id))
  const keepNewestPer = (period: (taken: Date) => string, count: number) => {
    const seen = new Set<string>()
    for (const backup of newestFirst) {
      if (seen.size >= count) break
      const key = period(new Date(backup.takenAt))
      if (seen.has(key)) continue
      seen.add(key)
      keep.add(backup.id)
    }
  }
  keepNewestPer((taken) => businessDay(taken, timeZone).key, retention.daily)
  keepNewestPer((taken) => startOfWeek(taken, timeZone).toISOString(), retention.weekly)
  return keep
}

/** Every this long, a backup; and one at BACKUP_DAILY_AT in the seller's time zone (03:00: the shop is asleep). */
export const BACKUP_EVERY_MS = 6 * 60 * 60 * 1000
export const BACKUP_DAILY_AT = '03:00'

/** Whether a backup is due now, given when the last good one was taken (null: none yet). */
export function backupDue(lastTakenAt: Date | null, now: Date, timeZone = BUSINESS_TIME_ZONE): boolean {
  if (!lastTakenAt) return true
  if (now.getTime() - lastTakenAt.getTime() >= BACKUP_EVERY_MS) return true
  return lastTakenAt < latestDailyTime(now, timeZone)
}

/** The latest BACKUP_DAILY_AT (in the seller's zone) at or before `now`. */
function latestDailyTime(now: Date, timeZone: string): Date {
  const today = businessDay(now, timeZone).key
  const todays = zonedInstant(today, BACKUP_DAILY_AT, timeZone)
  return todays <= now ? todays : zonedInstant(addDays(today, -1), BACKUP_DAILY_AT, timeZone)
}
