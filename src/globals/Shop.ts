import type { Field, GlobalConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { anyone } from '@/access/anyone'
import { DEFAULT_MIN_DAYS_LEFT, MIN_DAYS_LEFT_MAX } from '@/features/ordering/batches'
import { DELIVERY_METHODS } from '@/features/ordering/options'
import { DEFAULT_PRICES, type StoredPrice } from '@/features/ordering/pricing'
import { DEFAULT_LEAD_TIME_HOURS, TIME_OF_DAY, WEEKDAYS, WINDOW_DAYS } from '@/features/ordering/windows'
import { DEFAULT_REMINDER_EVENING_AT, DEFAULT_REMINDER_HOURS_AFTER, PAYMENT_REMINDER_GRACE_HOURS, PAYMENT_REMINDER_TIMINGS, REMINDER_HOURS_AFTER_MAX } from '@/features/ordering/paymentReminderRules'
import { DEFAULT_REFILL_DAYS_AHEAD, REFILL_DAYS_AHEAD_MAX } from '@/features/refills/rules'
import { DELIVERY_DAY_DEFAULTS, DELIVERY_DAY_LIMITS } from '@/features/delivery/rules'
import { DEFAULT_HOLD_HOURS, DEFAULT_PLACE_DAYS, HOLD_HOURS_MAX, PLACE_DAYS_MAX } from '@/features/ordering/waitingLine/rules'
import { revalidateGlobal } from '@/hooks/revalidateContent'

import { heading, paragraph } from './contentGlobal'

/** A price in whole dollars: what the order page shows, the server charges and the order stores. */
const dollarsField = (name: StoredPrice, label: string, description: string): Field => ({
  name,
  label,
  type: 'number',
  required: true,
  min: name === 'deliveryFee' ? 0 : 1,
  max: 10_000,
  defaultValue: DEFAULT_PRICES[name],
  admin: { description, step: 1 },
  validate: (value: unknown) => (Number.isInteger(value) ? true : 'Whole dollars only, e.g. 20.'),
})

/**
 * The prices and the words around the three packages. A change shows on the site at once; an
 * order placed against the old prices is stopped and the visitor is shown the new total.
 */
export const Prices: GlobalConfig = {
  slug: 'pricing',
  label: 'Prices',
  admin: {
    group: 'Shop',
    description: 'What the packages and delivery cost, in whole dollars, and how the packages are described on the home and order pages.',
  },
  access: { read: anyone, update: adminOnly },
  hooks: { afterChange: [revalidateGlobal] },
  fields: [
    {
      type: 'row',
      fields: [
        dollarsField('oneJarPrice', 'Price of 1 jar', 'The single-jar package.'),
        dollarsField('threeJarPrice', 'Price of 3 jars', 'The 3-jar package.'),
        dollarsField('sixJarPrice', 'Price of 6 jars', 'The 6-jar package.'),
        dollarsField('deliveryFee', 'Delivery fee', 'Added to delivery orders; pickup is free.'),
      ],
    },
    heading(),
    paragraph('description', 'Introduction'),
    {
      name: 'packages',
      type: 'array',
      minRows: 3,
      maxRows: 3,
      // Matched to the 1-, 3- and 6-jar packages by position, so their order is fixed.
      admin: { description: 'One entry per package: 1 jar, 3 jars, 6 jars.', isSortable: false },
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'description', type: 'text', required: true },
        { name: 'badge', label: 'Badge (e.g. “Most popular”)', type: 'text' },
        { name: 'photo', label: 'Photo', type: 'upload', relationTo: 'media' },
      ],
    },
  ],
}

/**
 * How batches are sold (Shop → Batches holds the batches themselves): when one stops selling for
 * freshness, and what the order page says while none is open.
 */
