import type { Payload } from 'payload'

import type { Batch } from '@/payload-types'

/** Writes the test makes as set-up, not as the seller: no cache to expire outside Next. */
const quiet = { disableRevalidate: true }

let lastOpened = Date.now() - 60_000

/**
 * Opens a new batch for orders now, after every earlier one (so it is the open batch): counted
 * as one total (`jarsLeft`; null: no limit) or per flavor key (`flavors`: jars left of each).
 * A test on a clock of its own gives `madeOn` and `opensAt` on that clock.
 */
export async function openBatch(
  payload: Payload,
  jars: { jarsLeft?: number | null; flavors?: Record<string, number> },
  fields: Partial<Pick<Batch, 'madeOn' | 'bestBy' | 'opensAt' | 'closesAt' | 'code' | 'announce'>> = {},
): Promise<Batch> {
  // Strictly later than the batch opened before, and not in the future.
  lastOpened = Math.min(Date.now(), Math.max(lastOpened + 1, Date.now() - 30_000))
  const rows = jars.flavors
    ? await Promise.all(
        Object.entries(jars.flavors).map(async ([value, left]) => {
          const { docs } = await payload.find({ collection: 'flavors', where: { value: { equals: value } }, limit: 1, depth: 0 })
          return { flavor: docs[0].id, made: left, left }
        }),
      )
    : []
  return payload.create({
    collection: 'batches',
    data: { madeOn: new Date().toISOString(), opensAt: new Date(lastOpened).toISOString(), jarsLeft: jars.jarsLeft ?? null, flavors: rows, ...fields },
    depth: 0,
    context: quiet,
  })
}

/** The batch's jars left now: its total, or per flavor key. */
export async function jarsLeftIn(payload: Payload, batch: Pick<Batch, 'id'>): Promise<number | null | Record<string, number>> {
  const stored = await payload.findByID({ collection: 'batches', id: batch.id, depth: 1 })
  if (!stored.flavors?.length) return stored.jarsLeft ?? null
  return Object.fromEntries(stored.flavors.map((row) => [typeof row.flavor === 'object' && row.flavor ? row.flavor.value : String(row.flavor), row.left ?? 0]))
}

/** Back to a site without batches: the orders forget theirs (deleting a batch with orders is refused), then every batch goes. */
export async function removeBatches(payload: Payload): Promise<void> {
  await payload.db.updateMany({ collection: 'orders', where: { batch: { exists: true } }, data: { batch: null } })
  await payload.db.deleteMany({ collection: 'batches', where: {} })
}
