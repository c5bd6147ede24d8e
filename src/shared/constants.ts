/** Cache tags: the site's cached reads carry them and the admin's hooks revalidate them. */
export const CACHE_TAGS = {
  faqs: 'faqs',
  reviews: 'reviews',
  global: (slug: string) => `global:${slug}`,
} as const

/** The public routes, in navigation order (the footer leaves out /reviews). */
export const NAV_ROUTES = [
  { href: '/', label: 'Home' },
  { href: '/benefits', label: 'Benefits' },
  { href: '/about', label: 'About' },
  { href: '/reviews', label: 'Reviews' },
  { href: '/order', label: 'Order' },
  { href: '/faq', label: 'FAQ' },
  { href: '/contact', label: 'Contact' },
] as const

export const FLAVORS = [
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
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const

export const REVIEW_STATUSES = [
  { value: 'pending', label: 'Pending approval' },
  { value: 'published', label: 'Published' },
  { value: 'hidden', label: 'Hidden' },
] as const
