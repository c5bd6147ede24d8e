import type { Metadata } from 'next'

import { CustomersScreen } from '@/features/seller/components/CustomersScreen'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { countNewOrders, deliveryRunsOn, findCustomersScreen } from '@/features/seller/dailyScreen'
import { customersPath, pageNumberFrom, searchFrom } from '@/features/seller/paths'
import { sellerOnPage } from '@/features/seller/session'

export const metadata: Metadata = { title: 'Customers' }

/** The customer search, for the admin signed in; after signing in, back to the same search. */
export default async function CustomersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams
  const search = searchFrom(query.q)
  const page = pageNumberFrom(query.page)
  const { payload, user } = await sellerOnPage(customersPath(search, page))
  const [list, newOrders] = await Promise.all([findCustomersScreen(payload, user, search, page), countNewOrders(payload)])
  return (
    <SellerFrame current="customers" newOrders={newOrders} run={await deliveryRunsOn(payload)} notice={null}>
      <CustomersScreen list={list} search={search} />
    </SellerFrame>
  )
}
