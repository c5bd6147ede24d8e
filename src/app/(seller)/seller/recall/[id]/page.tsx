import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { findRecallRecord } from '@/features/recalls/recallRecords'
import { RECORD_ID } from '@/features/recalls/rules'
import { RecallRecordScreen } from '@/features/seller/components/RecallRecordScreen'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { countNewOrders, deliveryRunsOn } from '@/features/seller/dailyScreen'
import { SELLER_PATHS } from '@/features/seller/paths'
import { sellerOnPage } from '@/features/seller/session'

export const metadata: Metadata = { title: 'Recall record' }

/** A recall's record in short, for the admin signed in; after signing in, back to it. */
export default async function RecallRecordPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const { payload } = await sellerOnPage(SELLER_PATHS.recallRecord(id))
  const [record, newOrders] = await Promise.all([RECORD_ID.test(id) ? findRecallRecord(payload, id, 1, 'call') : null, countNewOrders(payload)])
  if (!record) notFound()
  return (
    <SellerFrame current="recall" newOrders={newOrders} run={await deliveryRunsOn(payload)} notice={null}>
      <RecallRecordScreen record={record} />
    </SellerFrame>
  )
}
