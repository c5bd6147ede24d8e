import type { Metadata } from 'next'

import { NewOrdersScreen } from '@/features/seller/components/NewOrdersScreen'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { deliveryRunsOn, findNewOrders } from '@/features/seller/dailyScreen'
import { noticeFrom } from '@/features/seller/notices'
import { newOrdersPath, pageNumberFrom } from '@/features/seller/paths'
import { sellerOnPage } from '@/features/seller/session'

export const metadata: Metadata = { title: 'New orders' }

/** The orders waiting to be confirmed, a page at a time, for the admin signed in. */
export default async function NewOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams
  const page = pageNumberFrom(query.page)
  const { payload, user } = await sellerOnPage(newOrdersPath(page))
  const list = await findNewOrders(payload, user, page)
  return (
    <SellerFrame current="new" newOrders={list.totalOrders} run={await deliveryRunsOn(payload)} notice={noticeFrom(query)}>
      <NewOrdersScreen list={list} />
    </SellerFrame>
  )
}
