import type { Metadata } from 'next'
import type { ReactNode } from 'react'

/** A content page: served by the cached catch-all route, or by a route of its own (ownRoute.ts). */
export type ContentPage = {
  metadata: () => Promise<Metadata>
  render: () => Promise<ReactNode>
}
