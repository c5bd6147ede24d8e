import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { pageNumberFrom, pagedPath } from '@/features/content/routes.mjs'

import type { ContentPage, PagedContentPage } from './types'

type Props = { params: Promise<{ rest?: string[] }> }

/**
 * The one way a content page is routed: `app/(frontend)/<path>/[[...rest]]/page.tsx` hands its
 * page to this. The optional catch-all with no static params is what keeps the build away from the
 * database: Next renders the page on its first request (not at build time, when there is no
 * database), caches it, and renders it again only when a seller's edit expires its cache tags.
 * Anything below the page's own path (`/about/x`) is not found.
 */
export function pageRoute(page: ContentPage, path: string) {
  const isThePage = async (params: Props['params']) => !(await params).rest?.length
  return {
    // Never `notFound()` here: thrown from the metadata, Next sends an empty page that only
    // JavaScript fills in; thrown from the page, the 404 page is rendered into the HTML.
    async generateMetadata({ params }: Props): Promise<Metadata> {
      if (!(await isThePage(params))) return {}
      return { ...(await page.metadata()), alternates: { canonical: path } }
    },
    async Page({ params }: Props) {
      if (!(await isThePage(params))) notFound()
      return page.render()
    },
  }
}

/**
 * `pageRoute` for a list over numbered pages: `<path>` is the first, `<path>/page/<n>` the later
 * ones (`routes.mjs`), each cached like any page and expired with the list's cache tag. Each page
 * is its own canonical address; the later ones ask search engines not to index them but to follow
 * their links: they repeat the first page's title and product, with older entries only. A page
 * past the last one is not found (a link to it is outdated; showing the last page there would give
 * one list two addresses).
 */
export function pagedPageRoute(page: PagedContentPage, path: string) {
  const pageNumber = async (params: Props['params']) => pageNumberFrom((await params).rest)
  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const number = await pageNumber(params)
      const metadata = number && (await page.metadata(number))
      if (!number || !metadata) return {}
      return {
        ...metadata,
        alternates: { canonical: pagedPath(path, number) },
        ...(number > 1 && { robots: { index: false, follow: true } }),
      }
    },
    async Page({ params }: Props) {
      const number = await pageNumber(params)
      const content = number && (await page.render(number))
      if (!content) notFound()
      return content
    },
  }
}

/** No page is rendered at build time. */
export function noStaticParams(): { rest?: string[] }[] {
  return []
}
