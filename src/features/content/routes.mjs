// Plain JavaScript (with JSDoc types): next.config.mjs reads it in Node, without a compiler, to send
// every unknown address to the one 404 page.

/**
 * The site's public pages, in navigation order: the header and footer menus (the footer leaves out
 * /reviews), the sitemap and the list of known paths (anything else is a 404) all read this list.
 * Adding a page: its module, its route file `app/(frontend)/<path>/[[...rest]]/page.tsx` (see
 * `pages/pageRoute.ts`), and an entry here; see docs/ARCHITECTURE.md.
 */
export const NAV_ROUTES = /** @type {const} */ ([
  { href: '/', label: 'Home' },
  { href: '/benefits', label: 'Benefits' },
  { href: '/about', label: 'About' },
  { href: '/reviews', label: 'Reviews' },
  { href: '/order', label: 'Order' },
  { href: '/faq', label: 'FAQ' },
  { href: '/contact', label: 'Contact' },
])

/** The one path unknown addresses are rendered as, so the page cache holds a single 404 page. */
export const NOT_FOUND_PATH = '/not-found'

/** The order page for a package (`/order?qty=3` from the price cards), cached once per package. */
export const orderPackagePath = (/** @type {number} */ quantity) => `/order/${quantity}`

/**
 * The pages listed over numbered pages: `/reviews` is the first, `/reviews/page/2` the next. At
 * most six digits, so a made-up page number never reaches the database as an absurd offset.
 */
const PAGED_ROUTES = ['/reviews']
const LATER_PAGE_NUMBER = '[1-9][0-9]{0,5}'

/** A page's address: the list's own path for the first page. */
export const pagedPath = (/** @type {string} */ path, /** @type {number} */ page) => (page <= 1 ? path : `${path}/page/${page}`)

/**
 * The page number the segments under a paged route name: 1 for none, the number for
 * `page/<n>` with n ≥ 2 (page 1 has one address only, the list's own), otherwise null.
 *
 * @param {string[] | undefined} segments
 * @returns {number | null}
 */
export function pageNumberFrom(segments) {
  if (!segments?.length) return 1
  const [word, number, ...rest] = segments
  if (word !== 'page' || rest.length || !new RegExp(`^${LATER_PAGE_NUMBER}$`).test(number ?? '')) return null
  const page = Number(number)
  return page >= 2 ? page : null
}

/** Every other path the site answers. */
const OTHER_PATHS = [NOT_FOUND_PATH, '/not-found-log.js', '/icon.svg', '/og-image.png', '/robots.txt', '/sitemap.xml', '/unsubscribe', '/unsubscribe/confirm', '/recall-notice', '/recall-notice/confirm', '/order/claim', '/waiting-line', '/waiting-line/decline', '/api', '/admin', '/seller']

/** Everything under these belongs to Next, Payload's REST API and admin, the seller's daily screen, and customers' order and refill plan pages. */
const PREFIXES = ['/_next/', '/api/', '/admin/', '/seller/', '/order/status/', '/refills/']

const escapeRegExp = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The rewrites (next.config.mjs) that answer any unknown address with the 404 page, logged in the
 * visitor's browser console by the page itself. A rewrite is matched by Next's router at no cost
 * per request, where a proxy (middleware) here halved the throughput of every cached page; and
 * without it the cached catch-all routes would store a copy of the 404 page for each made-up
 * address a bot tries. `/order?qty=3` is served as `/order/3`, so each package's page is cached.
 *
 * @param {readonly number[]} packageQuantities
 * @returns {{ source: string, destination: string, has?: { type: 'query', key: string, value: string }[] }[]}
 */
export function routingRewrites(packageQuantities) {
  const exact = [...NAV_ROUTES.map((route) => route.href), ...OTHER_PATHS, ...packageQuantities.map(orderPackagePath)]
  const known = [
    ...exact.map((path) => `${escapeRegExp(path.slice(1))}$`),
    ...PAGED_ROUTES.map((path) => `${escapeRegExp(path.slice(1))}/page/${LATER_PAGE_NUMBER}$`),
  ]
  const under = PREFIXES.map((prefix) => escapeRegExp(prefix.slice(1)))
  return [
    ...packageQuantities.map((quantity) => ({
      source: '/order',
      has: [{ type: /** @type {const} */ ('query'), key: 'qty', value: String(quantity) }],
      destination: orderPackagePath(quantity),
    })),
    { source: `/:path((?!${[...known, ...under].join('|')}).*)`, destination: NOT_FOUND_PATH },
  ]
}
