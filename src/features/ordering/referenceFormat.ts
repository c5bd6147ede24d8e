/** How the shop writes an order's reference: "SM-" and its number ("SM-1042"). */
const PREFIX = 'SM-'

export const orderReference = (orderNumber: number) => `${PREFIX}${orderNumber}`

/** A whole order reference as `orderReference` writes them, and nothing else (read in one pass). */
export const WHOLE_ORDER_REFERENCE = new RegExp(`^${PREFIX}\\d{1,9}$`)
