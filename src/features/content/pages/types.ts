import type { Metadata } from 'next'
import type { ReactNode } from 'react'

/** A content page: routed by `pageRoute` (pageRoute.ts). */
export type ContentPage = {
  metadata: () => Promise<Metadata>
  render: () => Promise<ReactNode>
}

/**
 * A content page listed over numbered pages (routed by `pagedPageRoute`): each call gets the page
 * number, 1 for the first, and answers null for a page that does not exist.
 */
export type PagedContentPage = {
  metadata: (page: number) => Promise<Metadata | null>
  render: (page: number) => Promise<ReactNode | null>
}
