import 'server-only'

import fs from 'node:fs'
import path from 'node:path'

import { DATA_DIR } from './runtime'

/** Where a running server writes its process id, so that a restore can refuse to run under it. */
const PID_FILE = path.join(DATA_DIR, 'server.pid')

/** Called once at the server's start; the mark goes when the process ends. */
export function markServerRunning(): void {
  fs.mkdirSync(DATA_DIR, { recursive: true })
  fs.writeFileSync(PID_FILE, String(process.pid))
  process.once('exit', () => {
    if (runningServerPid() === process.pid) fs.rmSync(PID_FILE, { force: true })
  })
}

/** The id of the server process running on this data folder, or null (a mark left by a crash is ignored). */
export function runningServerPid(): number | null {
  let pid: number
  try {
    pid = Number(fs.readFileSync(PID_FILE, 'utf8'))
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
