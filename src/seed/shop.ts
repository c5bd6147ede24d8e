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
