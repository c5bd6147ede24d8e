import 'server-only'

import path from 'node:path'

import { readEnvironment } from '@/platform/config/environment.mjs'
import { localMediaDir } from '@/platform/config/mediaStorage'
import { runtimePath } from '@/platform/config/runtime'
import { SECRET_FILE } from '@/platform/config/secret'
import { sqliteDatabaseFile } from '@/platform/db/database'

import type { BackupPlace } from './backups'

/**
 * What the server backs up: the SQLite file `DATABASE_URI` names (default data/storefront.db) and
 * the photos on disk, into `backups/` beside the database (data/backups). Null with MongoDB,
 * backed up by its own tools (see docs/OPERATIONS.md), and for an in-memory database.
 */
export function backupPlace(): BackupPlace | null {
  const databaseFile = sqliteDatabaseFile()
  if (!databaseFile) return null
  // The generated secret signs the links in customers' e-mails: restored with the database, they keep working.
  const secretFile = readEnvironment().PAYLOAD_SECRET ? null : SECRET_FILE
  return { databaseFile, mediaDir: localMediaDir(), secretFile, backupsDir: runtimePath(path.dirname(databaseFile), 'backups') }
}
