import 'server-only'

// The query builder only (drizzle-orm): the SQLite adapter itself is loaded only where it is used.
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { aggregate } from '@/platform/db/aggregate'

/** One flavor's line (null: "any flavor") as it stands: how many places wait, how many hold jars, and how many jars they hold. */
export type LineTotals = { flavor: string | null; flavorName: string | null; waiting: number; offered: number; heldJars: number }

const WAITING = 'waiting'
const OFFERED = 'offered'

/**
 * The places still in line (waiting or offered), per flavor key, counted by the database over the
 * status index: the seller's Waiting line view and the daily screen read the jars held from here,
 * never by reading the places. A place's flavor name is the one it was taken under (the latest
 * among its line's places, should the seller rename the flavor meanwhile).
 */
export function waitingLineTotals(payload: Payload): Promise<LineTotals[]> {
  return aggregate(payload, {
    async sql({ drizzle, tables }) {
      const places = tables.waiting_line
      const rows = await drizzle
        .select({
          flavor: places.flavor,
          flavorName: sql<string | null>`max(${places.flavorName})`,
          waiting: sql<number>`sum(CASE WHEN ${places.status} = ${WAITING} THEN 1 ELSE 0 END)`,
          offered: sql<number>`sum(CASE WHEN ${places.status} = ${OFFERED} THEN 1 ELSE 0 END)`,
          heldJars: sql<number>`coalesce(sum(CASE WHEN ${places.status} = ${OFFERED} THEN ${places.heldCount} ELSE 0 END), 0)`,
        })
        .from(places)
        .where(sql`${places.status} IN (${WAITING}, ${OFFERED})`)
        .groupBy(places.flavor)
      return rows.map((row) => totals(row.flavor ?? null, row.flavorName ?? null, row.waiting, row.offered, row.heldJars))
    },
    async mongo({ collections }) {
      const rows = await collections['waiting-line'].aggregate<{ _id: string | null; flavorName: string | null; waiting: number; offered: number; heldJars: number }>(
        [
          { $match: { status: { $in: [WAITING, OFFERED] } } },
          {
            $group: {
              _id: { $ifNull: ['$flavor', null] },
              flavorName: { $max: '$flavorName' },
              waiting: { $sum: { $cond: [{ $eq: ['$status', WAITING] }, 1, 0] } },
              offered: { $sum: { $cond: [{ $eq: ['$status', OFFERED] }, 1, 0] } },
              heldJars: { $sum: { $cond: [{ $eq: ['$status', OFFERED] }, { $ifNull: ['$heldCount', 0] }, 0] } },
            },
          },
        ],
      )
      return rows.map((row) => totals(row._id || null, row.flavorName ?? null, row.waiting, row.offered, row.heldJars))
    },
  })
}

const totals = (flavor: string | null, flavorName: string | null, waiting: unknown, offered: unknown, heldJars: unknown): LineTotals => ({
  flavor: flavor || null,
  flavorName,
  waiting: Number(waiting ?? 0),
  offered: Number(offered ?? 0),
  heldJars: Number(heldJars ?? 0),
})
