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
    return keepStatements(connection)
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

/** Statements kept per connection: the adapter's queries are a few dozen shapes; `in (?, ?, …)` lists make more. */
const KEPT_STATEMENTS = 256
/** What a kept statement may be: reads and writes of rows and the end of a transaction, never a schema change. */
const REUSABLE = /^\s*(?:select|insert|update|delete|with|commit|rollback)\b/i

/**
 * Compiles each SQL text once per connection and reuses the statement. libsql's client prepares
 * every query anew and asks each statement for its columns twice: about a third of the time an
 * order spends in libsql, for the same twenty statements every time. A statement is reset by each
 * run, also after an error, and SQLite recompiles it by itself after a schema change; anything
 * that is not a plain read or write (a migration's DDL, a PRAGMA) is prepared as before and
 * empties the kept ones, whose column lists it may have changed. Statements on one connection
 * never run at once: each query runs to its end synchronously, one transaction at a time.
 */
export function keepStatements(connection: Database.Database): Database.Database {
  const prepare = connection.prepare.bind(connection)
  const kept = new Map<string, Database.Statement>()
  const preparedOnce = (sql: string) => {
    if (!REUSABLE.test(sql)) {
      kept.clear()
      return prepare(sql)
    }
    let statement = kept.get(sql)
    if (statement) {
      kept.delete(sql) // moved to the end: the least recently used goes first
    } else {
      statement = described(prepare(sql))
      if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!)
    }
    kept.set(sql, statement)
    return statement
  }
  connection.prepare = preparedOnce as typeof connection.prepare
  return connection
}

/**
 * What a statement's text fixes, asked of SQLite once: its columns, and whether it returns rows at
 * all. libsql's client learns the latter by turning raw mode on, which throws for a write without
 * RETURNING: an error made, with its stack, for every such write; a kept statement throws the
 * first one again.
 */
function described(statement: Database.Statement): Database.Statement {
  const columns = statement.columns.bind(statement)
  let known: ReturnType<typeof columns> | undefined
  statement.columns = () => (known ??= columns())
  const raw = statement.raw.bind(statement)
  let returnsNoRows: unknown
  statement.raw = (toggle?: boolean) => {
    if (returnsNoRows) throw returnsNoRows
    try {
      return raw(toggle)
    } catch (error) {
      returnsNoRows = error
      throw error
    }
  }
  return statement
}

/** The database file a `file:` URL names (its query, if any, left out). */
export const sqliteFile = (url: string) => decodeURIComponent(url.slice('file:'.length).split('?')[0].replace(/^\/\/(localhost)?(?=\/)/, ''))
