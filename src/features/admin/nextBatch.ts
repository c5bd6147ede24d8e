import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import { batchLabelsUrl } from '@/features/admin/jarLabelRules'
import { DEFAULT_SHELF_LIFE_DAYS } from '@/features/ordering/batches'
import { batchRules } from '@/features/ordering/shop'
import { refillJarsDue } from '@/features/refills/rules'
import { addDays, businessDay, dayKeyOf, startOfDay } from '@/shared/time'

import { jarsSoldPerFlavor } from './aggregates/jarsSoldPerFlavor'
import { activeRefillPlanGroups } from './aggregates/refillPlanGroups'
import { waitingListSize } from './aggregates/waitingList'
import { SALES_DAYS_READ, sellingDays, suggestNextBatch, type NextBatchSuggestion } from './nextBatchRules'

/** What a batch's screen shows below its fields: what to make next, and its labels to print (once saved). */
export type NextBatchPanel = { suggestion: NextBatchSuggestion; labelsUrl: string | null }

/**
 * Reads the figures of the suggestion (sales and the waiting list counted by the database, the
 * flavors on offer, the shelf life and freshness limit) and, for a saved batch, the address of its
 * labels, filled from the batch as stored (not from edits not yet saved).
 */
export async function nextBatchPanel(payload: Payload, batchId: number | string | undefined, req: PayloadRequest, now = new Date()): Promise<NextBatchPanel> {
  const [flavors, settings, rules, jarsSold, waitingList, refillPlans, batch] = await Promise.all([
    payload.find({ collection: 'flavors', sort: '_order', depth: 0, pagination: false, select: { value: true, name: true, available: true }, req }),
    payload.findGlobal({ slug: 'site-settings', depth: 0, req }),
    batchRules(payload, req),
    jarsSoldPerFlavor(payload, startOfDay(now, SALES_DAYS_READ), startOfDay(now)),
    waitingListSize(payload),
    activeRefillPlanGroups(payload),
    batchId == null ? null : payload.findByID({ collection: 'batches', id: batchId, depth: 0, disableErrors: true, req }),
  ])
  const shelfLifeDays = settings.shelfLifeDays ?? DEFAULT_SHELF_LIFE_DAYS
  // The refills due while a batch made today sells.
  const today = businessDay(now).key
  const refillsDue = refillJarsDue(refillPlans, today, addDays(today, sellingDays(shelfLifeDays, rules.minDaysLeft))).perFlavor
  const suggestion = suggestNextBatch({
    flavors: flavors.docs.filter((flavor) => flavor.available !== false).map(({ value, name }) => ({ value, name })),
    jarsSold,
    waitingList,
    shelfLifeDays,
    minDaysLeft: rules.minDaysLeft,
    refillsDue,
  })
  if (!batch) return { suggestion, labelsUrl: null }

  const valueOf = new Map(flavors.docs.map((flavor) => [String(flavor.id), flavor.value]))
  const made = (batch.flavors ?? []).flatMap((row) => {
    const flavor = valueOf.get(String(typeof row.flavor === 'object' && row.flavor ? row.flavor.id : row.flavor))
    return flavor ? [{ flavor, jars: row.made }] : []
  })
  const labelsUrl = batchLabelsUrl({ madeOn: dayKeyOf(batch.madeOn), bestBy: batch.bestBy ? dayKeyOf(batch.bestBy) : null, code: batch.code ?? null, made })
  return { suggestion, labelsUrl }
}
