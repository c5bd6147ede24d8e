import type { PageConfig } from 'next'

import { addOrderPageProps, type AddOrderData, type SellerPageProps } from '@/features/seller/screenData'
import { AddOrderScreen } from '@/features/seller/components/AddOrderScreen'
import { orProblemPage } from '@/features/seller/components/ProblemPage'
import { SellerFrame } from '@/features/seller/components/SellerFrame'
import { SellerHead } from '@/features/seller/components/SellerHead'

// Rendered on the server only: the page sends no script of Next's (tests/e2e/sellerScript.e2e.spec.ts).
export const config: PageConfig = { unstable_runtimeJS: false }

/** The form, and the form posted to this page. */
export const getServerSideProps = addOrderPageProps

/**
 * Add order on the phone: the admin's Add order fields and order service (the same prices, stock,
 * times and e-mails), in the daily screen's frame instead of the admin's, so a phone loads neither
 * the admin's script nor its styles. After a save, the New list says which order was added.
 */
function AddOrderPage({ form, refusal, submissionKey, newOrders, businessName }: AddOrderData & SellerPageProps) {
  return (
    <>
      <SellerHead title="Add order" businessName={businessName} />
      <SellerFrame current="new" newOrders={newOrders} notice={null}>
        <AddOrderScreen form={form} refusal={refusal} submissionKey={submissionKey} />
      </SellerFrame>
    </>
  )
}

export default orProblemPage(AddOrderPage)
