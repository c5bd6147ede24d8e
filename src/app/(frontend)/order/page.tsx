import type { Metadata } from 'next'

import { PageHero } from '@/components/PageHero'
import { getFlavorCards, getGlobal, getOpenWindows, getShop, getSiteSettings } from '@/features/content/content'
import { NextBatchSignUp } from '@/features/discounts/components/NextBatchSignUp.client'
import { FEW_JARS_LEFT, fitsInBatch, isSoldOut, type FlavorOption, type JarsLeft } from '@/features/ordering/catalog'
import { flavorField, MAX_JARS } from '@/features/ordering/schema'
import { isPackageQuantity, PACKAGE_QUANTITIES, type PackageQuantity } from '@/features/ordering/pricing'

import { FlavorCards } from '@/features/ordering/components/FlavorCards'
import { OrderForm } from '@/features/ordering/components/OrderForm.client'
import { methodsWithWindows } from '@/features/ordering/windows'
import type { PackageOption } from '@/features/ordering/components/PackageOptions'
import { jarsText } from '@/features/ordering/wording'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/** Rendered per request (it reads the query); never at build time, when there is no database. */
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const page = await getGlobal('order-page')
  return { title: page.intro.title, description: page.intro.description, alternates: { canonical: '/order' } }
}

/**
 * `?qty=3` from the home page's cards chooses the package; anything else means one jar. A package
 * larger than what is left of this batch gives way to the largest one that fits.
 */
function chosenQuantity(qty: string | string[] | undefined, jarsLeft: JarsLeft): PackageQuantity {
  const quantity = Number(Array.isArray(qty) ? qty[0] : qty)
  const wanted = isPackageQuantity(quantity) ? quantity : 1
  return fitsInBatch(wanted, jarsLeft) ? wanted : ([...PACKAGE_QUANTITIES].reverse().find((option) => fitsInBatch(option, jarsLeft)) ?? 1)
}

/** `?flavor1=mixed-berry&…` from a refill reminder's link: each jar's flavor, when it is still on offer. */
function chosenFlavors(query: Record<string, string | string[] | undefined>, flavors: readonly FlavorOption[]): string[] {
  const available = new Set(flavors.filter((flavor) => flavor.available).map((flavor) => flavor.value))
  return Array.from({ length: MAX_JARS }, (_, index) => {
    const value = query[flavorField(index + 1)]
    const key = Array.isArray(value) ? value[0] : value
    return key && available.has(key) ? key : ''
  })
}

/** The names in a Site settings list, blanks left out. */
const names = (items: readonly (string | null | undefined)[] | null | undefined): string[] =>
  (items ?? []).map((item) => item?.trim() ?? '').filter(Boolean)

/**
 * The copy, the business facts (delivery areas, payment methods) and what is for sale (flavors,
 * prices, this batch's jars) come from the cached globals and collections; the pickup and delivery
 * times open now are read for each request. A sold-out batch shows
 * the seller's message and the e-mail sign-up instead of the form.
 */
export default async function OrderPage({ searchParams }: Props) {
  const [query, page, pricing, settings, flavors, shop, windows] = await Promise.all([
    searchParams,
    getGlobal('order-page'),
    getGlobal('pricing'),
    getSiteSettings(),
    getFlavorCards(),
    getShop(),
    getOpenWindows(),
  ])
  const packages: PackageOption[] = PACKAGE_QUANTITIES.map((quantity, index) => ({
    quantity,
    title: pricing.packages?.[index]?.title ?? jarsText(quantity),
    badge: pricing.packages?.[index]?.badge ?? null,
  }))
  const { jarsLeft } = shop
  return (
    <>
      <PageHero title={page.intro.title} description={page.intro.description} />
      <section className="section pt-4">
        <div className="container-page">
          {isSoldOut(jarsLeft) ? (
            <div className="card mx-auto max-w-xl space-y-5" data-testid="sold-out">
              <h2 className="text-2xl font-semibold">Sold out</h2>
              <p className="text-lg leading-8 text-plum-900/85">{shop.soldOutMessage}</p>
              <NextBatchSignUp />
            </div>
          ) : (
            <>
              {jarsLeft !== null && jarsLeft <= FEW_JARS_LEFT && (
                <p role="status" className="mb-6 rounded-2xl bg-amber-50 px-5 py-4 text-lg font-semibold text-amber-900" data-testid="jars-left">
                  {`Only ${jarsText(jarsLeft)} left`} in this batch.
                </p>
              )}
              <FlavorCards flavors={flavors} />
              <OrderForm
                packages={packages}
                flavors={flavors.map(({ value, name, available }) => ({ value, name, available }))}
                prices={shop.prices}
                jarsLeft={jarsLeft}
                initialQuantity={chosenQuantity(query.qty, jarsLeft)}
                initialFlavors={chosenFlavors(query, flavors)}
                deliveryAreas={names(settings.deliveryAreas?.map((area) => area.name))}
                paymentMethods={names(settings.paymentMethods?.map((payment) => payment.method))}
                windows={windows.open}
                windowMethods={methodsWithWindows(windows.rules)}
              />
            </>
          )}
        </div>
      </section>
    </>
  )
}
