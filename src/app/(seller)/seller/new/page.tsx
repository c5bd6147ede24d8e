import type { Metadata } from 'next'

import { findNewOrders } from '@/features/seller/dailyScreen'
import { noticeFrom } from '@/features/seller/notices'
import { newOrdersPath } from '@/features/seller/paths'
import { sellerForPage } from '@/features/seller/session'
import { NewOrdersScreen } from '@/features/seller/components/NewOrdersScreen'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { getPayloadClient } from '@/platform/db/payloadClient'

export const metadata: Metadata = { title: 'New orders' }

/** `?page=2`…: a page number, or the first page for anything else. */
const pageNumber = (value: unknown) => (typeof value === 'string' && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 1)

export default async function NewOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams
  const page = pageNumber(query.page)
  const payload = await getPayloadClient()
  const user = await sellerForPage(payload, newOrdersPath(page))
  const list = await findNewOrders(payload, user, page)
  return (
    <SellerFrame current="new" newOrders={list.totalOrders} notice={noticeFrom(query)}>
      <NewOrdersScreen list={list} />
    </SellerFrame>
  )
}
