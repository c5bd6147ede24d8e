import type { CollectionBeforeChangeHook } from 'payload'

import { NOT_WHILE_HELD } from '@/features/recalls/recordRules'
import type { Order } from '@/payload-types'
import { Refusal } from '@/platform/http/refusal'
import { relationId } from '@/shared/relation'

/**
 * Only a recall holds an order (its service writes the field through the database, in the
 * recall's transaction); the seller may only release one, and says why: the note stays on the
 * order for the food-safety records. Held, it is not made ready or completed.
 */
export const releaseHoldWithNote: CollectionBeforeChangeHook<Order> = ({ data, originalDoc, operation }) => {
  if (operation !== 'update') return data
  // A held order is not moved on towards handing it over while it stays held.
  const stillHeld = 'heldByRecall' in data ? data.heldByRecall != null : originalDoc?.heldByRecall != null
  if (stillHeld && data.status && data.status !== originalDoc?.status && NOT_WHILE_HELD.includes(data.status)) {
    throw new Refusal('This order is HELD by a recall. Release it first (empty “HELD — recall” and say why), then move it on.', 400)
  }
  if (!('heldByRecall' in data)) return data
  const before = relationId(originalDoc?.heldByRecall ?? null)
  const after = relationId(data.heldByRecall ?? null)
  if (String(before) === String(after)) return data
  if (after != null) throw new Refusal('Only a recall holds an order. Start one from Admin → Recall.', 400)
  const note = data.recallReleaseNote ?? originalDoc?.recallReleaseNote
  if (!note?.trim()) throw new Refusal('Say why this order is released from the recall, in the note under it.', 400)
  return data
}
