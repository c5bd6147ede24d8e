import { type CollectionAfterChangeHook, type CollectionBeforeDeleteHook, type CollectionBeforeValidateHook, type CollectionConfig, type Field, type PayloadRequest } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { businessTimeZone } from '@/fields/businessTimeZone'
import { DEFAULT_SHELF_LIFE_DAYS, BATCH_CODE_MAX_LENGTH, BATCH_CODE_PATTERN, batchShownChanged, defaultBatchCode, jarsCameFree } from '@/features/ordering/batches'
import { lineClock, serveLine } from '@/features/ordering/waitingLine/line'
import { expireAtBatchMoments } from '@/features/ordering/batchClock'
import { FEW_JARS_LEFT } from '@/features/ordering/catalog'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { refuseStaleSave } from '@/hooks/refuseStaleSave'
import { Refusal } from '@/platform/http/refusal'
import { revalidateCollection, revalidateCollectionAfterDelete } from '@/hooks/revalidateContent'
import { counted } from '@/shared/counted'
import { addDays, dayKeyOf, storedDay } from '@/shared/time'

const wholeJars = (value: unknown) => (value == null || (Number.isInteger(value) && (value as number) >= 0) ? true : 'A whole number of jars.')

const jarCount = (name: 'made' | 'left', label: string, description: string): Field => ({
  name,
  label,
  type: 'number',
  min: 0,
  max: 100_000,
  required: name === 'made',
  admin: { description, step: 1, width: '30%' },
  validate: wholeJars,
})

/** A later moment of the batch than `earlier` (its sibling field), or empty. */
const after =
  (earlier: 'madeOn' | 'opensAt', message: string) =>
  (value: unknown, { siblingData }: { siblingData: Record<string, unknown> }) => {
    if (value == null || value === '') return true
    const at = Date.parse(String(value))
    if (Number.isNaN(at)) return 'Not a date.'
    const before = Date.parse(String(siblingData?.[earlier] ?? ''))
    return Number.isNaN(before) || at > before ? true : message
  }

const day = (name: 'madeOn' | 'bestBy', label: string, description: string): Field => ({
  name,
  label,
  type: 'date',
  required: name === 'madeOn',
  index: true,
  ...(name === 'bestBy' ? { validate: after('madeOn', 'The best-by day comes after the made-on day.') } : {}),
  admin: { description, date: { pickerAppearance: 'dayOnly', displayFormat: 'EEE, MMM d, yyyy' }, width: '50%' },
})

/**
 * Fills what the seller left for the batch to work out, before the fields are checked:
 * the code from the made-on day, the best-by day from the shelf life (Site settings), the opening
 * time (now), and a new row's jars left from its jars made. Days are stored at noon UTC, so each
 * reads as the same calendar day everywhere.
 */
const completeBatch: CollectionBeforeValidateHook = async ({ data, originalDoc, req }) => {
  if (!data) return data
  const current = { ...originalDoc, ...data }
  const madeOn = dayOf(current.madeOn)
  if (!madeOn) return data
  if (data.madeOn) data.madeOn = storedDay(madeOn)
  if (!current.code?.trim()) data.code = await freeBatchCode(req, defaultBatchCode(madeOn))
  const bestBy = dayOf(data.bestBy)
  if (!current.bestBy) {
    const settings = await req.payload.findGlobal({ slug: 'site-settings', depth: 0, req })
    data.bestBy = storedDay(addDays(madeOn, settings.shelfLifeDays ?? DEFAULT_SHELF_LIFE_DAYS))
  } else if (bestBy) data.bestBy = storedDay(bestBy)
  if (!current.opensAt) data.opensAt = new Date().toISOString()
  if (Array.isArray(data.flavors)) for (const row of data.flavors) if (row && row.left == null) row.left = row.made ?? 0
  return data
}

/** The calendar day of a posted date, or undefined for text that is no date (the date field's own check refuses it). */
const dayOf = (value: unknown) => ((typeof value === 'string' || value instanceof Date) && !Number.isNaN(new Date(value).getTime()) ? dayKeyOf(value) : undefined)

/** The suggested code, or, when a batch made the same day has it, the same with "-2", "-3"… */
async function freeBatchCode(req: PayloadRequest, suggested: string): Promise<string> {
  const { docs } = await req.payload.find({ collection: 'batches', where: { code: { like: suggested } }, select: { code: true }, pagination: false, depth: 0, overrideAccess: true, req })
  const taken = new Set(docs.map((batch) => batch.code))
  let code = suggested
  for (let n = 2; taken.has(code); n++) code = `${suggested}-${n}`
  return code
}

