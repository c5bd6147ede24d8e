import { PACKAGE_QUANTITIES } from './packages.mjs'
import { discountAmount } from '@/features/discounts/rules'

/**
 * The price rules, in one pure module: the order page shows them, the server charges them. The
 * amounts come from the seller's price list (the `pricing` global, "Shop → Prices"); all are whole
 * US dollars.
 */

export type PriceList = {
  oneJarPrice: number
  threeJarPrice: number
  sixJarPrice: number
  deliveryFee: number
  /** A package price from which delivery is free ("Pickup & delivery"); null: never free. */
  freeDeliveryFrom: number | null
}

/** The amounts of the Prices page. */
export type StoredPrice = Exclude<keyof PriceList, 'freeDeliveryFrom'>

/** The launch prices: the seed, and the fallback for a price the database does not hold yet. */
export const DEFAULT_PRICES: PriceList = { oneJarPrice: 20, threeJarPrice: 50, sixJarPrice: 100, deliveryFee: 5, freeDeliveryFrom: null }

export { PACKAGE_QUANTITIES }
export type PackageQuantity = (typeof PACKAGE_QUANTITIES)[number]
export type DeliveryMethod = 'pickup' | 'delivery'

export function isPackageQuantity(value: unknown): value is PackageQuantity {
  return PACKAGE_QUANTITIES.includes(value as PackageQuantity)
}

const wholeDollars = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0

/**
 * The price list stored in the `pricing` global (a missing or broken amount falls back to the
 * launch price) with the free-delivery threshold of the `fulfilment` global.
 */
export function priceListFrom(
  stored: Partial<Record<StoredPrice, number | null | undefined>> | null | undefined,
  fulfilment?: { freeDeliveryFrom?: number | null } | null,
): PriceList {
  const amount = (key: StoredPrice) => {
    const value = stored?.[key]
    return wholeDollars(value) ? value : DEFAULT_PRICES[key]
  }
  const freeFrom = fulfilment?.freeDeliveryFrom
  return {
    oneJarPrice: amount('oneJarPrice'),
    threeJarPrice: amount('threeJarPrice'),
    sixJarPrice: amount('sixJarPrice'),
    deliveryFee: amount('deliveryFee'),
    freeDeliveryFrom: wholeDollars(freeFrom) && freeFrom > 0 ? freeFrom : null,
  }
}

/**
 * The prices a page was shown with, posted back with the order form: when the seller changed them
 * in between, the order is stopped and the visitor sees the new total first.
 */
export const priceListKey = (prices: PriceList) =>
  [prices.oneJarPrice, prices.threeJarPrice, prices.sixJarPrice, prices.deliveryFee, prices.freeDeliveryFrom ?? '-'].join('/')

/** 6 or more jars cost the 6-jar price, 3 to 5 the 3-jar price, otherwise the 1-jar price per jar. */
export function packagePrice(quantity: number, prices: PriceList): number {
  if (quantity >= 6) return prices.sixJarPrice
  if (quantity >= 3) return prices.threeJarPrice
  return prices.oneJarPrice * quantity
}

/** What the jars would cost one by one. */
export function listPrice(quantity: number, prices: PriceList): number {
  return prices.oneJarPrice * quantity
}

/** The fee for delivering a package of this price: nothing for pickup, or from the free-delivery threshold. */
export function deliveryFee(method: DeliveryMethod | '' | null | undefined, packagePriceInDollars: number, prices: PriceList): number {
  if (method !== 'delivery') return 0
  return prices.freeDeliveryFrom !== null && packagePriceInDollars >= prices.freeDeliveryFrom ? 0 : prices.deliveryFee
}

export type OrderPrice = {
  originalPrice: number
  listPrice: number
  savings: number
  deliveryFee: number
  discountAmount: number
  totalPrice: number
}

export function priceOrder(
  input: { quantity: number; deliveryMethod: DeliveryMethod | '' | null | undefined; discountApplied: boolean },
  prices: PriceList,
): OrderPrice {
  const original = packagePrice(input.quantity, prices)
  const list = listPrice(input.quantity, prices)
  const delivery = deliveryFee(input.deliveryMethod, original, prices)
  const discount = input.discountApplied ? discountAmount(original) : 0
  return {
    originalPrice: original,
    listPrice: list,
    savings: Math.max(0, list - original),
    deliveryFee: delivery,
    discountAmount: discount,
    totalPrice: original + delivery - discount,
  }
}

export type PackagePrice = { quantity: PackageQuantity; price: number; listPrice: number; savings: number }

/** The three packages as the cards show them. */
export const packagesAt = (prices: PriceList): PackagePrice[] =>
  PACKAGE_QUANTITIES.map((quantity) => ({
    quantity,
    price: packagePrice(quantity, prices),
    listPrice: listPrice(quantity, prices),
    savings: Math.max(0, listPrice(quantity, prices) - packagePrice(quantity, prices)),
  }))
