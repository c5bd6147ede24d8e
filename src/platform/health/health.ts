import 'server-only'

import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'

import { backupsTotalBytes, listBackups, type Manifest } from '@/platform/backup/backups'
import { backupPlace } from '@/platform/backup/place'
import { copiedOffsite, offsiteConfigured } from '@/platform/backup/offsite'
import { BACKUP_EVERY_MS } from '@/platform/backup/retention'
import { DATA_DIR } from '@/platform/config/runtime'

import { DEFAULT_MIN_FREE_DISK_PERCENT, type DiskSpace, enoughFreeDisk, formatBytes, freePercent } from './diskRules'

/**
 * What the site's health check (`GET /api/health`) and the seller's dashboard banner report: the
 * few things that, when they fail, lose orders or customers without anyone noticing.
 */

/** E-mails still waiting after failed tries for longer than this: the mail server is refusing. */
export const EMAIL_FAILING_AFTER_MS = 30 * 60 * 1000
/** No good backup for two periods: the backups are failing. */
export const BACKUP_MISSING_AFTER_MS = 2 * BACKUP_EVERY_MS

export type HealthCheck = { ok: boolean; summary: string }
export type HealthReport = {
  ok: boolean
  checkedAt: string
  checks: { database: HealthCheck; email: HealthCheck; backups: HealthCheck & { lastGoodAt?: string; totalBytes?: number }; disk: HealthCheck }
}

const HEALTH_KEY_PREFIX = 'health:'
/** This server process's key for the write check: instances never write the same row. */
const OWN_HEALTH_KEY = `${HEALTH_KEY_PREFIX}${randomUUID()}`
/** A write-check key not written for this long belongs to a server process that has stopped. */
export const HEALTH_KEY_RETENTION_MS = 24 * 60 * 60 * 1000
const serverStartedAt = Date.now()

/** The database answers a read and takes a write (a tiny one, kept in Payload's key-value store). */
async function checkDatabase(payload: Payload, now: Date): Promise<HealthCheck> {
  try {
    await payload.count({ collection: 'orders', where: { id: { exists: true } } })
    await payload.kv.set(OWN_HEALTH_KEY, { at: now.toISOString() })
    const stored = await payload.kv.get<{ at: string }>(OWN_HEALTH_KEY)
    if (stored?.at !== now.toISOString()) return { ok: false, summary: 'The database did not keep a write.' }
    return { ok: true, summary: 'Reads and writes.' }
  } catch (error) {
    payload.logger.error({ err: error, msg: '[health] the database failed its check' })
    return { ok: false, summary: 'The database cannot read or write: no order can be stored.' }
  }
}

/** The oldest e-mail still waiting after a failed try; the mail server's own words stay in the admin. */
async function checkEmail(payload: Payload, now: Date): Promise<HealthCheck & { failingSince?: string }> {
  const { docs } = await payload.find({
    collection: 'email-outbox',
    where: { and: [{ status: { in: ['pending', 'sending'] } }, { attempts: { greater_than: 0 } }] },
    sort: 'createdAt',
    limit: 1,
    depth: 0,
    pagination: false,
    select: { createdAt: true },
  })
  const oldest = docs[0]?.createdAt
  if (!oldest) return { ok: true, summary: 'Nothing waiting after a failed try.' }
  const waitingMs = now.getTime() - new Date(oldest).getTime()
  const minutes = Math.round(waitingMs / 60_000)
  if (waitingMs <= EMAIL_FAILING_AFTER_MS) return { ok: true, summary: `An e-mail has been waiting ${minutes} min (retried).`, failingSince: oldest }
  return { ok: false, summary: `E-mails have not gone out for ${minutes} min: the mail server refuses them.`, failingSince: oldest }
}

/**
 * Every server start leaves its write-check key behind: removes those not written for a day. A
 * running instance's key is written at each check, and this process's own is always kept.
 */
export async function pruneHealthKeys(payload: Payload, now = new Date()): Promise<void> {
  const cutoff = now.getTime() - HEALTH_KEY_RETENTION_MS
  for (const key of await payload.kv.keys()) {
    if (!key.startsWith(HEALTH_KEY_PREFIX) || key === OWN_HEALTH_KEY) continue
    const writtenAt = Date.parse((await payload.kv.get<{ at?: string }>(key))?.at ?? '')
    if (Number.isNaN(writtenAt) || writtenAt < cutoff) await payload.kv.delete(key)
  }
}

