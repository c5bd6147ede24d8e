import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook, CollectionConfig, Payload } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'
import { createdAtField } from '@/fields/createdAt'
import { CITIES, DELIVERY_METHODS } from '@/features/ordering/options'
import { isRefillInterval, REFILL_INTERVALS_WEEKS } from '@/features/ordering/refillTerms'
import { planListOrder, REFILL_PLAN_STATUSES, type RefillPlanStatus } from '@/features/refills/rules'
import { searchPhoneAsDigits } from '@/hooks/listSearch'
import { refuseStaleSave } from '@/hooks/refuseStaleSave'
import { storeCustomerKeys } from '@/hooks/storeCustomerKeys'
import { isDayKey } from '@/shared/time'
import type { RefillPlan } from '@/payload-types'
import { backfillOnMongo } from '@/platform/db/backfillOnMongo'

/** Written by the refill service only (with `overrideAccess`): field access drops it from any other write. */
const serviceOnly = () => false

/** Left out of the admin's CSV and JSON exports: the plan's private link. */
const notExported = { 'plugin-import-export': { disabled: true } }

/**
 * A deleted plan's refill orders stay, as orders from a refill plan: they only forget the plan
 * (on SQLite its reference would otherwise refuse the delete; on MongoDB it would point nowhere).
 */
const keepRefillOrders: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.db.updateMany({ collection: 'orders', where: { refillPlan: { equals: id } }, data: { refillPlan: null }, req })
}

/** Keeps the plan's place in the admin's list (`planListOrder`) in step with its status and day on every write. */
const storeListOrder: CollectionBeforeChangeHook<RefillPlan> = ({ data, originalDoc }) => {
  const status = (data.status ?? originalDoc?.status) as RefillPlanStatus | undefined
  const nextDay = data.nextDay ?? originalDoc?.nextDay
  return status && nextDay ? { ...data, listOrder: planListOrder(status, nextDay) } : data
}

/**
 * MongoDB has no SQL migrations: there, the plans stored before their list order existed get it
 * when the server starts, by the same rule as the hook (on SQLite the migration
 * `refill_plans_list_order` does it). Returns how many plans it gave one to.
 */
export const backfillPlanListOrderOnMongo = (payload: Payload) =>
  backfillOnMongo<{ status: RefillPlanStatus; nextDay: string }>(payload, 'refill-plans', { listOrder: { $exists: false } }, ['status', 'nextDay'], (plan) => ({
    listOrder: planListOrder(plan.status, plan.nextDay),
  }))

/**
 * A customer's standing order: the jars, method, address and weekly time of the order it was made
 * from, every 2, 3 or 4 weeks, until they stop it. Made by the server from an order
 * (`features/refills/plans.ts`), never through the API; each cycle's order is made by the server
 * a few days ahead (`features/refills/cycle.ts`). The customer reaches it by its private link.
 */
