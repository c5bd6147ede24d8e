import type { Metadata } from 'next'

import { DeclinePage } from '@/features/ordering/waitingLine/components/DeclinePage'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

// Per visitor and per moment (a hold runs out): rendered for each request, never cached.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'No thanks',
  robots: { index: false, follow: false },
  // same-origin, not no-referrer: the key stays on this site, and its posts carry their Origin (no-referrer sends "null").
  referrer: 'same-origin',
}

/** An offer e-mail's "No thanks" link (`WAITING_LINE_PATHS.decline`). */
export default async function Page({ searchParams }: Props) {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(await searchParams)) {
    const first = Array.isArray(value) ? value[0] : value
    if (first !== undefined) query.set(name, first)
  }
  return <DeclinePage query={query} />
}
