import 'server-only'

import crypto from 'node:crypto'
import fs from 'node:fs'

import { databaseKind } from '@/platform/db/database'
import { readEnvironment } from './environment.mjs'
import { DATA_DIR, isBuildPhase, runtimePath } from './runtime'

/** The secret made on first start (SQLite without PAYLOAD_SECRET); backups carry it (signed links stay valid). */
export const SECRET_FILE = runtimePath(DATA_DIR, '.payload-secret')

/**
 * `PAYLOAD_SECRET` signs admin sessions. A deployment on MongoDB must set it; the embedded
 * SQLite default generates one on first start and keeps it beside the database, so a fresh
 * local run needs no configuration and sessions survive restarts.
 */
export function payloadSecret(): string {
  const fromEnv = readEnvironment().PAYLOAD_SECRET
  if (fromEnv) return fromEnv
  // The build renders nothing that needs the secret and must not write to data/.
  if (isBuildPhase()) return crypto.randomBytes(32).toString('hex')
  if (databaseKind() === 'mongodb') {
    throw new Error('PAYLOAD_SECRET is required when DATABASE_URI points at MongoDB (a deployment).')
  }
  try {
    return fs.readFileSync(SECRET_FILE, 'utf8').trim()
  } catch {
    fs.mkdirSync(DATA_DIR, { recursive: true })
    try {
      fs.writeFileSync(SECRET_FILE, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    return fs.readFileSync(SECRET_FILE, 'utf8').trim()
  }
}
