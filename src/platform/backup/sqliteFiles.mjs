// Copying and checking SQLite files for backups. Plain JavaScript, because it also runs as a worker
// thread (`runInWorker` in backups.ts): SQLite's calls are synchronous, and copying or checking a
// database of years of orders takes seconds that the server's own thread must spend on visitors.
import { isMainThread, parentPort, workerData } from 'node:worker_threads'

import Database from 'libsql'

export class BackupError extends Error {
  name = 'BackupError'
}

/**
 * How long the copy waits for a lock the server holds a moment (a reader of a WAL database waits
 * while a commit or a checkpoint changes the WAL's index). Without a busy timeout SQLite answers
 * "database is locked" at once, and a backup started beside the server's first writes failed.
 * On this worker thread the wait stalls nobody.
 */
const COPY_BUSY_TIMEOUT_MS = 30_000

/**
 * A consistent copy of a live database: VACUUM INTO reads one snapshot (WAL mode lets the site go
 * on writing meanwhile) and writes it compacted, never a half-written page as a file copy could.
 * @param {string} source
 * @param {string} target must not exist yet
 */
export function copyDatabase(source, target) {
  const database = new Database(source, { fileMustExist: true, timeout: COPY_BUSY_TIMEOUT_MS })
  try {
    database.prepare('VACUUM INTO ?').run(target)
  } finally {
    database.close()
  }
}

/**
 * Opens `file` read-only and checks it: SQLite's integrity check, and the rows of each table.
 * @param {string} file
 * @returns {{ integrity: 'ok', rows: Record<string, number> }}
 */
export function checkDatabase(file) {
  let database
  try {
    database = new Database(file, { readonly: true, fileMustExist: true })
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a database: ${error.message}`)
  }
  try {
    const problems = database.prepare('PRAGMA integrity_check').all().map((row) => row.integrity_check)
    if (problems.join() !== 'ok') throw new BackupError(`${file} is damaged: ${problems.slice(0, 3).join('; ')}`)
    const tables = database.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all()
    /** @type {Record<string, number>} */
    const rows = {}
    for (const { name } of tables) rows[name] = database.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get().n
    return { integrity: 'ok', rows }
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`${file} is damaged: ${error.message}`)
  } finally {
    database.close()
  }
}

const tasks = { copyDatabase, checkDatabase }

if (!isMainThread && workerData?.sqliteTask) {
  const { sqliteTask, args } = workerData
  try {
    parentPort?.postMessage({ ok: true, value: tasks[sqliteTask](...args) })
  } catch (error) {
    parentPort?.postMessage({ ok: false, message: error.message, backupError: error instanceof BackupError })
  }
}
