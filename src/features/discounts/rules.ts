/** The first-order discount's facts: shared by the sign-up, its e-mails and the order's pricing. */

/** 25% of the package price, as a whole percentage so the arithmetic stays in integers. */
export const DISCOUNT_PERCENT = 25

/** 25% of the package price, rounded half up to whole dollars ($50 → $13). Never on delivery. */
export function discountAmount(price: number): number {
  return Math.floor((price * DISCOUNT_PERCENT + 50) / 100)
}
