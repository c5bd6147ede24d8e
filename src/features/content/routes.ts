/**
 * The site's public pages, in navigation order: the header and footer menus (the footer leaves out
 * /reviews), the sitemap and the proxy's list of known paths (anything else is a 404) all read
 * this list. Adding a page: its module, its route file `app/(frontend)/<path>/[[...rest]]/page.tsx`
 * (see `pages/pageRoute.ts`), and an entry here; see docs/ARCHITECTURE.md.
 */
export const NAV_ROUTES = [
  { href: '/', label: 'Home' },
  { href: '/benefits', label: 'Benefits' },
  { href: '/about', label: 'About' },
  { href: '/reviews', label: 'Reviews' },
  { href: '/order', label: 'Order' },
  { href: '/faq', label: 'FAQ' },
  { href: '/contact', label: 'Contact' },
] as const
