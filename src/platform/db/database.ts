import 'server-only'

import fs from 'node:fs'
import path from 'node:path'

import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import type { BaseDatabaseAdapter, DatabaseAdapterObj, PayloadRequest } from 'payload'

import { migrations } from '@/migrations'

import { readEnvironment } from '@/platform/config/environment.mjs'
import { DATA_DIR, isBuildPhase, runtimePath } from '@/platform/config/runtime'

import { runCommitWork } from './afterCommit'

export const DEFAULT_SQLITE_URI = `file:${runtimePath(DATA_DIR, 'storefront.db')}`

export type DatabaseKind = 'sqlite' | 'mongodb'

export function databaseKind(uri: string = readEnvironment().DATABASE_URI ?? ''): DatabaseKind {
  return /^mongodb(\+srv)?:\/\//.test(uri) ? 'mongodb' : 'sqlite'
}

/**
 * The database file a SQLite `DATABASE_URI` names (default data/storefront.db), as an absolute
 * path; null for MongoDB and for an in-memory database.
 */
export function sqliteDatabaseFile(uri: string = readEnvironment().DATABASE_URI ?? DEFAULT_SQLITE_URI): string | null {
  if (!uri.startsWith('file:')) return null
  const file = decodeURIComponent(uri.slice('file:'.length).split('?')[0].replace(/^\/\/(localhost)?(?=\/)/, ''))
  return !file || file.startsWith(':memory:') ? null : path.resolve(/* turbopackIgnore: true */ process.cwd(), file)
}

/**
 * The folder of the database in use, where what belongs to its data is kept beside it (backups,
 * saved exports): the SQLite file's folder, or `data/` with MongoDB or an in-memory database. Two
 * servers started from one checkout on two databases never share a file there.
 */
export function databaseDataDir(uri?: string): string {
  const file = sqliteDatabaseFile(uri)
  return file ? path.dirname(file) : DATA_DIR
}

/** libsql does not create missing folders; the build never opens the database, so it creates none. */
function ensureSqliteFolder(uri: string): void {
  const file = sqliteDatabaseFile(uri)
  if (!isBuildPhase() && file) fs.mkdirSync(path.dirname(file), { recursive: true })
}

const SQLITE_BUSY_TIMEOUT_MS = 5000
/**
 * Payload's default: every commit reaches the disk before it is answered. Payload sets it on the
 * client's first connection only; the others libsql opens get SQLite's default, which is the same.
 */
const WAL_SYNCHRONOUS = 'FULL' as const
/** Longer than any single write takes; a transaction waiting this long is stuck, not queued. */
const TRANSACTION_QUEUE_TIMEOUT_MS = 20_000

/**
 * One SQLite write transaction at a time per process. libsql gives each transaction a connection of
 * its own from a small pool; two transactions started together would otherwise race for the
 * file's only write lock, and the second would sleep in SQLite's busy handler (or fail with
 * "database is locked" after the busy timeout) instead of simply waiting its turn here.
 *
 * libsql begins every transaction as a write (`BEGIN IMMEDIATE`): it holds the file's only write
 * lock from its first moment to its commit. So code that has a transaction open must do all its
 * writes through its own `req`: a write without it waits its turn behind its own transaction (see
 * `queueWritesOutsideTransactions`), until this queue gives up on it (20 s, with every other
 * transaction queued behind). Payload's forgot-password did exactly that (its request-interval
 * mark); see `forgotPasswordEndpoint` in features/admin/auth/passwordReset.ts. For the same reason
 * nothing slow (an e-mail, a remote call) belongs inside a transaction.
 */
/** Each SQLite adapter's place in its queue (`serializeTransactions`), for work that is no transaction. */
const writeTurns = new WeakMap<object, () => Promise<() => void>>()

/**
 * Runs `work` in its turn among the process's write transactions, with none of them open: for
 * statements that cannot run inside one (VACUUM) or must not wait in SQLite's busy handler on the
 * server's only thread for a lock a transaction of this same process holds (a PRAGMA that writes,
 * run on the client directly). Other adapters (MongoDB) run it at once.
 */
export async function inWriteTurn<T>(adapter: object, work: () => Promise<T>): Promise<T> {
  const acquire = writeTurns.get(adapter)
  const release = acquire ? await acquire() : undefined
  try {
    return await work()
  } finally {
    release?.()
  }
}

