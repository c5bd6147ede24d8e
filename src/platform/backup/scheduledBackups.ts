import 'server-only'

import type { Payload } from 'payload'

import { listBackups, makeBackup } from './backups'
import { copyOffsite, offsiteStore, pruneOffsite } from './offsite'
import { backupPlace } from './place'
import { backupDue } from './retention'

/** How often the server looks whether a backup is due (every six hours, and at 03:00: retention.ts). */
export const BACKUP_CHECK_MS = 10 * 60 * 1000

/**
 * One round of the server's backups: makes one when it is due, and says what it did in the log.
 * A failure is logged as an error and tried again on the next round; the health check and the
 * dashboard show how old the last good backup is.
 */
export async function backUpWhenDue(payload: Payload, now: Date = new Date()): Promise<void> {
  const place = backupPlace()
  if (!place) return
  const last = listBackups(place.backupsDir)[0]
  if (!backupDue(last ? new Date(last.takenAt) : null, now)) return
  let manifest
  try {
    manifest = await makeBackup(place, now)
    payload.logger.info(`[backup] ${manifest.id}: ${manifest.database.rows.orders ?? 0} orders, ${manifest.media.length} photos, checked, in ${manifest.tookMs} ms`)
  } catch (error) {
    payload.logger.error({ err: error, msg: '[backup] failed; trying again at the next round' })
    return
  }
  const store = await offsiteStore()
  if (!store) return
  try {
    await copyOffsite(store, place.backupsDir, manifest)
    await pruneOffsite(store)
    payload.logger.info(`[backup] ${manifest.id} copied to ${store.describe}`)
  } catch (error) {
    payload.logger.error({ err: error, msg: `[backup] ${manifest.id} could not be copied to ${store.describe}; the next backup tries again` })
  }
}
