import type { Metadata } from 'next'

import { JsonLd } from '@/components/JsonLd'
import { PageHero } from '@/components/PageHero'
import { Section } from '@/components/Section'
import { getGlobal, getSiteSettings } from '@/cachedGlobals'
import { storefrontLabelFacts } from '@/features/admin/jarLabelRules'
import { flavorFactsJsonLd } from '@/features/content/structuredData'
import { getFlavorCards, getOpenWindows, getShop, type ShopNow } from '@/features/ordering/cachedReads'
import { NextBatchSignUp } from '@/features/discounts/components/NextBatchSignUp.client'
import { JoinLineForm, type LineFlavor } from '@/features/ordering/waitingLine/components/JoinLineForm.client'
import { joinFormText } from '@/features/ordering/waitingLine/rules'
import { FEW_JARS_LEFT, fitsInBatch, type FlavorOption, flavorsForSale, isSoldOut, type JarsLeft } from '@/features/ordering/catalog'
import { BatchOpening } from '@/features/ordering/components/BatchOpening'
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

/** "Only 3 Peach Ginger left", per flavor with few left; or "Only 5 jars left in this batch." */
function fewJarsLeft(flavors: readonly (FlavorOption & { left?: number })[], jarsLeft: JarsLeft): string[] {
  const perFlavor = flavors.filter((flavor) => flavor.available && flavor.left !== undefined && flavor.left <= FEW_JARS_LEFT)
  if (flavors.some((flavor) => flavor.left !== undefined)) return perFlavor.map((flavor) => `Only ${flavor.left} ${flavor.name} left`)
  return jarsLeft !== null && jarsLeft > 0 && jarsLeft <= FEW_JARS_LEFT ? [`Only ${jarsText(jarsLeft)} left in this batch.`] : []
}

/**
 * The flavors /order offers to wait for, while the seller has the waiting line on: those it shows
 * as sold out (every flavor, with "any flavor", when the batch is; else a flavor with none left in
 * a batch counted per flavor, or one the seller marked not available). None while the line is off,
 * nor on a site that keeps no batches (nothing there ever comes free).
 */
function flavorsToWaitFor(forSale: readonly FlavorOption[], shop: Pick<ShopNow, 'line' | 'keepsBatches'>, soldOut: boolean): LineFlavor[] {
  if (!shop.line.enabled || !shop.keepsBatches) return []
  return forSale.filter((flavor) => soldOut || !flavor.available).map(({ value, name }) => ({ value, name }))
}

/** The names in a Site settings list, blanks left out. */
const names = (items: readonly (string | null | undefined)[] | null | undefined): string[] =>
  (items ?? []).map((item) => item?.trim() ?? '').filter(Boolean)

/**
 * The order page, the same for every visitor and served from the page cache: the copy, the
 * business facts (delivery areas, payment methods), what is for sale (flavors, prices, this batch's
 * jars) and the pickup and delivery times open now all come from cached reads that a change expires.
 * A sold-out batch shows the seller's message and the e-mail sign-up instead of the form (to the
 * buyer of the last jar, the form shows their confirmation instead), and, while the seller has the
 * waiting line on, its join form (also under the order form for flavors sold out alone).
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
  const forSale = flavorsForSale(flavors, shop.flavorsLeft)
  const fewLeft = fewJarsLeft(forSale, jarsLeft)
  const lineFlavors = flavorsToWaitFor(forSale, shop, soldOut)
  // From the flavors already read for the cards: no query of their own.
  const facts = Object.fromEntries(flavors.map((flavor) => [flavor.value, storefrontLabelFacts(flavor.label)]))
  const factsJsonLd = flavorFactsJsonLd(
    settings,
    flavors.map((flavor) => ({ name: flavor.name, ...facts[flavor.value] })),
  )
  return (
    <>
      {factsJsonLd && <JsonLd data={factsJsonLd} />}
      <PageHero title={page.intro.title} description={page.intro.description} />
      <Section className="pt-4">
        {/* One tree whether sold out or not: the form stays mounted (and, without JavaScript, keeps
            its place for the posted answer) when the order that took the last jar reloads the page. */}
        {!soldOut && fewLeft.length > 0 && (
          <div role="status" className="mb-6 rounded-2xl bg-amber-50 px-5 py-4 text-lg font-semibold text-amber-900" data-testid="jars-left">
            {fewLeft.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
        {!soldOut && shop.freshness && (
          <p className="mb-6 text-plum-900/80" data-testid="batch-freshness">
            This batch: {shop.freshness}.
          </p>
        )}
        {!soldOut && <FlavorCards flavors={forSale} facts={facts} />}
        <OrderForm
          packages={packages}
          flavors={forSale.map(({ value, name, available, left }) => ({ value, name, available, left }))}
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
                <h2 className="text-2xl font-semibold">{shop.opensAt ? 'A new batch is coming' : 'Sold out'}</h2>
                {shop.opensAt && <BatchOpening opensAt={shop.opensAt} className="rounded-2xl bg-sea-50 px-5 py-4 text-lg text-sea-900" />}
                <p className="text-lg leading-8 text-plum-900/85">{shop.soldOutMessage}</p>
                <NextBatchSignUp />
                {lineFlavors.length > 0 && <JoinLineForm id="line-join" flavors={lineFlavors} anyFlavor holdHours={shop.line.holdHours} />}
              </div>
            ) : null
          }
        />
        {/* Some flavors sold out while others sell: the line for those, folded under the form. */}
        {!soldOut && lineFlavors.length > 0 && (
          <JoinLineForm
            id="line-join-flavor"
            flavors={lineFlavors}
            anyFlavor={false}
            holdHours={shop.line.holdHours}
            summary={joinFormText.soldOutFlavors(lineFlavors.map((flavor) => flavor.name))}
          />
        )}
      </Section>
    </>
  )
}
