/** Cache tags: the site's cached reads carry them and the admin's hooks revalidate them. */
export const CACHE_TAGS = {
  faqs: 'faqs',
  flavors: 'flavors',
  reviews: 'reviews',
  /** The pickup and delivery times open on the order page (places left change with orders). */
  openWindows: 'open-windows',
  global: (slug: string) => `global:${slug}`,
} as const
