import type { Metadata } from 'next'
import type { ReactNode } from 'react'

/** A content page served by the cached catch-all route. */
export type ContentPage = {
  metadata: () => Promise<Metadata>
  render: () => Promise<ReactNode>
}