/**
 * A batch that orders took jars from stays, for their records (their prep sheet code, freshness
 * dates and a cancel's jars going back): deleting it is refused with what to do instead.
 */
const keepBatchWithOrders: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { totalDocs } = await req.payload.count({ collection: 'orders', where: { batch: { equals: id } }, overrideAccess: true, req })
  if (totalDocs > 0) {
    throw new Refusal(`${counted(totalDocs, 'order')} took jars from this batch, so it stays for their records. To stop selling it, set its closing time.`, 409)
  }
}

/**
 * Every order changes a batch's jars; the pages are expired only when what they show of it changes,
 * and again at its opening and closing times (`expireAtBatchMoments`).
 */
const expireShownBatch: CollectionAfterChangeHook = (args) => {
  if (args.operation === 'update' && !batchShownChanged(args.previousDoc ?? {}, args.doc)) return args.doc
  const timesSet = args.operation === 'create' || args.previousDoc?.opensAt !== args.doc.opensAt || args.previousDoc?.closesAt !== args.doc.closesAt
  if (timesSet && !args.req.context?.disableRevalidate) expireAtBatchMoments(args.doc, args.req.payload.logger)
  return revalidateCollection(CACHE_TAGS.batches)(args)
}

/**
 * Jars that came free in the batch open now (whatever freed them: a cancelled order, a hold that
 * ended, the seller's edit) are offered to the waiting line in the same transaction, before anyone
 * else can order them (`serveLine`: only while the seller has the line on).
 */
const offerFreedJars: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation === 'update' && previousDoc && jarsCameFree(previousDoc, doc)) await serveLine(req.payload, doc, req, lineClock(req))
  return doc
}

/**
 * What the seller made, and what is left of it to sell. The batch open for orders is the one
 * opened last (its opening time passed); one whose opening time is still ahead is announced on the
 * order page. Every order takes its jars from the open batch, in the order's transaction.
 */
