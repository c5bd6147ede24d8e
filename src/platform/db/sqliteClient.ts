import 'server-only'

import { createClient, type Client, type Config, type InArgs, type InStatement, type Transaction, type TransactionMode } from '@libsql/client'

/**
 * The SQLite client given to Payload's adapter: @libsql/client's own, with one difference. When a
 * statement fails with SQLITE_BUSY, the client drops it without resetting it, and SQLite counts it
 * as still running until the garbage collector finalizes it — seconds or minutes later. Its
 * connection goes back to the pool in that state: the next read there keeps its snapshot open (it
 * sees the database as it was), and every transaction begun there fails with SQLITE_BUSY_SNAPSHOT
 * (docs/upstream/libsql-client-busy-statement.md). So after such a failure every connection of the
 * pool is closed as soon as none is in use (in-flight work is never cut off), and the next call
 * opens new ones. Other failures leave nothing running: the client rolls back a connection whose
 * statement or COMMIT failed inside a transaction before it takes it back, and a connection opened
 * while the disk refuses writes would stay read-only, so those keep the pool as it is. Closing
 * does not finalize the dropped statement: the closed connection keeps its snapshot until the
 * garbage collector does, but nothing reads or writes through it any more.
 *
 * Within this process no statement waits for the write lock (`database.ts` queues every write),
 * so this happens only when another process holds it longer than the busy timeout.
 */
export function sqliteClient(config: Config): Client {
  const client = createClient(config)
  let inUse = 0
  let renew = false

  const renewWhenIdle = () => {
    if (!renew || inUse > 0) return
    renew = false
    // Synchronous in effect: the pool closes its (idle) connections before this returns.
    void client.reconnect()
  }
  const failed = (error: unknown) => {
    if (leavesStatementRunning(error)) renew = true
  }
  async function using<T>(work: () => Promise<T>): Promise<T> {
    inUse++
    try {
      return await work()
    } catch (error) {
      failed(error)
      throw error
    } finally {
      inUse--
      renewWhenIdle()
    }
  }

  async function transaction(mode?: TransactionMode): Promise<Transaction> {
    inUse++
    let inner: Transaction
    try {
      inner = await client.transaction(mode)
    } catch (error) {
      inUse--
      failed(error)
      renewWhenIdle()
      throw error
    }
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      inUse--
      renewWhenIdle()
    }
    const watched = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work()
      } catch (error) {
        failed(error)
        throw error
      }
    }
    return {
      execute: (stmt: InStatement) => watched(() => inner.execute(stmt)),
      batch: (stmts: InStatement[]) => watched(() => inner.batch(stmts)),
      executeMultiple: (sql: string) => watched(() => inner.executeMultiple(sql)),
      async commit() {
        try {
          await inner.commit()
        } catch (error) {
          // The client rolls back a connection whose COMMIT failed before it takes it back; a
          // COMMIT answered SQLITE_BUSY ("statements in progress") also marks a harmed connection.
          failed(error)
          throw error
        } finally {
          end()
        }
      },
      async rollback() {
        try {
          await inner.rollback()
        } finally {
          end()
        }
      },
      close() {
        try {
          inner.close()
        } finally {
          end()
        }
      },
      get closed() {
        return inner.closed
      },
    }
  }

  return {
    execute: (stmt: InStatement | string, args?: InArgs) => using(() => (typeof stmt === 'string' ? client.execute(stmt, args) : client.execute(stmt))),
    batch: (stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode) => using(() => client.batch(stmts, mode)),
    migrate: (stmts: InStatement[]) => using(() => client.migrate(stmts)),
    transaction,
    executeMultiple: (sql: string) => using(() => client.executeMultiple(sql)),
    sync: () => using(() => client.sync()),
    close: () => client.close(),
    reconnect: () => client.reconnect(),
    get closed() {
      return client.closed
    },
    protocol: client.protocol,
  }
}

/** SQLITE_BUSY and its extended codes (…_SNAPSHOT, …_RECOVERY, …_TIMEOUT), on the error or its causes. */
function leavesStatementRunning(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, extendedCode, cause } = current as { code?: unknown; extendedCode?: unknown; cause?: unknown }
    if ((typeof code === 'string' && code.startsWith('SQLITE_BUSY')) || (typeof extendedCode === 'string' && extendedCode.startsWith('SQLITE_BUSY'))) return true
    current = cause
  }
  return false
}
