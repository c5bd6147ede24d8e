import type { GetServerSideProps, PageConfig } from 'next'

import { noticeFrom } from '@/features/seller/notices'
import { newOrdersPath } from '@/features/seller/paths'
import { type NewOrdersData, sellerPageProps, type ProblemProps, type SellerPageProps } from '@/features/seller/screenData'
import { NewOrdersScreen } from '@/features/seller/components/NewOrdersScreen'
import { orProblemPage } from '@/features/seller/components/ProblemPage'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { SellerHead } from '@/features/seller/components/SellerHead'

// Rendered on the server only: the page sends no script of Next's (tests/e2e/sellerScript.e2e.spec.ts).
export const config: PageConfig = { unstable_runtimeJS: false }

type Props = SellerPageProps & NewOrdersData & { notice: string | null }

/** `?page=2`…: a page number, or the first page for anything else (the endpoint reads it alike). */
const pageNumber = (value: unknown) => (typeof value === 'string' && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 1)

export const getServerSideProps: GetServerSideProps<Props | ProblemProps> = (context) =>
  sellerPageProps<NewOrdersData, { notice: string | null }>(context, '/api/seller/new', newOrdersPath(pageNumber(context.query.page)), { notice: noticeFrom(context.query) })

function NewOrdersPage({ list, notice, businessName }: Props) {
  return (
    <>
      <SellerHead title="New orders" businessName={businessName} />
      <SellerFrame current="new" newOrders={list.totalOrders} notice={notice}>
        <NewOrdersScreen list={list} />
      </SellerFrame>
    </>
  )
}

export default orProblemPage(NewOrdersPage)
