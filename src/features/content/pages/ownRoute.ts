import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import type { ContentPage } from './types'

type Props = { params: Promise<{ rest?: string[] }> }

/**
 * A content page with a form gets a route of its own (`<path>/[[...rest]]`), so the form's script
 * loads on that page only. Like the catch-all, it renders on its first request, never at build
 * time, and stays cached until the seller's edit expires its tags.
 */
export function ownRoute(page: ContentPage, path: string) {
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
