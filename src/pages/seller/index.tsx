import type { GetServerSideProps, PageConfig } from 'next'

import { noticeFrom } from '@/features/seller/notices'
import { SELLER_PATHS } from '@/features/seller/paths'
import { sellerPageProps, type ProblemProps, type SellerPageProps, type TodayData } from '@/features/seller/screenData'
import { orProblemPage } from '@/features/seller/components/ProblemPage'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { SellerHead } from '@/features/seller/components/SellerHead'
import { TodayScreen } from '@/features/seller/components/TodayScreen'

// Rendered on the server only: the page sends no script of Next's (tests/e2e/sellerScript.e2e.spec.ts).
export const config: PageConfig = { unstable_runtimeJS: false }

type Props = SellerPageProps & TodayData & { notice: string | null }

export const getServerSideProps: GetServerSideProps<Props | ProblemProps> = (context) =>
  sellerPageProps<TodayData, { notice: string | null }>(context, '/api/seller/today', SELLER_PATHS.today, { notice: noticeFrom(context.query) })

function TodayPage({ screen, notice, businessName }: Props) {
  return (
    <>
      <SellerHead title="Today" businessName={businessName} />
      <SellerFrame current="today" newOrders={screen.newOrders} notice={notice}>
        <TodayScreen screen={screen} />
      </SellerFrame>
    </>
  )
}

export default orProblemPage(TodayPage)