export const Batches: CollectionConfig = {
  slug: 'batches',
  labels: { singular: 'Batch', plural: 'Batches' },
  admin: {
    group: 'Shop',
    useAsTitle: 'code',
    defaultColumns: ['code', 'madeOn', 'bestBy', 'opensAt', 'closesAt', 'jarsLeft'],
    description:
      'Each batch you make: when, its best-by day, and its jars. Orders take jars from the batch opened last; a batch opening later is announced on the order page. No batches: no limit.',
  },
  defaultSort: '-opensAt',
  // What an order read with its batch gets of it: the code and the freshness dates its page and
  // e-mails print, not the jars per flavor (an export of 50,000 orders populated each one whole).
  defaultPopulate: { code: true, madeOn: true, bestBy: true },
  // Exact counts are the seller's: the pages show only what `batchForSale` lets them.
  access: { read: adminOnly, create: adminOnly, update: adminOnly, delete: adminOnly },
  hooks: {
    beforeValidate: [refuseStaleSave, completeBatch],
    beforeDelete: [keepBatchWithOrders],
    afterChange: [offerFreedJars, expireShownBatch],
    afterDelete: [revalidateCollectionAfterDelete(CACHE_TAGS.batches)],
  },
  fields: [
    {
      type: 'row',
      fields: [
        day('madeOn', 'Made on', 'The day you made it.'),
        day('bestBy', 'Best by', 'Empty: made on + the shelf life in Site settings.'),
      ],
    },
    {
      name: 'code',
      label: 'Batch code',
      type: 'text',
      unique: true,
      maxLength: BATCH_CODE_MAX_LENGTH,
      admin: { description: 'Printed on the jar labels and the prep sheet. Empty: B- and the made-on month and day, e.g. B-1205.' },
      // Empty is filled from the made-on day before this runs (completeBatch).
      validate: (value: unknown) => (value == null || value === '' || (typeof value === 'string' && BATCH_CODE_PATTERN.test(value)) ? true : 'Letters, digits and dashes, e.g. B-1205.'),
    },
    {
      type: 'row',
      fields: [
        {
          name: 'opensAt',
          label: 'Opens for orders',
          type: 'date',
          timezone: businessTimeZone,
          index: true,
          admin: {
            description: 'Empty: at once. A later time is announced on the order page with a countdown, and the people waiting are e-mailed when it opens.',
            date: { pickerAppearance: 'dayAndTime', displayFormat: 'EEE, MMM d, yyyy h:mm a', timeIntervals: 15 },
            width: '50%',
          },
        },
        {
          name: 'closesAt',
          label: 'Closes',
          type: 'date',
          timezone: businessTimeZone,
          validate: after('opensAt', 'It closes after it opens.'),
          admin: {
            description: 'Optional. It also closes when sold out, and when too few days are left before its best-by day (Shop → Batch rules).',
            date: { pickerAppearance: 'dayAndTime', displayFormat: 'EEE, MMM d, yyyy h:mm a', timeIntervals: 15 },
            width: '50%',
          },
        },
      ],
    },
    {
      name: 'announce',
      label: 'E-mail the list when it opens',
      type: 'checkbox',
      defaultValue: true,
      admin: { description: 'Everyone on your e-mail list (not those who unsubscribed) gets one e-mail when this batch opens: "The new batch is open: … — order now".' },
    },
    {
      name: 'announcedAt',
      label: 'E-mailed the list',
      type: 'date',
      // Set by the batch clock once every e-mail of the opening is queued (features/ordering/batchClock.ts).
      access: { create: () => false, update: () => false },
      admin: { readOnly: true, position: 'sidebar', condition: (data) => Boolean(data?.announcedAt), date: { displayFormat: 'EEE, MMM d, yyyy h:mm a' } },
    },
    {
      name: 'lineServedAt',
      label: 'Offered to the waiting line',
      type: 'date',
      // Set when the waiting line was first offered this batch's jars, at its opening (features/ordering/waitingLine/line.ts).
      access: { create: () => false, update: () => false },
      admin: { readOnly: true, position: 'sidebar', condition: (data) => Boolean(data?.lineServedAt), date: { displayFormat: 'EEE, MMM d, yyyy h:mm a' } },
    },
    {
      name: 'flavors',
      label: 'Jars per flavor',
      labels: { singular: 'Flavor', plural: 'Flavors' },
      type: 'array',
      maxRows: 50,
      admin: {
        description: `One row per flavor you made. A flavor without a row is sold out for this batch. At ${FEW_JARS_LEFT} or fewer left, the order page says how many; at 0 the flavor shows as sold out. No rows: count the jars together below.`,
        initCollapsed: false,
      },
      fields: [
        {
          type: 'row',
          fields: [
            {
              name: 'flavor',
              label: 'Flavor',
              type: 'relationship',
              relationTo: 'flavors',
              // Checked here rather than by \`required\`: a flavor deleted later leaves its row empty (and out of sale).
              validate: (value: unknown) => (value ? true : 'Choose a flavor.'),
              admin: { width: '40%' },
            },
            jarCount('made', 'Jars made', 'For the labels.'),
            jarCount('left', 'Left to sell', 'Goes down with each order. Empty: all of them.'),
          ],
        },
      ],
      validate: (rows: unknown) => {
        const ids = (Array.isArray(rows) ? rows : []).map((row: { flavor?: unknown }) => String(typeof row?.flavor === 'object' && row.flavor ? (row.flavor as { id: unknown }).id : row?.flavor))
        return new Set(ids).size === ids.length ? true : 'Each flavor once: add its jars to its one row.'
      },
    },
    {
      name: 'jarsLeft',
      label: 'Jars left to sell (all flavors together)',
      type: 'number',
      min: 0,
      max: 100_000,
      admin: {
        description: `For a batch you don't count per flavor. Empty: no limit. At ${FEW_JARS_LEFT} or fewer the order page says how many are left; at 0 it takes no orders.`,
        step: 1,
        condition: (data) => !(Array.isArray(data?.flavors) && data.flavors.length > 0),
        components: { Cell: '/features/ordering/admin/BatchJarsCell#BatchJarsCell' },
      },
      validate: wholeJars,
    },
    {
      type: 'collapsible',
      label: 'Ingredients’ sources',
      admin: { initCollapsed: false },
      fields: [
        {
          name: 'supplierLots',
          label: 'Supplier lots used',
          type: 'relationship',
          relationTo: 'supplier-lots',
          hasMany: true,
          admin: {
            description:
              'The sea moss, fruit and flavorings this batch was made from (add a lot under Shop → Supplier lots). A recall starts here: when a supplier recalls a lot, Recall finds every order of the batches that used it.',
          },
        },
      ],
    },
    {
      name: 'recallThisBatch',
      type: 'ui',
      admin: { components: { Field: '/features/recalls/components/RecallFromHere#RecallThisBatch' }, disableListColumn: true },
    },
    {
      name: 'nextBatch',
      type: 'ui',
      // This batch's labels to print, and what to make next (features/admin/nextBatch.ts).
      admin: { components: { Field: '/features/admin/components/NextBatch#NextBatch' }, disableListColumn: true },
    },
  ],
}
