import type { Metadata } from 'next'
import type { ReactNode } from 'react'

/** A content page: routed by `pageRoute` (pageRoute.ts). */
export type ContentPage = {
  metadata: () => Promise<Metadata>
  render: () => Promise<ReactNode>
}
