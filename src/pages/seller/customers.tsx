import type { GetServerSideProps, PageConfig } from 'next'

import { customersPath } from '@/features/seller/paths'
import { type CustomersData, sellerPageProps, type ProblemProps, type SellerPageProps } from '@/features/seller/screenData'
import { CustomersScreen } from '@/features/seller/components/CustomersScreen'
import { orProblemPage } from '@/features/seller/components/ProblemPage'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { SellerHead } from '@/features/seller/components/SellerHead'

// Rendered on the server only: the page sends no script of Next's (tests/e2e/sellerScript.e2e.spec.ts).
export const config: PageConfig = { unstable_runtimeJS: false }

type Props = SellerPageProps & CustomersData

/** After signing in, back to the same search (the endpoint reads the query itself). */
const backTo = ({ q, page }: Record<string, unknown>) => customersPath(typeof q === 'string' ? q.trim().slice(0, 100) : '', typeof page === 'string' && /^[1-9][0-9]{0,5}$/.test(page) ? Number(page) : 1)

export const getServerSideProps: GetServerSideProps<Props | ProblemProps> = (context) => sellerPageProps<CustomersData>(context, '/api/seller/customers', backTo(context.query))

function CustomersPage({ list, search, newOrders, businessName }: Props) {
  return (
    <>
      <SellerHead title="Customers" businessName={businessName} />
      <SellerFrame current="customers" newOrders={newOrders} notice={null}>
        <CustomersScreen list={list} search={search} />
      </SellerFrame>
    </>
  )
}

export default orProblemPage(CustomersPage)