export const Stock: GlobalConfig = {
  slug: 'stock',
  label: 'Batch rules',
  admin: {
    group: 'Shop',
    description: 'When a batch stops selling, and what the order page says while no batch is open. The batches and their jars are under Shop → Batches.',
  },
  access: { read: anyone, update: adminOnly },
  hooks: { afterChange: [revalidateGlobal] },
  fields: [
    {
      name: 'minDaysLeft',
      label: 'Stop selling a batch this many days before its best-by day',
      type: 'number',
      required: true,
      min: 0,
      max: MIN_DAYS_LEFT_MAX,
      defaultValue: DEFAULT_MIN_DAYS_LEFT,
      admin: {
        step: 1,
        description: `A batch takes no more orders once fewer days than this are left before its best-by day: the order page then shows the sold-out message. ${DEFAULT_MIN_DAYS_LEFT} leaves a customer a week of fresh gel.`,
      },
      validate: (value: unknown) => (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MIN_DAYS_LEFT_MAX ? true : `Whole days from 0 to ${MIN_DAYS_LEFT_MAX}, e.g. ${DEFAULT_MIN_DAYS_LEFT}.`),
    },
    {
      name: 'soldOutMessage',
      label: 'Message when sold out',
      type: 'textarea',
      required: true,
      maxLength: 500,
      admin: { description: 'Shown on the order page when no jars are left (or no batch is open), above the e-mail sign-up.' },
    },
    {
      name: 'waitingLine',
      label: 'Waiting line',
      type: 'group',
      admin: {
        description:
          'While a flavor or the batch is sold out, customers can ask on the order page to be told when it is back. Jars that come free (a cancelled order, a skipped refill, jars you add) are then offered to them in turn and held for each for a while, before anyone else can buy them. Off: freed jars go straight back on sale.',
      },
      fields: [
        { name: 'enabled', label: 'Offer freed jars to a waiting line', type: 'checkbox', defaultValue: false },
        {
          name: 'holdHours',
          label: 'Hold the jars for each customer this many hours',
          type: 'number',
          defaultValue: DEFAULT_HOLD_HOURS,
          min: 1,
          max: HOLD_HOURS_MAX,
          admin: { step: 1, description: 'Not ordered by then (or passed on with the e-mail\'s "No thanks" link), they go to the next in line.' },
          validate: wholeNumberUpTo(HOLD_HOURS_MAX, 1, `Whole hours from 1 to ${HOLD_HOURS_MAX}, e.g. ${DEFAULT_HOLD_HOURS}.`),
        },
        {
          name: 'placeDays',
          label: 'Keep a place in line this many days',
          type: 'number',
          defaultValue: DEFAULT_PLACE_DAYS,
          min: 1,
          max: PLACE_DAYS_MAX,
          admin: { step: 1, description: 'A place not offered jars by then ends, with one e-mail saying so.' },
          validate: wholeNumberUpTo(PLACE_DAYS_MAX, 1, `Whole days from 1 to ${PLACE_DAYS_MAX}, e.g. ${DEFAULT_PLACE_DAYS}.`),
        },
      ],
    },
  ],
}

/** An empty value (the default applies) or a whole number in range. */
function wholeNumberUpTo(max: number, min: number, message: string) {
  return (value: unknown) => (value == null || (Number.isInteger(value) && (value as number) >= min && (value as number) <= max) ? true : message)
}

/** A number of the delivery day's settings: empty means its default. */
function deliveryDayNumber(name: keyof typeof DELIVERY_DAY_DEFAULTS, label: string, description: string, step: number): Field {
  const { min, max } = DELIVERY_DAY_LIMITS[name]
  const example = DELIVERY_DAY_DEFAULTS[name]
  return {
    name,
    label,
    type: 'number',
    min,
    max,
    admin: { step, width: '50%', placeholder: String(example), description: `${description} Empty: ${example}.` },
    validate: (value: unknown) =>
      value == null || (typeof value === 'number' && value >= min && value <= max && (step < 1 || Number.isInteger(value))) ? true : `${step < 1 ? 'A number' : 'Whole numbers'} from ${min} to ${max}, e.g. ${example}.`,
  }
}

const timeOfDay = (name: 'start' | 'end', label: string): Field => ({
  name,
  label,
  type: 'text',
  required: true,
  maxLength: 5,
  admin: { placeholder: name === 'start' ? '10:00' : '14:00', width: '25%' },
  validate: (value: unknown) => (typeof value === 'string' && TIME_OF_DAY.test(value) ? true : 'A time like 10:00 or 17:30 (24-hour).'),
})

