/**
 * The price rules, in one pure module: the order page shows them, the server stores them.
 * All amounts are whole US dollars.
 */

export const JAR_PRICE = 20
export const DELIVERY_FEE = 5
/** 25% of the package price, as a whole percentage so the arithmetic stays in integers. */
export const DISCOUNT_PERCENT = 25

export const PACKAGE_QUANTITIES = [1, 3, 6] as const
export type PackageQuantity = (typeof PACKAGE_QUANTITIES)[number]
export type DeliveryMethod = 'pickup' | 'delivery'

export function isPackageQuantity(value: unknown): value is PackageQuantity {
  return PACKAGE_QUANTITIES.includes(value as PackageQuantity)
}

/** 6 or more jars cost $100, 3 to 5 cost $50, otherwise $20 per jar. */
export function packagePrice(quantity: number): number {
  if (quantity >= 6) return 100
  if (quantity >= 3) return 50
  return JAR_PRICE * quantity
}

/** What the jars would cost one by one. */
export function listPrice(quantity: number): number {
  return JAR_PRICE * quantity
}

/** 25% of the package price, rounded half up to whole dollars ($50 → $13). Never on delivery. */
export function discountAmount(price: number): number {
  return Math.floor((price * DISCOUNT_PERCENT + 50) / 100)
}

export function deliveryFee(method: DeliveryMethod | '' | null | undefined): number {
  return method === 'delivery' ? DELIVERY_FEE : 0
}

export type OrderPrice = {
  originalPrice: number
  listPrice: number
  savings: number
  deliveryFee: number
  discountAmount: number
  totalPrice: number
}

export function priceOrder(input: {
  quantity: number
  deliveryMethod: DeliveryMethod | '' | null | undefined
  discountApplied: boolean
}): OrderPrice {
  const original = packagePrice(input.quantity)
  const list = listPrice(input.quantity)
  const delivery = deliveryFee(input.deliveryMethod)
  const discount = input.discountApplied ? discountAmount(original) : 0
  return {
    originalPrice: original,
    listPrice: list,
    savings: list - original,
    deliveryFee: delivery,
    discountAmount: discount,
    totalPrice: original + delivery - discount,
  }
}

/** The three packages as the cards show them. */
export const PACKAGES = PACKAGE_QUANTITIES.map((quantity) => ({
  quantity,
  price: packagePrice(quantity),
  listPrice: listPrice(quantity),
  savings: listPrice(quantity) - packagePrice(quantity),
}))
