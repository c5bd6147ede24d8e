import type { Metadata } from 'next'

import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { TodayScreen } from '@/features/seller/components/TodayScreen'
import { findTodayScreen } from '@/features/seller/dailyScreen'
import { noticeFrom } from '@/features/seller/notices'
import { SELLER_PATHS } from '@/features/seller/paths'
import { sellerOnPage } from '@/features/seller/session'

export const metadata: Metadata = { title: 'Today' }

/** Today's and tomorrow's handovers, for the admin signed in; the notice of the last tap. */
export default async function TodayPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { payload } = await sellerOnPage(SELLER_PATHS.today)
  const screen = await findTodayScreen(payload)
  return (
    <SellerFrame current="today" newOrders={screen.newOrders} owed={screen.owed.total} run={screen.handovers} notice={noticeFrom(await searchParams)}>
      <TodayScreen screen={screen} />
    </SellerFrame>
  )
}
