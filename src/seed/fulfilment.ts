import type { Fulfilment } from '@/payload-types'

type SeedData<T> = Omit<T, 'id' | 'updatedAt' | 'createdAt'>

/** Delivery in Metro Detroit and Metro Ann Arbor (ZIP codes 480xx–483xx); never free until the seller says so. */
export const fulfilmentSeed: SeedData<Fulfilment> = {
  deliveryZipPrefixes: ['480', '481', '482', '483'].map((prefix) => ({ prefix })),
  freeDeliveryFrom: null,
}
