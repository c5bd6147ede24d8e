import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import type { ContentPage } from './types'

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

/** No page is rendered at build time. */
export function noStaticParams(): { rest?: string[] }[] {
  return []
}
