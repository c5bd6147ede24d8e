import type { CollectionConfig, Field } from 'payload'

import { adminOnly, nobody } from '@/access/adminOnly'
import { businessTimeZone } from '@/fields/businessTimeZone'
import { createdAtField } from '@/fields/createdAt'
import { deleteChangesOfOrder } from '@/collections/OrderChanges'
import { prepSheetCsvEndpoint } from '@/features/admin/prepSheet'
import { recallCsvEndpoint } from '@/features/recalls/recallCsv'
import { searchPhoneAsDigits, searchReferenceWhole } from '@/hooks/listSearch'
import { refuseStaleSave } from '@/hooks/refuseStaleSave'
import { storeCustomerKeys } from '@/hooks/storeCustomerKeys'

import { detachEmailsOnDelete } from './hooks/detachEmailsOnDelete'
import { expireOpenWindows, expireOpenWindowsAfterDelete } from './hooks/expireOpenWindows'
import { keepCustomers, keepCustomersAfterDelete } from './hooks/keepCustomers'
import { recordSellerEdits } from './hooks/recordSellerEdits'
import { releaseHoldWithNote } from './hooks/releaseHoldWithNote'
import { returnJarsOnCancel } from './hooks/returnJarsOnCancel'
import { retakeOnRestore } from './hooks/retakeOnRestore'
import { sendStatusMessage, stampCompletion } from './hooks/statusMessages'
import { withdrawOutgrownReminders } from './hooks/withdrawOutgrownReminders'
import { CITIES, DELIVERY_METHODS, ORDER_SOURCES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '@/features/ordering/options'
import { CONSENT_GIVEN } from '@/features/ordering/orderDetails'
import { queueOrderPush } from '@/features/seller/push/orderPush'

/** Written by the order service (with `overrideAccess`) and its hooks only, never through the API. */
const serviceOnly = () => false

/** Left out of the admin's CSV and JSON exports: the site's own keys, nothing a seller reads. */
const notExported = { 'plugin-import-export': { disabled: true } }

/** A time the delivery day records on the order: read-only, in the sidebar once set. */
const handoverTime = (name: string, label: string, description: string): Field => ({
  name,
  label,
  type: 'date',
  access: { create: serviceOnly, update: serviceOnly },
  admin: { position: 'sidebar', readOnly: true, description, date: { pickerAppearance: 'dayAndTime' }, condition: (data) => Boolean(data?.[name]) },
})

/** Prices are computed by the server when the order is placed and never edited afterwards. */
const readOnlyPrice = (name: string, label: string): Field => ({
  name,
  label,
  type: 'number',
  required: true,
  min: 0,
  access: { update: () => false },
  admin: { readOnly: true },
})

export const Orders: CollectionConfig = {
  slug: 'orders',
  labels: { singular: 'Order', plural: 'Orders' },
  defaultSort: '-createdAt',
  admin: {
    group: 'Orders',
    useAsTitle: 'fullName',
    defaultColumns: ['reference', 'createdAt', 'fullName', 'phone', 'quantity', 'flavors', 'deliveryMethod', 'city', 'totalPrice', 'status', 'paymentStatus', 'source'],
    // The phone is searched as its digits (customerPhone, searchPhoneAsDigits): a phone typed in any
    // format finds every order of it, however each order stored it ('(313) 205-7298', '3132057298');
    // a whole reference finds that order alone (searchReferenceWhole, hooks/listSearch.ts).
    listSearchableFields: ['reference', 'fullName', 'email', 'customerPhone'],
    components: { beforeListTable: ['/features/admin/components/QuickFilters#OrderQuickFilters'] },
  },
  hooks: {
    beforeOperation: [searchPhoneAsDigits, searchReferenceWhole],
    beforeValidate: [refuseStaleSave],
    beforeChange: [releaseHoldWithNote, returnJarsOnCancel, retakeOnRestore, stampCompletion, storeCustomerKeys],
    afterChange: [sendStatusMessage, withdrawOutgrownReminders, expireOpenWindows, queueOrderPush, keepCustomers, recordSellerEdits],
    beforeDelete: [deleteChangesOfOrder, detachEmailsOnDelete],
    afterDelete: [expireOpenWindowsAfterDelete, keepCustomersAfterDelete],
  },
  endpoints: [prepSheetCsvEndpoint, recallCsvEndpoint],
  indexes: [
    // The dashboard's sums: money owed (unpaid, by status) and sales since a day (not cancelled).
    { fields: ['paymentStatus', 'status'] },
    { fields: ['status', 'createdAt'] },
    // The prep sheet: a day's booked orders, and the open ones without a time (`prepSheet.ts#sheetOrders`),
    // each found in the index rather than among every order without a time.
    { fields: ['windowStartsAt', 'status'] },
    // The Customers view groups every order by these (`aggregates/customerContacts.ts`): read in
    // this order from the index alone, without sorting the orders or reading their rows.
    { fields: ['customerEmail', 'customerPhone', 'fullName', 'email', 'phone', 'status', 'totalPrice', 'createdAt'] },
  ],
  access: {
    read: adminOnly,
    create: nobody,
    update: adminOnly,
    delete: adminOnly,
  },
  fields: [
    {
      name: 'reference',
      label: 'Order',
      type: 'text',
      unique: true,
      index: true,
      // Given by the order service (`takeOrderReference`) when the order is placed; never changed.
      access: { update: () => false },
      admin: { readOnly: true, description: 'The number the customer quotes, e.g. in a Venmo note.' },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'new',
      options: [...ORDER_STATUSES],
      index: true,
      admin: { description: 'New → Confirmed → Ready → Completed, or Cancelled. The customer gets an e-mail at each step (Content → E-mail templates).' },
    },
    {
      name: 'heldByRecall',
      label: 'HELD — recall',
      type: 'relationship',
      relationTo: 'recalls',
      index: true,
      // Set by a real recall (features/recalls/recallRecords.ts), in its transaction; the seller
      // releases the order by emptying it, with a note (hooks/releaseHoldWithNote.ts).
      access: { create: serviceOnly },
      admin: {
        position: 'sidebar',
        condition: (data) => Boolean(data?.heldByRecall || data?.recallReleaseNote),
        description: 'Its jars were recalled: do not hand it over. To release it, empty this and say why in the note below.',
      },
    },
    {
      name: 'recallReleaseNote',
      label: 'Released from the recall because',
      type: 'textarea',
      admin: { position: 'sidebar', condition: (data) => Boolean(data?.heldByRecall || data?.recallReleaseNote) },
    },
    {
      name: 'noPaymentReminder',
      label: 'No payment reminder',
      type: 'checkbox',
      defaultValue: false,
      // Always shown: whether reminders are on lives in a global, which a field's condition cannot read.
      admin: { position: 'sidebar', description: 'Ticked: this order gets no payment reminder e-mail (Shop → Pickup & delivery → Payment reminders, when on).' },
    },
    // Set when the customer changes a paid order on its page (features/ordering/changes): what is left
    // to settle. The seller empties it once settled.
    {
      name: 'refundDue',
      label: 'To refund ($)',
      type: 'number',
      min: 0,
      admin: {
        position: 'sidebar',
        condition: (data) => Boolean(data?.refundDue),
        description: 'The customer changed this paid order to a lower total (or cancelled it): refund this, then empty the field.',
      },
    },
    {
      name: 'extraDue',
      label: 'Still to pay ($)',
      type: 'number',
      min: 0,
      // Owed lists and totals find these beside the unpaid orders (aggregates/unpaidTotals.ts#owedSql).
      index: true,
      admin: {
        position: 'sidebar',
        condition: (data) => Boolean(data?.extraDue),
        description: 'The customer changed this paid order to a higher total, or paid less than it: they pay this difference; empty the field once they have.',
      },
    },
    // The delivery day's record of the handover (features/delivery; Shop → Pickup & delivery → Delivery
    // day): written by the daily screen's buttons only, shown once set, exported with the order.
    handoverTime('leftFridgeAt', 'Out of the fridge since', 'When the cooler with its jars left (Leaving on the phone\'s Run page).'),
    handoverTime('handedOverAt', 'Handed over at', 'Handed over at the door, or collected at pickup.'),
    handoverTime('notHomeAt', 'Not home at', 'The last time nobody was home to take it: its jars stayed on the run.'),
    handoverTime('missedPickupAt', 'Missed pickup e-mailed at', 'Not collected by the end of its time: the customer got the "We missed you" e-mail.'),
    {
      name: 'source',
      label: 'Came in by',
      type: 'select',
      defaultValue: 'online',
      index: true,
      options: [...ORDER_SOURCES],
      access: { update: serviceOnly },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'paymentStatus',
          label: 'Payment',
          type: 'select',
          defaultValue: 'unpaid',
          index: true,
          options: [...PAYMENT_STATUSES],
        },
        { name: 'paymentMethod', label: 'Paid with', type: 'select', options: [...PAYMENT_METHODS] },
        { name: 'paidAt', label: 'Paid on', type: 'date', timezone: businessTimeZone, admin: { date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
    {
      name: 'held',
      type: 'ui',
      // A recall's hold, unmissable above everything else (features/recalls).
      admin: { components: { Field: '/features/recalls/components/HeldByRecall#HeldByRecall' }, disableListColumn: true },
    },
    {
      name: 'summary',
      type: 'ui',
      // Contact links, jars, delivery and prices, readable on a phone; the editable fields follow.
      admin: { components: { Field: '/features/ordering/admin/OrderOverview#OrderOverview' }, disableListColumn: true },
    },
    {
      type: 'row',
      fields: [
        { name: 'fullName', label: 'Full name', type: 'text', required: true },
        // Required on the order form; an order entered by hand may come without one.
        { name: 'email', label: 'E-mail', type: 'email' },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'phone', label: 'Phone', type: 'text', required: true },
        { name: 'instagram', label: 'Instagram', type: 'text' },
      ],
    },
    // The e-mail lower-cased and the phone as digits (features/admin/customerKeys.ts): orders
    // sharing either are one customer, grouped by the database. Set by src/hooks/storeCustomerKeys.ts.
    // No index: the grouping reads every order, and SQLite reading them in an index's order instead
    // of the table's took a third longer (50,000 orders); nothing looks an order up by them.
    { name: 'customerEmail', type: 'text', access: { create: serviceOnly, update: serviceOnly }, admin: { hidden: true, readOnly: true }, custom: notExported },
    { name: 'customerPhone', label: 'Phone', type: 'text', index: true, access: { create: serviceOnly, update: serviceOnly }, admin: { hidden: true, readOnly: true }, custom: notExported },
    {
      type: 'row',
      fields: [
        { name: 'quantity', label: 'Jars', type: 'number', required: true, min: 1, access: { update: () => false } },
        {
          name: 'flavors',
          label: 'Flavors',
          type: 'text',
          required: true,
          // The list shows what to pack, in words.
          admin: { components: { Cell: '/features/ordering/admin/FlavorsCell#FlavorsCell' } },
        },
      ],
    },
    {
      name: 'flavorNames',
      label: 'Flavors as named when ordered',
      type: 'text',
      // The flavors' names at the time of the order, in the same 'Jar N: …' shape: a flavor renamed
      // or deleted later does not change what this customer ordered.
      access: { update: () => false },
      admin: { readOnly: true, hidden: true },
    },
    {
      type: 'row',
      fields: [
        { name: 'deliveryMethod', label: 'Pickup or delivery', type: 'select', required: true, options: [...DELIVERY_METHODS] },
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
    {
      name: 'windowLabel',
      label: 'Pickup / delivery time',
      type: 'text',
      // The window the customer booked, as they read it; empty when the time is arranged by text.
      access: { create: serviceOnly, update: serviceOnly },
      admin: { readOnly: true, condition: (data) => Boolean(data?.windowLabel) },
    },
    // The booked window's key (its day and the seller's window; counted against its capacity), its
    // times (the prep sheet, the calendar file) and place. Set by the order service only.
    { name: 'windowKey', type: 'text', index: true, access: { create: serviceOnly, update: serviceOnly }, admin: { hidden: true } },
    { name: 'windowStartsAt', type: 'date', access: { create: serviceOnly, update: serviceOnly }, admin: { hidden: true } },
    { name: 'windowEndsAt', type: 'date', access: { create: serviceOnly, update: serviceOnly }, admin: { hidden: true } },
    { name: 'windowPlace', type: 'text', access: { create: serviceOnly, update: serviceOnly }, admin: { hidden: true } },
    { name: 'notes', label: 'Notes', type: 'textarea' },
    {
      name: 'consent',
      label: CONSENT_GIVEN,
      type: 'checkbox',
      defaultValue: false,
      access: { update: () => false },
    },
    {
      type: 'row',
      fields: [
        readOnlyPrice('originalPrice', 'Package price ($)'),
        readOnlyPrice('deliveryFee', 'Delivery fee ($)'),
        readOnlyPrice('discountAmount', 'Discount ($)'),
        readOnlyPrice('totalPrice', 'Total ($)'),
      ],
    },
    {
      name: 'discountCode',
      label: 'Discount code',
      type: 'text',
      access: { update: () => false },
      admin: { readOnly: true },
    },
    {
      name: 'jarsFromBatch',
      type: 'number',
      defaultValue: 0,
      // How many jars this order took from "This batch"; given back (and set to 0) when it is
      // cancelled (hooks/returnJarsOnCancel.ts), taken again when it is set back (retakeOnRestore.ts).
      // Set by the order service and those hooks only: field access drops it from any write, and the
      // hooks' change comes after that check.
      access: { create: serviceOnly, update: serviceOnly },
      admin: { hidden: true, readOnly: true },
    },
    {
      name: 'batch',
      label: 'Batch',
      type: 'relationship',
      relationTo: 'batches',
      index: true,
      // The batch its jars came from: given back to it on a cancel, and its dates are the jars'.
      access: { create: serviceOnly, update: serviceOnly },
      admin: { readOnly: true, position: 'sidebar', description: 'The batch its jars came from.' },
    },
    {
      name: 'refillPlan',
      label: 'Refill plan',
      type: 'relationship',
      relationTo: 'refill-plans',
      index: true,
      // The plan that made this order (its source is 'refill plan'). Set by the refill cycle only.
      access: { create: serviceOnly, update: serviceOnly },
      admin: { readOnly: true, position: 'sidebar', condition: (data) => Boolean(data?.refillPlan) },
    },
    {
      name: 'refillCycle',
      type: 'text',
      unique: true,
      // One order per cycle of a plan (`refills/rules.ts#refillCycleKey`), also after a crash or with two servers.
      access: { create: serviceOnly, update: serviceOnly },
      admin: { hidden: true },
      custom: notExported,
    },
    {
      name: 'refillReminder',
      label: 'Wants a refill reminder',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'The customer asked to be reminded when it is time for a fresh jar.' },
    },
    {
      name: 'completedAt',
      label: 'Completed on',
      type: 'date',
      index: true,
      // Set when the order moves to Completed; the refill reminder counts its days from here.
      access: { create: serviceOnly, update: serviceOnly },
      admin: { readOnly: true, hidden: true },
    },
    {
      name: 'statusToken',
      type: 'text',
      unique: true,
      index: true,
      // The secret in the customer's status page link (/order/status/<token>); never changes. Not
      // in exports: a spreadsheet passed around would open every customer's order page.
      access: { create: serviceOnly, update: serviceOnly },
      admin: { hidden: true },
      custom: notExported,
    },
    createdAtField('Received'),
  ],
  timestamps: true,
}
