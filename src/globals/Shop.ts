import type { Field, GlobalConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { anyone } from '@/access/anyone'
import { FEW_JARS_LEFT } from '@/features/ordering/catalog'
import { DEFAULT_PRICES, type StoredPrice } from '@/features/ordering/pricing'
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

/** This batch: how many jars can still be ordered. Every order takes its jars from here. */
export const Stock: GlobalConfig = {
  slug: 'stock',
  label: 'This batch',
  admin: {
    group: 'Shop',
    description: 'How many jars you can still sell from this batch. It goes down with every order and back up when an order is cancelled: enter the jars still unsold, not the batch size.',
  },
  access: { read: anyone, update: adminOnly },
  hooks: { afterChange: [revalidateGlobal] },
  fields: [
    {
      name: 'jarsAvailable',
      label: 'Jars left to sell',
      type: 'number',
      min: 0,
      max: 100_000,
      admin: { description: `Leave empty for no limit. At ${FEW_JARS_LEFT} or fewer the order page says how many are left; at 0 it takes no orders.`, step: 1 },
      validate: (value: unknown) => (value == null || Number.isInteger(value) ? true : 'A whole number of jars, or empty for no limit.'),
    },
    {
      name: 'soldOutMessage',
      label: 'Message when sold out',
      type: 'textarea',
      required: true,
      maxLength: 500,
      admin: { description: 'Shown on the order page when no jars are left, above the e-mail sign-up.' },
    },
  ],
}

/** Where the seller delivers, and from what package price delivery is free. */
export const Fulfilment: GlobalConfig = {
  slug: 'fulfilment',
  label: 'Pickup & delivery',
  admin: {
    group: 'Shop',
    description: 'Where you deliver. A delivery order to a ZIP code outside these areas is refused and offered pickup.',
  },
  access: { read: anyone, update: adminOnly },
  hooks: { afterChange: [revalidateGlobal] },
  fields: [
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
  ],
}