function serializeTransactions(adapter: BaseDatabaseAdapter): BaseDatabaseAdapter {
  const begin = adapter.beginTransaction.bind(adapter)
  const commit = adapter.commitTransaction.bind(adapter)
  const rollback = adapter.rollbackTransaction.bind(adapter)
  const releases = new Map<string | number, () => void>()
  let queue: Promise<void> = Promise.resolve()

  function acquire(): Promise<() => void> {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const turn = queue.then(() => release)
    queue = queue.then(() => released)
    return new Promise((resolve, reject) => {
      let gaveUp = false
      const timer = setTimeout(() => {
        gaveUp = true
        reject(new Error('SQLite: waited too long for another write to finish'))
      }, TRANSACTION_QUEUE_TIMEOUT_MS)
      void turn.then((releaseTurn) => {
        clearTimeout(timer)
        // A caller that gave up still holds its place: pass the turn on at once.
        if (gaveUp) releaseTurn()
        else resolve(releaseTurn)
      })
    })
  }

  const finish = (end: typeof commit) => async (id: Parameters<typeof commit>[0]) => {
    const key = id instanceof Promise ? await id : id
    try {
      await end(key)
    } finally {
      releases.get(key)?.()
      releases.delete(key)
    }
  }

  writeTurns.set(adapter, acquire)
  adapter.beginTransaction = async (options) => {
    const release = await acquire()
    try {
      const id = await begin(options)
      if (id === null) release()
      else releases.set(id, release)
      return id
    } catch (error) {
      release()
      throw error
    }
  }
  adapter.commitTransaction = finish(commit)
  adapter.rollbackTransaction = finish(rollback)
  return adapter
}

/**
 * The adapter's methods that write. Called with a `req` in a transaction they write in it; called
 * without one (Payload's key-value store, its job runner, a round's `payload.db.create`) they
 * would write on a connection of their own, outside the queue above.
 */
const WRITES = [
  'create',
  'createGlobal',
  'createGlobalVersion',
  'createVersion',
  'deleteMany',
  'deleteOne',
  'deleteVersions',
  'updateGlobal',
  'updateGlobalVersion',
  'updateJobs',
  'updateMany',
  'updateOne',
  'updateVersion',
  'upsert',
] as const satisfies ReadonlyArray<keyof BaseDatabaseAdapter>

/**
 * Every write outside a transaction becomes a transaction of its own, which waits its turn like the
 * others. Without it, such a write asked SQLite for the file's write lock while a transaction of
 * this same process held it, and SQLite's busy handler waited for it on the server's only thread —
 * where the holder could not go on to its COMMIT: the write failed with SQLITE_BUSY after the busy
 * timeout, with every other request stalled meanwhile. At a restart after days away the backup's
 * alert, the health check's key and the job runner's marks all did, beside the refill round's
 * transactions (tests/int/restartAfterDays.int.spec.ts). A failed statement also harms its
 * connection (see `sqliteClient.ts`). A write of several statements (a document and its arrays) is
 * now also whole or absent. And a write that fails inside a transaction rolls it back there and then.
 */
function queueWritesOutsideTransactions(adapter: BaseDatabaseAdapter): BaseDatabaseAdapter {
  const writes = adapter as unknown as Record<(typeof WRITES)[number], (args: { req?: Partial<PayloadRequest> }) => Promise<unknown>>
  for (const name of WRITES) {
    const write = writes[name].bind(adapter)
    writes[name] = async (args) => {
      const ownerID = args?.req?.transactionID
      if (ownerID !== undefined && ownerID !== null) {
        try {
          return await write(args)
        } catch (error) {
          // A failed write ends its transaction at once (its owner's rollback then finds it ended):
          // Payload's job runner begins one for each job mark and leaves it open when the mark
          // fails (a job whose document was deleted), holding the lock and this queue for good.
          await adapter.rollbackTransaction(ownerID)
          throw error
        }
      }
      const transactionID = await adapter.beginTransaction()
      if (transactionID === null) return write(args)
      try {
        const result = await write({ ...args, req: { ...args?.req, transactionID } })
        await adapter.commitTransaction(transactionID)
        return result
      } catch (error) {
        await adapter.rollbackTransaction(transactionID)
        throw error
      }
    }
  }
  return adapter
}

