import 'server-only'

import type { MongooseAdapter } from '@payloadcms/db-mongodb'
import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import { count, eq, sum } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { type RatingSummary, ratingSummaryFrom } from './summary'

/**
 * The average and count of the published reviews, computed by the database: one row back, however
 * many reviews there are (reading them all through Payload to average them took most of a second
 * with a few thousand). SQLite gets a grouped SQL query through Payload's Drizzle tables, MongoDB an
 * aggregation pipeline; the adapter in use picks one. `summarizeRatings` is the same rule over a
 * list, and the integration tests hold the two to each other.
 */
export async function publishedRatingSummary(payload: Payload): Promise<RatingSummary> {
  const { total, count } = payload.db.name === 'mongoose' ? await mongoTotals(payload.db as unknown as MongooseAdapter) : await sqlTotals(payload.db as unknown as SQLiteAdapter)
  return ratingSummaryFrom(total, count)
}

type Totals = { total: number; count: number }

const PUBLISHED = 'published'

async function sqlTotals(db: SQLiteAdapter): Promise<Totals> {
  const reviews = db.tables.reviews
  const [row] = await db.drizzle
    .select({ total: sum(reviews.rating).mapWith(Number), count: count() })
    .from(reviews)
    .where(eq(reviews.status, PUBLISHED))
  // SUM over no rows is NULL.
  return { total: row?.total ?? 0, count: row?.count ?? 0 }
}

async function mongoTotals(db: MongooseAdapter): Promise<Totals> {
  const [row] = await db.collections.reviews.aggregate<Totals>([
    { $match: { status: PUBLISHED } },
    { $group: { _id: null, total: { $sum: '$rating' }, count: { $sum: 1 } } },
  ])
  // No published review: the pipeline returns no group at all.
  return { total: row?.total ?? 0, count: row?.count ?? 0 }
}
