import { DEFAULT_MIN_DAYS_LEFT } from '@/features/ordering/batches'
import { LAUNCH_FLAVORS } from '@/features/ordering/options'
import type { Flavor, Stock } from '@/payload-types'

type SeedData<T> = Omit<T, 'id' | 'updatedAt' | 'createdAt'>

const DESCRIPTIONS: Record<(typeof LAUNCH_FLAVORS)[number]['value'], string> = {
  'mixed-berry': 'Blueberry, raspberry and blackberry: bright, tart and deep purple.',
  'pineapple-mango': 'Sunny and sweet, like a smoothie on its own.',
  'peach-ginger': 'Ripe peach with a warm ginger finish.',
}

/** The launch flavors, under the keys every earlier order stored. */
export const flavorsSeed: SeedData<Flavor>[] = LAUNCH_FLAVORS.map((flavor) => ({
  value: flavor.value,
  name: flavor.label,
  description: DESCRIPTIONS[flavor.value],
  available: true,
}))

/** No batches are seeded: no limit until the seller enters one. */
export const stockSeed: SeedData<Stock> = {
  minDaysLeft: DEFAULT_MIN_DAYS_LEFT,
  soldOutMessage: 'This batch is sold out — thank you! Join our e-mail list and we will let you know as soon as the next batch is ready.',
}

/**
 * One supplier lot as an example of what a batch records of its ingredients (Shop → Supplier lots),
 * on no batch: a fresh site's recalls find nothing until the seller chooses lots on a batch.
 */
export const supplierLotSeed = {
  ingredient: 'Sea moss',
  supplier: 'Example supplier (replace with yours)',
  lot: '0001',
  note: 'An example: each bag or box you buy is one lot. Write the lot or invoice number from it, then choose the lot on the batches you make from it.',
}
