import type { Metadata } from 'next'

import { findRecall, recallChoices } from '@/features/recalls/recallList'
import { refusalOf } from '@/features/recalls/recallRecords'
import { readRecallRequest, recallQuery } from '@/features/recalls/rules'
import { previewOf, RecallScreen } from '@/features/seller/components/RecallScreen'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { countNewOrders, deliveryRunsOn } from '@/features/seller/dailyScreen'
import { SELLER_PATHS } from '@/features/seller/paths'
import { sellerOnPage } from '@/features/seller/session'

export const metadata: Metadata = { title: 'Recall' }

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/** The recall, for the admin signed in; after signing in, back to the same recall. */
export default async function RecallPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams
  const request = readRecallRequest(query)
  const { payload } = await sellerOnPage(request.scope ? `${SELLER_PATHS.recall}?${recallQuery(request.scope, { sort: request.sort, page: request.page })}` : SELLER_PATHS.recall)
  const [choices, found, newOrders] = await Promise.all([recallChoices(payload), findRecall(payload, request), countNewOrders(payload)])
  const telling = one(query.step) === 'tell'
  const preview = telling && found && !('problem' in found) && found.totals.orders > 0 ? await previewOf(payload, found) : null
  return (
    <SellerFrame current="recall" newOrders={newOrders} run={await deliveryRunsOn(payload)} notice={null}>
      <RecallScreen request={request} choices={choices} found={found} refused={refusalOf(one(query.refused))} telling={telling} preview={preview} />
    </SellerFrame>
  )
}
