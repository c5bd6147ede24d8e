import 'server-only'

import type { Config } from 'payload'

type RootAfterErrorHook = NonNullable<NonNullable<Config['hooks']>['afterError']>[number]

/** What the admin shows for a save the disk refused, instead of "An unknown error occurred." */
export const REFUSED_WRITE_MESSAGE =
  'Not saved: the server could not write to its database (is its disk full or failing?). Nothing was changed. Free some space or repair the disk, restart the site, then save again.'

/**
 * SQLite's result codes for a disk that refuses a write (SQLITE_IOERR and its extended codes, a
 * full disk, a file that became read-only or cannot be opened), found on the error or its causes.
 */
const DISK_REFUSALS = /^SQLITE_(IOERR|FULL|READONLY|CANTOPEN)/

export function isRefusedWrite(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown }
    if (typeof code === 'string' && DISK_REFUSALS.test(code)) return true
    current = cause
  }
  return false
}

/**
 * A root `afterError` hook: an admin save (or any REST write) the disk refused answers 503 with
 * what happened and what to do, shown whole by the admin (a top-level `message`; `errors` for API
 * clients). The error itself is logged by Payload as before.
 */
export const explainRefusedWrite: RootAfterErrorHook = ({ error }) => {
  if (!isRefusedWrite(error)) return
  return { status: 503, response: { message: REFUSED_WRITE_MESSAGE, errors: [{ message: REFUSED_WRITE_MESSAGE }] } }
}
