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
