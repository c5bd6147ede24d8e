import type { Metadata } from 'next'

import { PageHero } from '@/components/PageHero'
import { getGlobal, getSiteSettings } from '@/features/content/content'
import { isPackageQuantity, PACKAGES, type PackageQuantity } from '@/features/ordering/pricing'

import { OrderForm } from '@/features/ordering/components/OrderForm.client'
import type { PackageOption } from '@/features/ordering/components/PackageOptions'
import { jarsText } from '@/features/ordering/wording'

type Props = { searchParams: Promise<{ qty?: string | string[] }> }

/** Rendered per request (it reads the query); never at build time, when there is no database. */
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const page = await getGlobal('order-page')
  return { title: page.intro.title, description: page.intro.description, alternates: { canonical: '/order' } }
}

/** `?qty=3` from the home page's cards chooses the package; anything else means one jar. */
function chosenQuantity(qty: string | string[] | undefined): PackageQuantity {
  const quantity = Number(Array.isArray(qty) ? qty[0] : qty)
  return isPackageQuantity(quantity) ? quantity : 1
}

/** The names in a Site settings list, blanks left out. */
const names = (items: readonly (string | null | undefined)[] | null | undefined): string[] =>
  (items ?? []).map((item) => item?.trim() ?? '').filter(Boolean)

/** The copy and the business facts (delivery areas, payment methods) come from the cached globals. */
export default async function OrderPage({ searchParams }: Props) {
  const [{ qty }, page, pricing, settings] = await Promise.all([searchParams, getGlobal('order-page'), getGlobal('pricing'), getSiteSettings()])
  const packages: PackageOption[] = PACKAGES.map((pkg, index) => ({
    ...pkg,
    title: pricing.packages?.[index]?.title ?? jarsText(pkg.quantity),
    badge: pricing.packages?.[index]?.badge ?? null,
  }))
  return (
    <>
      <PageHero title={page.intro.title} description={page.intro.description} />
      <section className="section pt-4">
        <div className="container-page">
          <OrderForm
            packages={packages}
            initialQuantity={chosenQuantity(qty)}
            deliveryAreas={names(settings.deliveryAreas?.map((area) => area.name))}
            paymentMethods={names(settings.paymentMethods?.map((payment) => payment.method))}
          />
        </div>
      </section>
    </>
  )
}
