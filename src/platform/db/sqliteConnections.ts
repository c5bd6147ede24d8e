import 'server-only'

import { Sqlite3Transaction, type Client, type Transaction, type TransactionMode } from '@libsql/client/sqlite3'
import Database from 'libsql'

/** What libsql's own client sends to start each kind of transaction. */
const BEGIN: Record<TransactionMode, string> = { write: 'BEGIN IMMEDIATE', read: 'BEGIN TRANSACTION READONLY', deferred: 'BEGIN DEFERRED' }

export type ConnectionSettings = { file: string; busyTimeoutMs: number; synchronous: string }

/**
 * Transactions on a few connections kept for them, instead of a new connection each.
 *
 * libsql's client hands its connection to each transaction and opens a fresh one for whatever comes
 * next; the transaction's connection is never closed (libsql-client-ts#350, libsql-js#230). Each
 * order, e-mail claim or admin save thus left a file handle and a page cache behind until the
 * garbage collector happened to find them (hundreds of open handles after a few hundred orders,
 * and native memory V8 does not see), and every new connection read the schema again.
 *
 * Here a transaction takes an idle connection (or opens one, set up as the adapter sets up its
 * own) and gives it back once SQLite says it is over. The client's own connection is never handed
 * away, so reads outside transactions keep theirs too. Transactions run one at a time in this
 * process (`database.ts`), so one connection serves them all; two at once would get two.
 */
export function keepTransactionConnections(client: Client, settings: ConnectionSettings): void {
  const idle: Database.Database[] = []
  const open = () => {
    const connection = new Database(settings.file)
    connection.exec(`PRAGMA busy_timeout = ${settings.busyTimeoutMs}; PRAGMA synchronous = ${settings.synchronous};`)
    return connection
  }

  client.transaction = async (mode: TransactionMode = 'write'): Promise<Transaction> => {
    const connection = idle.pop() ?? open()
    try {
      connection.exec(BEGIN[mode])
    } catch (error) {
      idle.push(connection)
      throw error
    }
    // 'number': libsql's default integer mode, which the adapter's client uses too.
    const transaction = new Sqlite3Transaction(connection, 'number')
    let returned = false
    // Given back once, when nothing is open on it any more (a COMMIT that failed leaves it open).
    const giveBack = () => {
      if (returned || connection.inTransaction) return
      returned = true
      idle.push(connection)
    }
    const ending =
      <Args extends unknown[], Result>(end: (...args: Args) => Result) =>
      (...args: Args): Result => {
        try {
          const result = end(...args)
          if (result instanceof Promise) return result.finally(giveBack) as Result
          giveBack()
          return result
        } catch (error) {
          giveBack()
          throw error
        }
      }
    transaction.commit = ending(transaction.commit.bind(transaction))
    transaction.rollback = ending(transaction.rollback.bind(transaction))
    transaction.close = ending(transaction.close.bind(transaction))
    return transaction
  }
}

/** The database file a `file:` URL names (its query, if any, left out). */
export const sqliteFile = (url: string) => decodeURIComponent(url.slice('file:'.length).split('?')[0].replace(/^\/\/(localhost)?(?=\/)/, ''))
