import type { Metadata } from 'next'

import { ClaimPage } from '@/features/ordering/waitingLine/components/ClaimPage'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

// Per visitor and per moment (a hold runs out): rendered for each request, never cached.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Your held jars',
  robots: { index: false, follow: false },
  // same-origin, not no-referrer: the key stays on this site, and its posts carry their Origin (no-referrer sends "null").
  referrer: 'same-origin',
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/** An offer e-mail's "Order them here" link (`WAITING_LINE_PATHS.claim`); a static segment, so it wins over `order/[[...rest]]`. */
export default async function Page({ searchParams }: Props) {
  return <ClaimPage placeKey={one((await searchParams).place)} />
}