export const RefillPlans: CollectionConfig = {
  slug: 'refill-plans',
  labels: { singular: 'Refill plan', plural: 'Refill plans' },
  // Active plans first, soonest refill first (planListOrder); a column's header sorts by it instead.
  defaultSort: 'listOrder',
  // What an order read with its plan gets of it: not the plan's join of every refill order.
  defaultPopulate: { fullName: true, status: true, everyWeeks: true, nextDay: true },
  admin: {
    group: 'Shop',
    useAsTitle: 'fullName',
    defaultColumns: ['fullName', 'status', 'everyWeeks', 'nextDay', 'quantity', 'flavors', 'deliveryMethod', 'problem'],
    // The phone is searched as its digits (customerPhone, searchPhoneAsDigits), as in the orders' list.
    listSearchableFields: ['fullName', 'email', 'customerPhone'],
    components: { beforeListTable: ['/features/admin/components/RefillPlansSummary#RefillPlansSummary'] },
    description: 'Customers who get the same jars at the same time every few weeks. Each refill order is made a few days before its day (Shop → Pickup & delivery) and appears under Orders as coming from a refill plan.',
  },
  access: { read: adminOnly, create: nobody, update: adminOnly, delete: adminOnly },
  hooks: { beforeOperation: [searchPhoneAsDigits], beforeValidate: [refuseStaleSave], beforeChange: [storeCustomerKeys, storeListOrder], beforeDelete: [keepRefillOrders] },
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'status',
          type: 'select',
          required: true,
          defaultValue: 'active',
          index: true,
          options: [...REFILL_PLAN_STATUSES],
          admin: { description: 'Paused or stopped: no refill orders are made.', width: '33%' },
        },
        {
          name: 'everyWeeks',
          label: 'Every (weeks)',
          type: 'number',
          required: true,
          admin: { step: 1, width: '33%' },
          validate: (value: unknown) => (isRefillInterval(value) ? true : `Every ${REFILL_INTERVALS_WEEKS.join(', ')} weeks.`),
        },
        {
          name: 'nextDay',
          label: 'Next refill',
          type: 'text',
          required: true,
          index: true,
          // A day of the plan's weekly time; moved on by the cycle, so not edited by hand.
          access: { update: serviceOnly },
          admin: { readOnly: true, width: '33%', description: 'The day of the next refill (year-month-day).' },
          validate: (value: unknown) => (isDayKey(value) ? true : 'A day like 2026-12-12.'),
        },
      ],
    },
    {
      name: 'problem',
      // Its text says it ("Could not make the refill of Sat Dec 13: that time is full"), and the
      // list writes an empty cell as "<No Problem>" (it read "<No Could not make>").
      label: 'Problem',
      type: 'text',
      // Set while a due refill cannot be made (its time full, a flavor out, no batch open); the
      // seller was e-mailed once. Cleared when the refill is made.
      access: { create: serviceOnly, update: serviceOnly },
      admin: { readOnly: true, condition: (data) => Boolean(data?.problem) },
    },
    {
      type: 'row',
      fields: [
        { name: 'fullName', label: 'Full name', type: 'text', required: true },
        { name: 'email', label: 'E-mail', type: 'email', required: true },
        { name: 'phone', label: 'Phone', type: 'text', required: true },
      ],
    },
    // The e-mail lower-cased and the phone as digits (features/admin/customerKeys.ts), as on orders;
    // set by src/hooks/storeCustomerKeys.ts. A few hundred plans: no index.
    { name: 'customerEmail', type: 'text', access: { create: serviceOnly, update: serviceOnly }, admin: { hidden: true, readOnly: true }, custom: notExported },
    { name: 'customerPhone', label: 'Phone', type: 'text', access: { create: serviceOnly, update: serviceOnly }, admin: { hidden: true, readOnly: true }, custom: notExported },
    // The plan's place in the admin's list (storeListOrder): a few hundred plans, no index.
    { name: 'listOrder', type: 'text', access: { create: serviceOnly, update: serviceOnly }, admin: { hidden: true, readOnly: true }, custom: notExported },
    {
      type: 'row',
      fields: [
        { name: 'quantity', label: 'Jars', type: 'number', required: true, min: 1, access: { update: serviceOnly }, admin: { readOnly: true } },
        {
          name: 'flavors',
          label: 'Flavors',
          type: 'text',
          required: true,
          // One flavor key per jar, as on orders ('Jar 1: mixed-berry, …').
          access: { update: serviceOnly },
          admin: { readOnly: true, components: { Cell: '/features/ordering/admin/FlavorsCell#FlavorsCell' } },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'deliveryMethod', label: 'Pickup or delivery', type: 'select', required: true, options: [...DELIVERY_METHODS], access: { update: serviceOnly }, admin: { readOnly: true } },
        { name: 'city', label: 'City', type: 'select', required: true, options: [...CITIES] },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'address', label: 'Address', type: 'text', required: true },
        { name: 'zip', label: 'ZIP code', type: 'text', required: true },
      ],
    },
    // Copied from the order it was made from: the customer agreed to be contacted, or did not.
    { name: 'consent', type: 'checkbox', defaultValue: false, access: { update: serviceOnly }, admin: { hidden: true } },
    {
      name: 'windowRule',
      type: 'text',
      required: true,
      // The id of the seller's weekly time (a row of Shop → Pickup & delivery): each refill books
      // that row's time on its day (the window key `<day>_<row id>`).
      access: { update: serviceOnly },
      admin: { hidden: true },
    },
    {
      name: 'token',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      // The secret of the customer's plan page link (/refills/<token>); never changes.
      access: { create: serviceOnly, update: serviceOnly },
      admin: { hidden: true },
      custom: notExported,
    },
    {
      name: 'sourceOrder',
      label: 'Made from order',
      type: 'relationship',
      relationTo: 'orders',
      // Not required: the plan outlives the order if the seller deletes it.
      unique: true,
      access: { update: serviceOnly },
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'refillOrders',
      label: 'Refill orders',
      type: 'join',
      collection: 'orders',
      on: 'refillPlan',
      defaultSort: '-createdAt',
      // Refill orders are made by the cycle only (orders cannot be created here).
      admin: { allowCreate: false, defaultColumns: ['reference', 'windowLabel', 'quantity', 'totalPrice', 'status'] },
    },
    createdAtField('Started'),
  ],
  timestamps: true,
}
