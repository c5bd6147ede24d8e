import type { Fulfilment } from '@/payload-types'
import { DEFAULT_REFILL_DAYS_AHEAD } from '@/features/refills/rules'

type SeedData<T> = Omit<T, 'id' | 'updatedAt' | 'createdAt'>

/** Delivery in Metro Detroit and Metro Ann Arbor (ZIP codes 480xx–483xx); never free until the seller says so; refill orders made 3 days ahead. */
export const fulfilmentSeed: SeedData<Fulfilment> = {
  deliveryZipPrefixes: ['480', '481', '482', '483'].map((prefix) => ({ prefix })),
  freeDeliveryFrom: null,
  refillDaysAhead: DEFAULT_REFILL_DAYS_AHEAD,
}
