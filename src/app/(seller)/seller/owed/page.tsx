import type { Metadata } from 'next'

import { OwedScreen } from '@/features/seller/components/OwedScreen'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { countNewOrders, deliveryRunsOn } from '@/features/seller/dailyScreen'
import { noticeFrom } from '@/features/seller/notices'
import { findOwedPage } from '@/features/seller/owed'
import { owedPath, pageNumberFrom } from '@/features/seller/paths'
import { sellerOnPage } from '@/features/seller/session'

export const metadata: Metadata = { title: 'Owed' }

/** The orders that owe money, a page at a time, for the admin signed in; the notice of the last Mark paid. */
export default async function OwedOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams
  const page = pageNumberFrom(query.page)
  const { payload } = await sellerOnPage(owedPath(page))
  const [list, newOrders] = await Promise.all([findOwedPage(payload, page), countNewOrders(payload)])
  return (
    <SellerFrame current="owed" newOrders={newOrders} run={await deliveryRunsOn(payload)} owed={list.owed.total} notice={noticeFrom(query)}>
      <OwedScreen list={list} />
    </SellerFrame>
  )
}
