import { APIError, type CollectionBeforeChangeHook, type CollectionBeforeDeleteHook, type CollectionConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { lotTitle } from '@/features/recalls/lots'
import { counted } from '@/shared/counted'
import { storedDay, dayKeyOf } from '@/shared/time'

/** The title the relationship picker and the recall screen show, kept with the fields it is made of. */
const titleLot: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const current = { ...originalDoc, ...data }
  data.title = lotTitle(current)
  // A day the seller picked, stored at noon UTC like a batch's days, so it reads as that day everywhere.
  if (data.receivedOn) data.receivedOn = storedDay(dayKeyOf(data.receivedOn))
  return data
}

/**
 * A lot that a batch used is what a recall starts from: it stays while a batch names it. The
 * batch can drop it first (when it was chosen by mistake), which says which batch it is.
 */
const keepLotOfBatches: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const { docs, totalDocs } = await req.payload.find({
    collection: 'batches',
    where: { supplierLots: { in: [id] } },
    select: { code: true },
    limit: 5,
    depth: 0,
    overrideAccess: true,
    req,
  })
  if (totalDocs > 0) {
    const codes = docs.map((batch) => batch.code).join(', ')
    throw new APIError(
      `${counted(totalDocs, 'batch', 'batches')} used this lot (${codes}${totalDocs > docs.length ? ', …' : ''}), so it stays: a recall starts from it. A lot chosen by mistake: remove it from the batch first.`,
      409,
      undefined,
      true,
    )
  }
}

/**
 * Where the raw ingredients of a batch came from: one delivery of one ingredient from one supplier
 * (sea moss, a fruit, a flavoring), with the supplier's lot or invoice number. Batches name the lots
 * they used (Batches → Ingredients' sources); a recall of a lot finds every order of those batches.
 */
export const SupplierLots: CollectionConfig = {
  slug: 'supplier-lots',
  labels: { singular: 'Supplier lot', plural: 'Supplier lots' },
  admin: {
    group: 'Shop',
    useAsTitle: 'title',
    defaultColumns: ['title', 'receivedOn', 'note'],
    description:
      'Each delivery of a raw ingredient: what, from whom, their lot or invoice number. Choose the lots a batch used on the batch; a recall of a lot then finds every order of those batches.',
  },
  defaultSort: '-receivedOn',
  access: { read: adminOnly, create: adminOnly, update: adminOnly, delete: adminOnly },
  hooks: { beforeChange: [titleLot], beforeDelete: [keepLotOfBatches] },
  fields: [
    {
      type: 'row',
      fields: [
        { name: 'ingredient', label: 'Ingredient', type: 'text', required: true, maxLength: 100, admin: { description: 'e.g. Sea moss, Peach, Ginger.', width: '50%' } },
        { name: 'supplier', label: 'Supplier', type: 'text', required: true, maxLength: 100, admin: { description: 'Who sold it to you.', width: '50%' } },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'lot',
          label: 'Lot or invoice number',
          type: 'text',
          maxLength: 100,
          admin: { description: 'As printed on the bag or the invoice. Nothing better: the date on the receipt.', width: '50%' },
        },
        {
          name: 'receivedOn',
          label: 'Received on',
          type: 'date',
          admin: { date: { pickerAppearance: 'dayOnly', displayFormat: 'EEE, MMM d, yyyy' }, description: 'Optional.', width: '50%' },
        },
      ],
    },
    { name: 'note', label: 'Note', type: 'textarea', maxLength: 1000, admin: { description: 'Anything else you would want to know in a recall: where it was grown, the certificate, who took it in.' } },
    {
      name: 'recallThisLot',
      type: 'ui',
      admin: { components: { Field: '/features/recalls/components/RecallFromHere#RecallThisLot' }, disableListColumn: true },
    },
    {
      name: 'title',
      type: 'text',
      // Made from the fields above on every save (titleLot): what the batch's picker lists.
      access: { create: () => false, update: () => false },
      admin: { hidden: true },
    },
  ],
}
