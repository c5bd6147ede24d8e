import type { Metadata } from 'next'

import { findTodayScreen } from '@/features/seller/dailyScreen'
import { noticeFrom } from '@/features/seller/notices'
import { SELLER_PATHS } from '@/features/seller/paths'
import { sellerForPage } from '@/features/seller/session'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { TodayScreen } from '@/features/seller/components/TodayScreen'
import { getPayloadClient } from '@/platform/db/payloadClient'

export const metadata: Metadata = { title: 'Today' }

export default async function TodayPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const payload = await getPayloadClient()
  await sellerForPage(payload, SELLER_PATHS.today)
  const screen = await findTodayScreen(payload)
  return (
    <SellerFrame current="today" newOrders={screen.newOrders} notice={noticeFrom(await searchParams)}>
      <TodayScreen screen={screen} />
    </SellerFrame>
  )
}
