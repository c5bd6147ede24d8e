/** Cache tags: the site's cached reads carry them and the admin's hooks revalidate them. */
export const CACHE_TAGS = {
  faqs: 'faqs',
  flavors: 'flavors',
  reviews: 'reviews',
  global: (slug: string) => `global:${slug}`,
} as const
