import fs from 'node:fs'
import path from 'node:path'

import { mongooseAdapter } from '@payloadcms/db-mongodb'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import type { DatabaseAdapterObj } from 'payload'

import { migrations } from '@/migrations'

import { DATA_DIR, isBuildPhase } from './runtime'

export const DEFAULT_SQLITE_URI = `file:${path.join(DATA_DIR, 'storefront.db')}`

export type DatabaseKind = 'sqlite' | 'mongodb'

export function databaseKind(uri: string = process.env.DATABASE_URI || ''): DatabaseKind {
  return /^mongodb(\+srv)?:\/\//.test(uri) ? 'mongodb' : 'sqlite'
}

/** libsql does not create missing folders; the build never opens the database, so it creates none. */
function ensureSqliteFolder(uri: string): void {
  if (isBuildPhase() || !uri.startsWith('file:')) return
  const file = uri.slice('file:'.length).split('?')[0]
  if (file && file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
}

/**
 * `DATABASE_URI` picks the adapter: unset or `file:` → embedded SQLite, `mongodb://` → MongoDB.
 * SQLite never uses dev `push`: its schema comes from the committed migrations in every mode, so a
 * file made by `npm run dev` can also be started in production (see `runMigrations`).
 */
export function databaseAdapter(uri: string = process.env.DATABASE_URI || ''): DatabaseAdapterObj {
  if (databaseKind(uri) === 'mongodb') {
    return mongooseAdapter({ url: uri, transactionOptions: {} })
  }
  const sqliteUri = uri || DEFAULT_SQLITE_URI
  ensureSqliteFolder(sqliteUri)
  return sqliteAdapter({
    client: { url: sqliteUri },
    push: false,
    migrationDir: path.resolve(process.cwd(), 'src/migrations'),
    prodMigrations: migrations,
    // Transactions are off in the SQLite adapter unless options are given.
    transactionOptions: {},
    wal: true,
    busyTimeout: 5000,
  })
}
