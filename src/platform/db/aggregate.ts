import 'server-only'

import type { MongooseAdapter } from '@payloadcms/db-mongodb'
import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import type { Payload } from 'payload'

/**
 * A count, sum or grouping computed by the database rather than by reading every document through
 * Payload (which turns each row into a document: seconds for tens of thousands of orders). Each
 * aggregate gives one branch per adapter `DATABASE_URI` can pick; both return the same shape.
 */
export type AggregateBranches<T> = {
  /** SQLite: Payload's drizzle client and tables (`tables.orders.totalPrice`: columns keyed by field name). */
  sql: (adapter: Pick<SQLiteAdapter, 'drizzle' | 'tables'>) => Promise<T>
  /** MongoDB: Payload's mongoose models by collection slug (documents keep the field names; dates are Dates). */
  mongo: (adapter: Pick<MongooseAdapter, 'collections'>) => Promise<T>
}

export function aggregate<T>(payload: Payload, branches: AggregateBranches<T>): Promise<T> {
  // `name` is the adapter's own public identifier ('sqlite' from db-sqlite, 'mongoose' from db-mongodb).
  switch (payload.db.name) {
    case 'sqlite':
      return branches.sql(payload.db as unknown as SQLiteAdapter)
    case 'mongoose':
      return branches.mongo(payload.db as unknown as MongooseAdapter)
    default:
      throw new Error(`No aggregate query for the ${payload.db.name} database adapter`)
  }
}

/** A date from either adapter (SQLite stores ISO text, MongoDB a Date) as ISO text. */
export const isoDate = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString()
