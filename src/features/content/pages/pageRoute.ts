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
  const onlyThePage = async (params: Props['params']) => {
    if ((await params).rest?.length) notFound()
  }
  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      await onlyThePage(params)
      return { ...(await page.metadata()), alternates: { canonical: path } }
    },
    async Page({ params }: Props) {
      await onlyThePage(params)
      return page.render()
    },
  }
}

/** No page is rendered at build time. */
export function noStaticParams(): { rest?: string[] }[] {
  return []
}
