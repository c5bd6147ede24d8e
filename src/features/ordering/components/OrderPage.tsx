import type { Metadata } from 'next'

import { PageHero } from '@/components/PageHero'
import { Section } from '@/components/Section'
import { getFlavorCards, getGlobal, getOpenWindows, getShop, getSiteSettings } from '@/features/content/content'
import { NextBatchSignUp } from '@/features/discounts/components/NextBatchSignUp.client'
import { FEW_JARS_LEFT, fitsInBatch, isSoldOut, type JarsLeft } from '@/features/ordering/catalog'
import { isPackageQuantity, PACKAGE_QUANTITIES, type PackageQuantity } from '@/features/ordering/pricing'

import { FlavorCards } from '@/features/ordering/components/FlavorCards'
import { OrderForm } from '@/features/ordering/components/OrderForm.client'
import { methodsWithWindows } from '@/features/ordering/windows'
import type { PackageOption } from '@/features/ordering/components/PackageOptions'
import { jarsText } from '@/features/ordering/wording'

export async function orderPageMetadata(): Promise<Metadata> {
  const page = await getGlobal('order-page')
  return { title: page.intro.title, description: page.intro.description, alternates: { canonical: '/order' } }
}

/**
 * The package a page starts with: `/order/3` (`/order?qty=3` from the home page's cards, rewritten
 * in next.config.mjs) chooses it; anything else means one jar. A package larger than what is left
 * of this batch gives way to the largest one that fits.
 */
function chosenQuantity(wanted: number, jarsLeft: JarsLeft): PackageQuantity {
  const quantity = isPackageQuantity(wanted) ? wanted : 1
  return fitsInBatch(quantity, jarsLeft) ? quantity : ([...PACKAGE_QUANTITIES].reverse().find((option) => fitsInBatch(option, jarsLeft)) ?? 1)
}

/** The names in a Site settings list, blanks left out. */
const names = (items: readonly (string | null | undefined)[] | null | undefined): string[] =>
  (items ?? []).map((item) => item?.trim() ?? '').filter(Boolean)

/**
 * The order page, the same for every visitor and served from the page cache: the copy, the
 * business facts (delivery areas, payment methods), what is for sale (flavors, prices, this batch's
 * jars) and the pickup and delivery times open now all come from cached reads that a change expires.
 * A sold-out batch shows the seller's message and the e-mail sign-up instead of the form (to the
 * buyer of the last jar, the form shows their confirmation instead).
 */
export async function OrderPage({ quantity }: { quantity: number }) {
  const [page, pricing, settings, flavors, shop, windows] = await Promise.all([
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
  const soldOut = isSoldOut(jarsLeft)
  return (
    <>
      <PageHero title={page.intro.title} description={page.intro.description} />
      <Section className="pt-4">
        {/* One tree whether sold out or not: the form stays mounted (and, without JavaScript, keeps
            its place for the posted answer) when the order that took the last jar reloads the page. */}
        {!soldOut && jarsLeft !== null && jarsLeft <= FEW_JARS_LEFT && (
          <p role="status" className="mb-6 rounded-2xl bg-amber-50 px-5 py-4 text-lg font-semibold text-amber-900" data-testid="jars-left">
            {`Only ${jarsText(jarsLeft)} left`} in this batch.
          </p>
        )}
        {!soldOut && <FlavorCards flavors={flavors} />}
        <OrderForm
          packages={packages}
          flavors={flavors.map(({ value, name, available }) => ({ value, name, available }))}
          prices={shop.prices}
          jarsLeft={jarsLeft}
          initialQuantity={chosenQuantity(quantity, jarsLeft)}
          deliveryAreas={names(settings.deliveryAreas?.map((area) => area.name))}
          paymentMethods={names(settings.paymentMethods?.map((payment) => payment.method))}
          windows={windows.open}
          windowMethods={methodsWithWindows(windows.rules)}
          soldOut={
            soldOut ? (
              <div className="card mx-auto max-w-xl space-y-5" data-testid="sold-out">
                <h2 className="text-2xl font-semibold">Sold out</h2>
                <p className="text-lg leading-8 text-plum-900/85">{shop.soldOutMessage}</p>
                <NextBatchSignUp />
              </div>
            ) : null
          }
        />
      </Section>
    </>
  )
}