/** The backups' check, with what they take of the disk (`totalBytes`, every backup and photo kept). */
function checkBackups(now: Date): HealthCheck & { lastGoodAt?: string; totalBytes?: number } {
  const place = backupPlace()
  if (!place) return { ok: true, summary: 'Not made by the site (MongoDB: backed up with its own tools).' }
  const backups = listBackups(place.backupsDir)
  return { ...backupsState(place.backupsDir, backups, now), totalBytes: backupsTotalBytes(backups) }
}

function backupsState(backupsDir: string, backups: Manifest[], now: Date): HealthCheck & { lastGoodAt?: string } {
  const last = backups[0]
  const justStarted = now.getTime() - serverStartedAt <= BACKUP_MISSING_AFTER_MS
  if (!last) return { ok: justStarted, summary: justStarted ? 'The first backup is on its way.' : 'No backup has been made.' }
  const ageMs = (backup: Manifest) => now.getTime() - new Date(backup.takenAt).getTime()
  const hours = (backup: Manifest) => Math.round(ageMs(backup) / 3_600_000)
  const summary = `The last good backup is ${hours(last)} h old.`
  if (ageMs(last) > BACKUP_MISSING_AFTER_MS) return { ok: false, summary, lastGoodAt: last.takenAt }
  if (!offsiteConfigured()) return { ok: true, summary, lastGoodAt: last.takenAt }
  // The copy in the bucket is what survives the disk: it must be as fresh.
  const copied = backups.find((backup) => copiedOffsite(backupsDir, backup.id))
  if (copied && ageMs(copied) <= BACKUP_MISSING_AFTER_MS) return { ok: true, summary: `${summary} Copied to the bucket.`, lastGoodAt: last.takenAt }
  if (!copied && justStarted) return { ok: true, summary: `${summary} Its copy to the bucket is on its way.`, lastGoodAt: last.takenAt }
  return { ok: false, summary: `${summary} But no backup has reached the bucket ${copied ? `for ${hours(copied)} h` : 'yet'}.`, lastGoodAt: last.takenAt }
}

/** The folder holding the database (and, beside it, the backups): the disk that must not fill. */
export function dataFolder(): string {
  const place = backupPlace()
  return place ? path.dirname(place.databaseFile) : DATA_DIR
}

/** The free and total space of the disk holding `folder`, as the operating system reports it. */
export function readDiskSpace(folder: string): DiskSpace {
  const stats = fs.statfsSync(folder)
  // `bavail`: the blocks this (unprivileged) process may still write, not those kept for root.
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize }
}

/** The seller's threshold (Admin → Operations settings): less free space than this share warns. */
export async function minFreeDiskPercent(payload: Payload): Promise<number> {
  const settings = await payload.findGlobal({ slug: 'operations', depth: 0 })
  return settings.minFreeDiskPercent ?? DEFAULT_MIN_FREE_DISK_PERCENT
}

async function checkDisk(payload: Payload, readDisk: (folder: string) => DiskSpace): Promise<HealthCheck & { freeBytes?: number; usedPercent?: number }> {
  const folder = dataFolder()
  let disk: DiskSpace
  try {
    disk = readDisk(folder)
  } catch {
    return { ok: false, summary: `The data folder ${folder} cannot be read.` }
  }
  const threshold = await minFreeDiskPercent(payload).catch(() => DEFAULT_MIN_FREE_DISK_PERCENT)
  const free = freePercent(disk)
  const summary = `${formatBytes(disk.freeBytes)} free, ${free}% of the disk.`
  const ok = enoughFreeDisk(disk, threshold)
  return { ok, freeBytes: disk.freeBytes, usedPercent: 100 - free, summary: ok ? summary : `${summary} The warning is set at ${threshold}%.` }
}

/** `readDisk` stands in for the operating system's answer in tests (a disk almost full on demand). */
export async function healthReport(payload: Payload, now: Date = new Date(), readDisk: (folder: string) => DiskSpace = readDiskSpace): Promise<HealthReport> {
  const [database, email, disk] = await Promise.all([
    checkDatabase(payload, now),
    checkEmail(payload, now).catch((): HealthCheck => ({ ok: false, summary: 'The e-mail outbox cannot be read.' })),
    checkDisk(payload, readDisk),
  ])
  const checks = { database, email, backups: checkBackups(now), disk }
  return { ok: Object.values(checks).every((check) => check.ok), checkedAt: now.toISOString(), checks }
}
