import { notFound } from 'next/navigation'

import { noStaticParams } from '@/features/content/pages/pageRoute'
import { OrderPage, orderPageMetadata } from '@/features/content/pages/order'
import { PACKAGE_QUANTITIES } from '@/features/ordering/pricing'

// Rendered on its first request and cached, never at build time (see pageRoute).
export const dynamicParams = true
export const generateStaticParams = noStaticParams
// The pickup and delivery times open move with the clock (notice needed, times passing): the page
// is rendered again at most a minute after it was. Orders and the seller's edits expire it at once.
export const revalidate = 60

type Props = { params: Promise<{ rest?: string[] }> }

/** `/order` → 1, `/order/3` → 3 (`/order?qty=3`, rewritten in next.config.mjs); null: no such page. */
async function packageOf(params: Props['params']): Promise<number | null> {
  const { rest = [] } = await params
  if (rest.length === 0) return 1
  const quantity = Number(rest[0])
  return rest.length === 1 && (PACKAGE_QUANTITIES as readonly number[]).includes(quantity) ? quantity : null
}

// Not found only from the page (see pageRoute): the 404 page is then rendered into the HTML.
export async function generateMetadata({ params }: Props) {
  return (await packageOf(params)) === null ? {} : orderPageMetadata()
}

export default async function Page({ params }: Props) {
  const quantity = await packageOf(params)
  if (quantity === null) notFound()
  return <OrderPage quantity={quantity} />
}
