import 'server-only'

// The query builder only (drizzle-orm): the SQLite adapter itself is loaded only where it is used.
import { sql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { aggregate } from '@/platform/db/aggregate'

/**
 * How many people are waiting for the next batch: the e-mail list (`email-captures`) without the
 * addresses that unsubscribed, compared trimmed and in lower case as they are stored in
 * `unsubscribes`. The same people a batch's opening e-mails (`ordering/batchClock.ts`), counted by
 * the database over the unsubscribes' e-mail index.
 */
export function waitingListSize(payload: Payload): Promise<number> {
  return aggregate(payload, {
    async sql({ drizzle, tables }) {
      const subscribers = tables.email_captures
      const unsubscribes = tables.unsubscribes
      const [row] = await drizzle
        .select({ people: sql<number>`count(*)` })
        .from(subscribers)
        .where(sql`NOT EXISTS (SELECT 1 FROM ${unsubscribes} WHERE ${unsubscribes.email} = lower(trim(${subscribers.email})))`)
      return Number(row?.people ?? 0)
    },
    async mongo({ collections }) {
      const [row] = await collections['email-captures'].aggregate<{ people: number }>([
        { $project: { key: { $toLower: { $trim: { input: '$email' } } } } },
        { $lookup: { from: collections.unsubscribes.collection.name, localField: 'key', foreignField: 'email', as: 'unsubscribed' } },
        { $match: { unsubscribed: { $size: 0 } } },
        { $count: 'people' },
      ])
      return row?.people ?? 0
    },
  })
}
