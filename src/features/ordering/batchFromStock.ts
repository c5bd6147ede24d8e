import 'server-only'

import type { MongooseAdapter } from '@payloadcms/db-mongodb'
import type { Payload } from 'payload'

import { addDays, businessDay, storedDay } from '@/shared/time'

import { DEFAULT_SHELF_LIFE_DAYS, defaultBatchCode } from './batches'

/**
 * MongoDB's counterpart of the SQL migration `20261126_114623_batches`: the single "jars left in
 * this batch" (the stock global's old `jarsAvailable`, still in its stored document) becomes a
 * batch with that total, made today and open now, and the orders holding its jars belong to it.
 * Runs once: the old field is removed from the document as the batch is made.
 */
export async function batchFromStockOnMongo(payload: Payload): Promise<boolean> {
  if (payload.db.name !== 'mongoose') return false
  const { globals } = payload.db as unknown as Pick<MongooseAdapter, 'globals'>
  const stock = (await globals.findOne({ globalType: 'stock' }).lean()) as { jarsAvailable?: number | null } | null
  if (typeof stock?.jarsAvailable !== 'number') return false
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  // The seller's today: in a Detroit evening, UTC's date is already tomorrow.
  const today = businessDay(new Date()).key
  const batch = await payload.create({
    collection: 'batches',
    data: {
      madeOn: storedDay(today),
      bestBy: storedDay(addDays(today, settings.shelfLifeDays ?? DEFAULT_SHELF_LIFE_DAYS)),
      code: defaultBatchCode(today),
      opensAt: new Date().toISOString(),
      announce: false,
      jarsLeft: stock.jarsAvailable,
    },
    overrideAccess: true,
  })
  await payload.db.updateMany({ collection: 'orders', where: { and: [{ jarsFromBatch: { greater_than: 0 } }, { status: { not_equals: 'cancelled' } }] }, data: { batch: batch.id } })
  await globals.updateOne({ globalType: 'stock' }, { $unset: { jarsAvailable: '' } })
  return true
}
