import type { Metadata } from 'next'

import { runNoticeFrom } from '@/features/delivery/notices'
import { findRunScreen } from '@/features/delivery/run'
import { RunScreen } from '@/features/seller/components/RunScreen'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { countNewOrders } from '@/features/seller/dailyScreen'
import { noticeFrom } from '@/features/seller/notices'
import { RUN_KEY, runPath } from '@/features/seller/paths'
import { sellerOnPage } from '@/features/seller/session'

export const metadata: Metadata = { title: 'Run' }

/** A delivery run on the phone, for the admin signed in: its stops in driving order, Leaving, each handover; the notice of the last tap. */
export default async function RunPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams
  const asked = typeof query.run === 'string' && RUN_KEY.test(query.run) ? query.run : null
  const { payload } = await sellerOnPage(runPath(asked ?? undefined))
  const [screen, newOrders] = await Promise.all([findRunScreen(payload, asked), countNewOrders(payload)])
  return (
    <SellerFrame current="run" newOrders={newOrders} notice={noticeFrom(query) ?? runNoticeFrom(query)} run={screen.settings.enabled}>
      <RunScreen screen={screen} />
    </SellerFrame>
  )
}
