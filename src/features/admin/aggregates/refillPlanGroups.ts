import 'server-only'

// The query builder only (drizzle-orm): the SQLite adapter itself is loaded only where it is used.
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import type { RefillPlanGroup } from '@/features/refills/rules'
import { aggregate } from '@/platform/db/aggregate'

/**
 * The active refill plans, grouped by the database by what they bring and when: their jars'
 * flavors, how often and their next day. Plans sharing all three count as one group of `plans`,
 * so the jars due (`refills/rules.ts#refillJarsDue`) are computed from a few groups, however many
 * plans there are.
 */
export function activeRefillPlanGroups(payload: Payload): Promise<RefillPlanGroup[]> {
  return aggregate(payload, {
    async sql({ drizzle, tables }) {
      const plans = tables.refill_plans
      const rows = await drizzle
        .select({ flavors: plans.flavors, everyWeeks: plans.everyWeeks, nextDay: plans.nextDay, plans: sql<number>`count(*)` })
        .from(plans)
        .where(sql`${plans.status} = 'active'`)
        .groupBy(plans.flavors, plans.everyWeeks, plans.nextDay)
      return rows.map((row) => ({ flavors: row.flavors, everyWeeks: Number(row.everyWeeks), nextDay: row.nextDay, plans: Number(row.plans) }))
    },
    async mongo({ collections }) {
      const rows = await collections['refill-plans'].aggregate<{ _id: { flavors: string; everyWeeks: number; nextDay: string }; plans: number }>([
        { $match: { status: 'active' } },
        { $group: { _id: { flavors: '$flavors', everyWeeks: '$everyWeeks', nextDay: '$nextDay' }, plans: { $sum: 1 } } },
      ])
      return rows.map(({ _id, plans }) => ({ ..._id, everyWeeks: Number(_id.everyWeeks), plans }))
    },
  })
}
