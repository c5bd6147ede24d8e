import 'server-only'

// The query builder only (drizzle-orm): the SQLite adapter itself is loaded only where it is used.
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { aggregate } from '@/platform/db/aggregate'

const CANCELLED = 'cancelled'
const REFILL_PLAN = 'refill-plan'

/**
 * The jars of each flavor key in the orders not cancelled from `since` (included) to `until` (left
 * out), without the refill plans' orders (the plans' jars due are counted ahead, from the plans:
 * `refillPlanGroups.ts`), counted by the database from the orders' `flavors` text as `jarKeys` reads it: one key for
 * a single jar, 'Jar 1: mixed-berry, Jar 2: peach-ginger' for more. Flavor keys never hold a comma
 * (`FLAVOR_VALUE_PATTERN`), so the text splits at ', '. The orders are first grouped by what they
 * chose (the (status, createdAt) index finds them; a few hundred combinations), and only those are
 * split, each jar counting as many times as orders chose its combination.
 */
export function jarsSoldPerFlavor(payload: Payload, since: Date, until: Date): Promise<Map<string, number>> {
  const perFlavor = (rows: readonly { flavor: string; jars: number }[]) => new Map(rows.map((row) => [row.flavor, Number(row.jars)]))
  return aggregate(payload, {
    async sql({ drizzle, tables }) {
      const orders = tables.orders
      const rows = await drizzle.all<{ flavor: string; jars: number }>(sql`
        WITH RECURSIVE chosen(flavors, orders) AS (
          SELECT ${orders.flavors}, count(*) FROM ${orders}
          WHERE ${orders.status} <> ${CANCELLED} AND ${orders.source} IS NOT ${REFILL_PLAN} AND ${orders.createdAt} >= ${since.toISOString()} AND ${orders.createdAt} < ${until.toISOString()}
          GROUP BY ${orders.flavors}
        ),
        jars(entry, rest, orders) AS (
          SELECT NULL, CASE WHEN flavors GLOB 'Jar [0-9]*: *' THEN flavors || ', ' ELSE flavors END, orders FROM chosen
          UNION ALL
          SELECT
            CASE WHEN instr(rest, ', ') > 0 THEN substr(rest, 1, instr(rest, ', ') - 1) ELSE rest END,
            CASE WHEN instr(rest, ', ') > 0 THEN substr(rest, instr(rest, ', ') + 2) ELSE '' END,
            orders
          FROM jars WHERE rest <> ''
        )
        SELECT trim(CASE WHEN entry GLOB 'Jar [0-9]*: *' THEN substr(entry, instr(entry, ': ') + 2) ELSE entry END) AS flavor, sum(orders) AS jars
        FROM jars WHERE entry IS NOT NULL GROUP BY flavor`)
      return perFlavor(rows)
    },
    async mongo({ collections }) {
      const numbered = /^Jar \d+: /
      const rows = await collections.orders.aggregate<{ _id: string; jars: number }>([
        { $match: { status: { $ne: CANCELLED }, source: { $ne: REFILL_PLAN }, createdAt: { $gte: since, $lt: until } } },
        { $group: { _id: '$flavors', orders: { $sum: 1 } } },
        { $project: { orders: 1, entry: { $cond: [{ $regexMatch: { input: '$_id', regex: numbered } }, { $split: ['$_id', ', '] }, ['$_id']] } } },
        { $unwind: '$entry' },
        {
          $group: {
            _id: {
              $trim: {
                input: { $cond: [{ $regexMatch: { input: '$entry', regex: numbered } }, { $substrCP: ['$entry', { $add: [{ $indexOfCP: ['$entry', ': '] }, 2] }, { $strLenCP: '$entry' }] }, '$entry'] },
              },
            },
            jars: { $sum: '$orders' },
          },
        },
      ])
      return perFlavor(rows.map(({ _id, jars }) => ({ flavor: _id, jars })))
    },
  })
}
