import 'server-only'

import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest, type RequestContext } from 'payload'

const MAX_ATTEMPTS = 6

/** What a unit of work answers: whether to keep its writes, and the value to hand back. */
export type UnitOfWork<T> = { commit: boolean; value: T }

/**
 * Runs `work` in a database transaction, passing its `req` to every call (with `context` for the
 * hooks, when given), and retries it from the
 * start when the database refused the write: MongoDB aborts the second of two transactions that
 * write one document, and SQLite answers "database is locked" when another process (a CLI
 * migration, a backup) holds the file too long. Payload retries neither. Within this process SQLite
 * transactions already queue one after the other (`platform/db/database.ts`).
 *
 * A COMMIT the database refuses (a full or failing disk) throws like any other failure: nothing was
 * stored, and the caller answers its failure message. Payload's SQLite adapter used to swallow it
 * (patched in `patches/@payloadcms+drizzle+*.patch`; tests/int/unwritableDatabase.int.spec.ts).
 */
export async function inTransaction<T>(payload: Payload, work: (req: PayloadRequest) => Promise<UnitOfWork<T>>, context?: RequestContext): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const req = await createLocalReq({ context }, payload)
    try {
      const began = await initTransaction(req)
      const { commit, value } = await work(req)
      if (!began) return value
      if (!commit) {
        await killTransaction(req)
        return value
      }
      await commitTransaction(req)
      return value
    } catch (error) {
      await killTransaction(req)
      if (attempt >= MAX_ATTEMPTS || !isWriteConflict(error)) throw error
      payload.logger.warn(`[db] write attempt ${attempt} did not go through (${(error as Error).message}); retrying`)
      // Exponential pause with jitter, about 1.2 s over all attempts.
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt + Math.random() * 20))
    }
  }
}

/** SQLite's "database is locked" and MongoDB's transient transaction errors, also when wrapped. */
export function isWriteConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; hasErrorLabel?: (label: string) => boolean; cause?: unknown }
    if (candidate.code === 'SQLITE_BUSY' || candidate.code === 112) return true
    if (typeof candidate.hasErrorLabel === 'function' && candidate.hasErrorLabel('TransientTransactionError')) return true
    if (typeof candidate.message === 'string' && /SQLITE_BUSY|database is locked/.test(candidate.message)) return true
    current = candidate.cause
  }
  return false
}

/** A unique index refused the write: SQLite's constraint error, MongoDB's E11000, Payload's ValidationError. */
export function isUniqueViolation(error: unknown): boolean {
  const text = `${String(error)} ${JSON.stringify((error as { data?: unknown })?.data ?? '')} ${String((error as { cause?: unknown })?.cause ?? '')}`
  return /unique|duplicate|E11000|already (been )?registered|must be unique/i.test(text)
}