/** When and where customers get their jars, where the seller delivers, and when delivery is free. */
export const Fulfilment: GlobalConfig = {
  slug: 'fulfilment',
  label: 'Pickup & delivery',
  admin: {
    group: 'Shop',
    description: 'Your weekly pickup and delivery times, and where you deliver. A delivery order to a ZIP code outside these areas is refused and offered pickup.',
  },
  access: { read: anyone, update: adminOnly },
  hooks: { afterChange: [revalidateGlobal] },
  fields: [
    {
      name: 'windows',
      label: 'Pickup and delivery times',
      labels: { singular: 'Time', plural: 'Times' },
      type: 'array',
      maxRows: 50,
      admin: {
        description: `Customers choose one of the next ${WINDOW_DAYS} days' times for pickup or delivery when they order. No times for a method: you arrange the time by text, as before.`,
        initCollapsed: false,
        components: { RowLabel: '/features/ordering/admin/WindowRowLabel#WindowRowLabel' },
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'method', label: 'Pickup or delivery', type: 'select', required: true, options: [...DELIVERY_METHODS], admin: { width: '25%' } },
            { name: 'weekday', label: 'Every', type: 'select', required: true, options: [...WEEKDAYS], admin: { width: '25%' } },
            timeOfDay('start', 'From'),
            timeOfDay('end', 'Until'),
          ],
        },
        {
          type: 'row',
          fields: [
            {
              name: 'place',
              label: 'Place',
              type: 'text',
              maxLength: 120,
              admin: { placeholder: 'Eastern Market', width: '60%', condition: (_, siblingData) => siblingData?.method !== 'delivery' },
            },
            {
              name: 'capacity',
              label: 'Orders it can take',
              type: 'number',
              min: 1,
              max: 1000,
              admin: { description: 'Empty: no limit.', step: 1, width: '40%' },
              validate: (value: unknown) => (value == null || Number.isInteger(value) ? true : 'A whole number of orders, or empty for no limit.'),
            },
          ],
        },
      ],
      validate: (rows: unknown) => {
        const backwards = (Array.isArray(rows) ? rows : []).find((row: { start?: string; end?: string }) => row?.start && row?.end && row.end <= row.start)
        return backwards ? `A time ends before it starts (${backwards.start}–${backwards.end}).` : true
      },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'leadTimeHours',
          label: 'Notice needed (hours)',
          type: 'number',
          min: 0,
          max: 24 * WINDOW_DAYS,
          defaultValue: DEFAULT_LEAD_TIME_HOURS,
          admin: { description: 'A time can be chosen only this many hours before it starts.', step: 1 },
          validate: (value: unknown) => (value == null || Number.isInteger(value) ? true : 'Whole hours, e.g. 24.'),
        },
      ],
    },
    {
      name: 'refillDaysAhead',
      label: 'Make refill orders this many days ahead',
      type: 'number',
      required: true,
      min: 1,
      max: REFILL_DAYS_AHEAD_MAX,
      defaultValue: DEFAULT_REFILL_DAYS_AHEAD,
      admin: {
        step: 1,
        description: `A refill plan's order is made this many days before its day, with that day's prices and jars from the open batch. Keep it above the notice needed, or the refill's time can no longer be booked.`,
      },
      validate: (value: unknown) => (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= REFILL_DAYS_AHEAD_MAX ? true : `Whole days from 1 to ${REFILL_DAYS_AHEAD_MAX}, e.g. ${DEFAULT_REFILL_DAYS_AHEAD}.`),
    },
    {
      name: 'blackoutDates',
      label: 'Days off',
      labels: { singular: 'Day off', plural: 'Days off' },
      type: 'array',
      maxRows: 100,
      admin: { description: 'Days with no pickups or deliveries, e.g. holidays.' },
      fields: [{ name: 'date', label: 'Date', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayOnly', displayFormat: 'EEE, MMM d, yyyy' } } }],
    },
    {
      name: 'deliveryZipPrefixes',
      label: 'Delivery ZIP codes',
      type: 'array',
      admin: { description: 'The first digits of the ZIP codes you deliver to, e.g. 482 for Detroit. No entries: delivery anywhere.' },
      fields: [
        {
          name: 'prefix',
          label: 'ZIP code starts with',
          type: 'text',
          required: true,
          maxLength: 5,
          validate: (value: unknown) => (typeof value === 'string' && /^\d{1,5}$/.test(value) ? true : 'One to five digits, e.g. 482.'),
        },
      ],
    },
    {
      name: 'freeDeliveryFrom',
      label: 'Free delivery from (package price)',
      type: 'number',
      min: 1,
      max: 10_000,
      admin: { description: 'Delivery is free when the package costs at least this much, e.g. 100. Empty: never free.', step: 1 },
      validate: (value: unknown) => (value == null || Number.isInteger(value) ? true : 'Whole dollars only, e.g. 100.'),
    },
    {
      name: 'customerChanges',
      label: 'Changes by customers',
      type: 'group',
      admin: {
        description:
          'Customers change or cancel their own order from its private page: another time, pickup instead of delivery, other flavors or package, or cancel. Each change follows the order form\'s rules (free places, jars left, your delivery ZIP codes) and you get an e-mail and a notification of it. Off: they text you, as before.',
      },
      fields: [
        { name: 'enabled', label: 'Customers may change or cancel their order online', type: 'checkbox', defaultValue: false },
        {
          name: 'hoursBefore',
          label: 'Customers may change or cancel up to this many hours before their time',
          type: 'number',
          min: 0,
          max: 24 * WINDOW_DAYS,
          admin: {
            step: 1,
            placeholder: 'The notice needed',
            description: 'Empty: the notice needed for new orders (above). An order without a booked time can be changed until you confirm it; once Ready, no more.',
            condition: (_, siblingData) => Boolean(siblingData?.enabled),
          },
          validate: (value: unknown) => (value == null || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 24 * WINDOW_DAYS) ? true : `Whole hours from 0 to ${24 * WINDOW_DAYS}, e.g. 24.`),
        },
      ],
    },
    {
      name: 'deliveryDay',
      label: 'Delivery day',
      type: 'group',
      admin: {
        description:
          'On the phone (Today → Run): each delivery time\'s stops in a driving order from your kitchen and back (the jar labels\' address under Site settings), found from the ZIP codes without any online map; drag a stop to change it. Tap Leaving when the cooler leaves: each stop shows how long its jars have been out of the fridge, and Handed over or Not home records each handover on the order. Pickups get Collected, and a pickup not collected by the end of its time gets one "We missed you" e-mail (Content → E-mail templates → Missed pickup). Off: the daily screen is as before.',
      },
      fields: [
        { name: 'enabled', label: 'Plan delivery runs and record handovers', type: 'checkbox', defaultValue: false },
        {
          type: 'row',
          admin: { condition: (_, siblingData) => Boolean(siblingData?.enabled) },
          fields: [
            deliveryDayNumber('outOfFridgeLimitMinutes', 'Longest time out of the fridge (minutes)', 'A run whose estimate is longer is flagged before it starts, with a suggestion to split it.', 1),
            deliveryDayNumber('minutesPerStop', 'Minutes per stop', 'Parking, the walk to the door and the handover.', 1),
          ],
        },
        {
          type: 'row',
          admin: { condition: (_, siblingData) => Boolean(siblingData?.enabled) },
          fields: [
            deliveryDayNumber('averageMph', 'Average speed (mph)', 'In town, stops at lights included.', 1),
            deliveryDayNumber('roadFactor', 'Road factor', 'Miles driven per mile as the crow flies, e.g. 1.3.', 0.1),
          ],
        },
      ],
    },
    {
      name: 'paymentReminders',
      label: 'Payment reminders',
      type: 'group',
      admin: {
        description:
          'One e-mail to a customer whose order is not paid yet, with the amount, the order number to put in the payment note, and your Venmo and Cash App links (its words: Content → E-mail templates → Payment reminder). Never for a paid or cancelled order, never twice; tick "No payment reminder" on an order to leave it out. Off: no reminder goes.',
      },
      fields: [
        { name: 'enabled', label: 'Remind customers who have not paid', type: 'checkbox', defaultValue: false },
        {
          name: 'timing',
          label: 'When',
          type: 'radio',
          defaultValue: 'eveningBefore',
          options: [...PAYMENT_REMINDER_TIMINGS],
          admin: { condition: (_, siblingData) => Boolean(siblingData?.enabled) },
        },
        {
          type: 'row',
          fields: [
            {
              name: 'eveningAt',
              label: 'At (the evening before)',
              type: 'text',
              maxLength: 5,
              defaultValue: DEFAULT_REMINDER_EVENING_AT,
              admin: {
                placeholder: DEFAULT_REMINDER_EVENING_AT,
                width: '50%',
                description: 'Detroit time, 24-hour: 18:00 is 6 PM the day before the pickup or delivery.',
                condition: (_, siblingData) => Boolean(siblingData?.enabled) && siblingData?.timing !== 'afterOrdering',
              },
              validate: (value: unknown) => (value == null || value === '' || (typeof value === 'string' && TIME_OF_DAY.test(value)) ? true : 'A time like 18:00 (24-hour).'),
            },
            {
              name: 'hoursAfter',
              label: 'Hours after ordering',
              type: 'number',
              min: 1,
              max: REMINDER_HOURS_AFTER_MAX,
              defaultValue: DEFAULT_REMINDER_HOURS_AFTER,
              admin: {
                step: 1,
                width: '50%',
                description: `With "The evening before", this is for orders without a booked time (arranged by text). An order placed after its evening gets no reminder: its order e-mail has the payment links. A reminder the server missed by more than ${PAYMENT_REMINDER_GRACE_HOURS} hours (it was down) is not sent.`,
                condition: (_, siblingData) => Boolean(siblingData?.enabled),
              },
              validate: wholeNumberUpTo(REMINDER_HOURS_AFTER_MAX, 1, `Whole hours from 1 to ${REMINDER_HOURS_AFTER_MAX}, e.g. ${DEFAULT_REMINDER_HOURS_AFTER}.`),
            },
          ],
        },
      ],
    },
  ],
}

