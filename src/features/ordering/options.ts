/** The choices of the order form, stored by value and shown by label. */

/**
 * The three flavors the shop opened with. Flavors are the seller's now (the `flavors` collection,
 * seeded from this list); orders from before then stored only these keys, and are shown by these names.
 */
export const LAUNCH_FLAVORS = [
  { value: 'mixed-berry', label: 'Mixed Berry' },
  { value: 'pineapple-mango', label: 'Pineapple Mango' },
  { value: 'peach-ginger', label: 'Peach Ginger' },
] as const

export const CITIES = [
  { value: 'detroit', label: 'Detroit' },
  { value: 'ann-arbor', label: 'Ann Arbor' },
  { value: 'other', label: 'Other' },
] as const

export const DELIVERY_METHODS = [
  { value: 'pickup', label: 'Pickup' },
  { value: 'delivery', label: 'Delivery' },
] as const

export const ORDER_STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'confirmed', label: 'Confirmed' },
  // Shown to customers as "Ready for pickup" or "Out for delivery".
  { value: 'ready', label: 'Ready' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const

/** How an order reached the seller: the form, entered by hand from a text, a message or a visit, or a refill plan. */
export const ORDER_SOURCES = [
  { value: 'online', label: 'Online' },
  { value: 'text', label: 'Text or call' },
  { value: 'social', label: 'Social message' },
  { value: 'in-person', label: 'In person' },
  // Made by the server from a customer's refill plan (features/refills).
  { value: 'refill-plan', label: 'Refill plan' },
] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]['value']

/** Whether the customer has paid: every order starts unpaid; the seller marks it paid. */
export const PAYMENT_STATUSES = [
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
] as const

/** How a customer paid, outside the site. */
export const PAYMENT_METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'venmo', label: 'Venmo' },
  { value: 'cashapp', label: 'Cash App' },
  { value: 'zelle', label: 'Zelle' },
  { value: 'other', label: 'Other' },
] as const

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value']