/**
 * The file in write-ahead-log mode (kept in the file: a database made in rollback mode is switched
 * at its next start), as Payload's adapter sets it on a client of its own (`wal` in its options);
 * the limit and `synchronous` are the connection's.
 */
async function switchToWriteAheadLog(adapter: SQLiteAdapter): Promise<void> {
  const { rows } = await adapter.client.execute('PRAGMA journal_mode')
  if (rows[0]?.journal_mode !== 'wal') {
    const { rows: switched } = await adapter.client.execute('PRAGMA journal_mode = WAL')
    // An in-memory database answers 'memory': it has no file to log beside.
    if (switched[0]?.journal_mode !== 'wal') adapter.payload.logger.warn(`[db] SQLite kept the journal mode '${String(switched[0]?.journal_mode)}', not write-ahead logging`)
  }
  const wal = adapter.wal as { journalSizeLimit?: number; synchronous?: string } | undefined
  if (wal?.journalSizeLimit) await adapter.client.execute(`PRAGMA journal_size_limit = ${Number(wal.journalSizeLimit)}`)
  await adapter.client.execute(`PRAGMA synchronous = ${wal?.synchronous ?? WAL_SYNCHRONOUS}`)
}

/**
 * `DATABASE_URI` picks the adapter: unset or `file:` → embedded SQLite, `mongodb://` → MongoDB.
 * Only the one in use is loaded (mongoose alone holds about 30 MB of the server's memory).
 * SQLite never uses dev `push`: its schema comes from the committed migrations in every mode, so a
 * file made by `npm run dev` can also be started in production (see `runMigrations`).
 */
export async function databaseAdapter(uri: string = readEnvironment().DATABASE_URI ?? ''): Promise<DatabaseAdapterObj> {
  if (databaseKind(uri) === 'mongodb') {
    const { mongooseAdapter } = await import('@payloadcms/db-mongodb')
    const mongo = mongooseAdapter({ url: uri, transactionOptions: {} })
    return { ...mongo, init: (args) => runCommitWork(mongo.init(args)) }
  }
  const [{ sqliteAdapter }, { sqliteClient }] = await Promise.all([import('@payloadcms/db-sqlite'), import('./sqliteClient')])
  const sqliteUri = uri || DEFAULT_SQLITE_URI
  ensureSqliteFolder(sqliteUri)
  // @libsql/client ≥ 0.18 (pinned for every package by `overrides` in package.json) keeps a pool
  // of connections; before, each transaction's connection was left open for good
  // (https://github.com/tursodatabase/libsql-client-ts/issues/350; tests/unit/libsqlClient.test.ts).
  // `timeout` is the busy timeout of every connection libsql opens; Payload's `busyTimeout`
  // below reaches only the first one.
  const clientConfig = { url: sqliteUri, timeout: SQLITE_BUSY_TIMEOUT_MS }
  const sqlite = sqliteAdapter({
    client: clientConfig,
    push: false,
    // For the CLI's migrate:create; the server runs `prodMigrations`, compiled in, and needs no file there.
    migrationDir: path.resolve(/* turbopackIgnore: true */ process.cwd(), 'src/migrations'),
    prodMigrations: migrations,
    // Transactions are off in the SQLite adapter unless options are given.
    transactionOptions: {},
    wal: { synchronous: WAL_SYNCHRONOUS },
    busyTimeout: SQLITE_BUSY_TIMEOUT_MS,
  })
  return {
    ...sqlite,
    init: (args) => {
      const adapter = sqlite.init(args) as SQLiteAdapter
      // The adapter connects with the client it holds, and makes one from `client` when it holds none.
      // It sets up write-ahead logging only on a client it makes itself, so this does it for ours:
      // without WAL, the backup's long read of the file held every write back, for minutes at
      // 50,000 orders, and every database made since this client came was in rollback mode.
      const connect = adapter.connect!.bind(adapter)
      adapter.connect = async (options) => {
        if (!adapter.client) {
          adapter.client = sqliteClient(clientConfig)
          await switchToWriteAheadLog(adapter)
        }
        return connect(options)
      }
      return runCommitWork(queueWritesOutsideTransactions(serializeTransactions(adapter)))
    },
  }
}
