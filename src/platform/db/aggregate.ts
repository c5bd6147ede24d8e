import 'server-only'

import type { MongooseAdapter } from '@payloadcms/db-mongodb'
import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
// Types only: the mongoose that @payloadcms/db-mongodb brings.
import type { ClientSession } from 'mongoose'
import type { Payload, PayloadRequest } from 'payload'

/**
 * A count, sum or grouping computed by the database rather than by reading every document through
 * Payload (which turns each row into a document: seconds for tens of thousands of orders). Each
 * aggregate gives one branch per adapter `DATABASE_URI` can pick; both return the same shape.
 */
export type AggregateBranches<T> = {
  /** SQLite: Payload's drizzle client and tables (`tables.orders.totalPrice`: columns keyed by field name). */
  sql: (adapter: Pick<SQLiteAdapter, 'drizzle' | 'tables'>) => Promise<T>
  /**
   * MongoDB: Payload's mongoose models by collection slug (documents keep the field names; dates
   * are Dates), and the session of the request's transaction, which every query must be given.
   */
  mongo: (adapter: Pick<MongooseAdapter, 'collections'> & { session: ClientSession | undefined }) => Promise<T>
}

/**
 * Runs the branch of the adapter in use. With `req`, inside the request's transaction when it has
 * one, so a hook sees the write it runs for: the adapters keep each open transaction in their
 * public `sessions`, by the id Payload gives `req` (SQLite: the transaction's drizzle client,
 * MongoDB: its ClientSession), as their own queries look it up.
 */
export async function aggregate<T>(payload: Payload, branches: AggregateBranches<T>, req?: Pick<PayloadRequest, 'transactionID'>): Promise<T> {
  const transactionID = await req?.transactionID
  // `name` is the adapter's own public identifier ('sqlite' from db-sqlite, 'mongoose' from db-mongodb).
  switch (payload.db.name) {
    case 'sqlite':
      return branches.sql(await sqliteSession(payload, req))
    case 'mongoose': {
      const adapter = payload.db as unknown as MongooseAdapter
      return branches.mongo({ collections: adapter.collections, session: transactionID !== undefined ? adapter.sessions[transactionID] : undefined })
    }
    default:
      throw new Error(`No aggregate query for the ${payload.db.name} database adapter`)
  }
}

/**
 * SQLite: the drizzle client of the request's transaction (the adapter's own without one, or
 * outside a transaction) and Payload's table objects, columns keyed by field name.
 */
export async function sqliteSession(payload: Payload, req?: Pick<PayloadRequest, 'transactionID'>): Promise<Pick<SQLiteAdapter, 'drizzle' | 'tables'>> {
  const adapter = payload.db as unknown as SQLiteAdapter
  const transactionID = await req?.transactionID
  const drizzle = (transactionID !== undefined && adapter.sessions[transactionID]?.db) || adapter.drizzle
  return { drizzle: drizzle as SQLiteAdapter['drizzle'], tables: adapter.tables }
}

/** A date from either adapter (SQLite stores ISO text, MongoDB a Date) as ISO text. */
export const isoDate = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString()
