/** Cache tags: the site's cached reads carry them and the admin's hooks revalidate them. */
export const CACHE_TAGS = {
  faqs: 'faqs',
  flavors: 'flavors',
  /** The batch open for orders and the next one announced (jars shown, opening times). */
  batches: 'batches',
  reviews: 'reviews',
  /** The pickup and delivery times open on the order page (places left change with orders). */
  openWindows: 'open-windows',
  global: (slug: string) => `global:${slug}`,
} as const
