import type { MongooseAdapter } from '@payloadcms/db-mongodb'
import type { CollectionSlug, Payload } from 'payload'

/** Documents updated by one write of a backfill. */
const BACKFILL_BATCH = 500

/**
 * MongoDB has no SQL migrations: there, the documents of `collection` stored before a derived field
 * existed get it when the server starts. Reads those `missing` selects (only the `reading` fields),
 * sets on each what `derive` makes of it, a batch at a time; once done, `missing` finds nothing.
 * Returns how many it set. Nothing on SQLite, where the field's migration does it.
 */
export async function backfillOnMongo<Stored extends Record<string, unknown>>(
  payload: Payload,
  collection: CollectionSlug,
  missing: Record<string, unknown>,
  reading: readonly (keyof Stored & string)[],
  derive: (document: Stored) => Record<string, unknown>,
): Promise<number> {
  if (payload.db.name !== 'mongoose') return 0
  const model = (payload.db as unknown as MongooseAdapter).collections[collection]
  const projection = Object.fromEntries(reading.map((field) => [field, 1]))
  let batch: { updateOne: { filter: { _id: unknown }; update: { $set: Record<string, unknown> } } }[] = []
  let done = 0
  const write = async () => {
    await model.bulkWrite(batch as never)
    done += batch.length
    batch = []
  }
  for await (const document of model.find(missing, projection).lean<(Stored & { _id: unknown })[]>().cursor()) {
    batch.push({ updateOne: { filter: { _id: document._id }, update: { $set: derive(document as Stored) } } })
    if (batch.length === BACKFILL_BATCH) await write()
  }
  if (batch.length > 0) await write()
  return done
}
