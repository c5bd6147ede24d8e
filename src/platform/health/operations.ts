import 'server-only'

import fs from 'node:fs'

import type { Payload } from 'payload'

import { backupsTotalBytes, listBackups } from '@/platform/backup/backups'
import { backupPlace } from '@/platform/backup/place'
import { bodyRetentionDays, lastPruningRound, type PruningRound, sqliteFileState } from '@/platform/email/retention'

import { type DiskSpace, enoughFreeDisk, freePercent } from './diskRules'
import { dataFolder, minFreeDiskPercent, readDiskSpace } from './health'

/**
 * What the seller's Operations view shows: how the e-mail log is kept lean, how big the database
 * and its backups are, and how much of the disk is left.
 */
export type OperationsReport = {
  email: { retentionDays: number; lastRound: PruningRound | null; withText: number; textRemoved: number; waitingOrFailed: number }
  /** SQLite: the file on disk (with its write-ahead log), the room inside it freed and reused for new records, whether it gives freed room back to the disk. Null on MongoDB. */
  database: { fileBytes: number; reusableBytes: number; givesSpaceBack: boolean } | null
  /** Null where the site makes no backups (MongoDB). */
  backups: { folder: string; count: number; totalBytes: number; newestAt: string | null } | null
  disk: (DiskSpace & { freePercent: number; minFreePercent: number; ok: boolean }) | { unreadable: string }
}

const fileBytes = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0)

export async function operationsReport(payload: Payload, readDisk: (folder: string) => DiskSpace = readDiskSpace): Promise<OperationsReport> {
  const count = async (where: Parameters<Payload['count']>[0]['where']) => (await payload.count({ collection: 'email-outbox', where })).totalDocs
  const [retentionDays, lastRound, withText, textRemoved, waitingOrFailed, sqlite, minFree] = await Promise.all([
    bodyRetentionDays(payload),
    lastPruningRound(payload),
    count({ and: [{ status: { equals: 'sent' } }, { bodyRemovedAt: { exists: false } }] }),
    count({ bodyRemovedAt: { exists: true } }),
    count({ status: { in: ['pending', 'sending', 'failed'] } }),
    sqliteFileState(payload),
    minFreeDiskPercent(payload),
  ])
  const place = backupPlace()
  const database = sqlite && place ? { fileBytes: fileBytes(place.databaseFile) + fileBytes(`${place.databaseFile}-wal`), reusableBytes: sqlite.freeBytes, givesSpaceBack: sqlite.incremental } : null
  const backups = place
    ? (() => {
        const list = listBackups(place.backupsDir)
        return { folder: place.backupsDir, count: list.length, totalBytes: backupsTotalBytes(list), newestAt: list[0]?.takenAt ?? null }
      })()
    : null
  let disk: OperationsReport['disk']
  try {
    const space = readDisk(dataFolder())
    disk = { ...space, freePercent: freePercent(space), minFreePercent: minFree, ok: enoughFreeDisk(space, minFree) }
  } catch {
    disk = { unreadable: dataFolder() }
  }
  return { email: { retentionDays, lastRound, withText, textRemoved, waitingOrFailed }, database, backups, disk }
}
