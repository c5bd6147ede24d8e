import type { Metadata } from 'next'

import { findCustomers } from '@/features/admin/customers'
import { countNewOrders } from '@/features/seller/dailyScreen'
import { customersPath } from '@/features/seller/paths'
import { sellerForPage } from '@/features/seller/session'
import { CustomersScreen } from '@/features/seller/components/CustomersScreen'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { getPayloadClient } from '@/platform/db/payloadClient'

export const metadata: Metadata = { title: 'Customers' }

const pageNumber = (value: unknown) => (typeof value === 'string' && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 1)

export default async function CustomersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams
  const search = typeof query.q === 'string' ? query.q.trim().slice(0, 100) : ''
  const payload = await getPayloadClient()
  const user = await sellerForPage(payload, customersPath(search, pageNumber(query.page)))
  const [list, newOrders] = await Promise.all([
    findCustomers({ payload, user }, { search, page: pageNumber(query.page) }),
    countNewOrders(payload),
  ])
  return (
    <SellerFrame current="customers" newOrders={newOrders} notice={null}>
      <CustomersScreen list={list} search={search} />
    </SellerFrame>
  )
}
