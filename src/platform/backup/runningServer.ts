import 'server-only'

import fs from 'node:fs'
import path from 'node:path'

import { runtimePath } from '@/platform/config/runtime'

import { backupPlace } from './place'

/**
 * Where a server writes its process id while it runs on a SQLite file, beside that file, so that a
 * restore of it can refuse to run under the server. Null with MongoDB (nothing to restore here).
 */
const pidFile = () => {
  const place = backupPlace()
  return place ? runtimePath(path.dirname(place.databaseFile), 'server.pid') : null
}

/** Called once at the server's start; the mark goes when the process ends. */
export function markServerRunning(): void {
  const file = pidFile()
  if (!file) return
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, String(process.pid))
  process.once('exit', () => {
    if (runningServerPid() === process.pid) fs.rmSync(file, { force: true })
  })
}

/** The id of the server process running on this database, or null (a mark left by a crash is ignored). */
export function runningServerPid(): number | null {
  const file = pidFile()
  if (!file) return null
  let pid: number
  try {
    pid = Number(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null
  }
}
