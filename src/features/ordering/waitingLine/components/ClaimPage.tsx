import 'server-only'

import type { ReactNode } from 'react'

import { PageHero } from '@/components/PageHero'
import { Section } from '@/components/Section'
import { getGlobal, getSiteSettings } from '@/cachedGlobals'
import { getPayloadClient } from '@/payloadClient'
import { flavorsForSale } from '@/features/ordering/catalog'
import { getFlavorCards, getOpenWindows, getShop } from '@/features/ordering/cachedReads'
import { OrderForm } from '@/features/ordering/components/OrderForm.client'
import type { PackageOption } from '@/features/ordering/components/PackageOptions'
import { CLAIM_FIELD, MAX_JARS } from '@/features/ordering/formFields'
import { isPackageQuantity, PACKAGE_QUANTITIES } from '@/features/ordering/pricing'
import { methodsWithWindows } from '@/features/ordering/windows'
import { jarsText } from '@/features/ordering/wording'
import { WAITING_LINE_PATHS } from '@/features/messages/signedLinks'
import type { Message } from '@/shared/notices'

import { heldJarsOf, placeOfLink } from '../line'
import { lineNotices, placeState, withHeldJars } from '../rules'

/** The names in a Site settings list, blanks left out. */
const names = (items: readonly (string | null | undefined)[] | null | undefined): string[] => (items ?? []).map((item) => item?.trim() ?? '').filter(Boolean)

/**
 * `/order/claim?place=<key>`, an offer e-mail's "Order them here" link: while the hold runs, the
 * order form filled in with the held jars (package and flavors), carrying the key in `CLAIM_FIELD`;
 * the visitor chooses the time and method and may take fewer. Otherwise why not (ordered already,
 * passed on, the hold's time over, a link not ours) and the way to /order. Rendered per request and
 * only read: the order's post claims (and, for a hold that ran out, passes the jars on), never a
 * view, which mail scanners make too.
 */
export async function ClaimPage({ placeKey, now = new Date() }: { placeKey: string; now?: Date }) {
  const payload = await getPayloadClient()
  const place = await placeOfLink(payload, placeKey)
  const [pricing, settings, flavorCards, shop, windows] = await Promise.all([getGlobal('pricing'), getSiteSettings(), getFlavorCards(), getShop(), getOpenWindows()])
  const held = place ? heldJarsOf(place) : []
  const refused: Message | null = placeState(place) ?? (!place?.holdUntil || new Date(place.holdUntil) <= now || held.length === 0 ? lineNotices.holdRanOut(place?.holdUntil ?? now.toISOString()) : null)

  const forSale = flavorsForSale(flavorCards, shop.flavorsLeft).map(({ value, name, available, left }) => ({ value, name, available, left }))
  const offered = withHeldJars(forSale, shop.jarsLeft, held)
  const heldNames = [...new Set(held.filter(Boolean))].map((value) => flavorCards.find((flavor) => flavor.value === value)?.name ?? value)
  const packages: PackageOption[] = PACKAGE_QUANTITIES.map((quantity, index) => ({
    quantity,
    title: pricing.packages?.[index]?.title ?? jarsText(quantity),
    badge: pricing.packages?.[index]?.badge ?? null,
  }))
  const banner = !refused && place?.holdUntil ? lineNotices.heldForYou(held.length, heldNames, place.holdUntil) : null

  return (
    <>
      <PageHero title="Your Held Jars" />
      <Section className="pt-4">
        {banner && (
          // Gone once the form shows the order's confirmation (with JavaScript the page stays as it was).
          <div role="status" className="mb-8 rounded-2xl bg-sea-50 px-5 py-4 text-sea-900 [body:has(#order-confirmation-title)_&]:hidden" data-testid="claim-held">
            <p className="text-lg font-semibold">{banner.title}</p>
            <p className="mt-1 text-lg">{banner.description}</p>
            <p className="mt-1">{lineNotices.claimHow}</p>
          </div>
        )}
        {/* One tree whether the hold runs or not: without JavaScript, the order that claims the jars
            comes back to this page, where the place is now ordered, and the form shows its confirmation. */}
        <OrderForm
          page={`${WAITING_LINE_PATHS.claim}?${new URLSearchParams({ place: placeKey })}` as `/${string}`}
          packages={packages}
          flavors={offered.flavors}
          prices={shop.prices}
          jarsLeft={offered.jarsLeft}
          initialQuantity={isPackageQuantity(held.length) ? held.length : 1}
          initialFlavors={Array.from({ length: MAX_JARS }, (_, index) => held[index] ?? '')}
          hiddenFields={{ [CLAIM_FIELD]: placeKey }}
          oneOrder
          deliveryAreas={names(settings.deliveryAreas?.map((area) => area.name))}
          paymentMethods={names(settings.paymentMethods?.map((payment) => payment.method))}
          windows={windows.open}
          windowMethods={methodsWithWindows(windows.rules)}
          soldOut={refused ? <ClaimRefused message={refused} /> : null}
        />
      </Section>
    </>
  )
}

function ClaimRefused({ message }: { message: Message }): ReactNode {
  return (
    <div className="card mx-auto max-w-xl space-y-5" data-testid="claim-refused">
      <h2 className="text-2xl font-semibold">{message.title}</h2>
      <p className="text-lg leading-8 text-plum-900/85">{message.description}</p>
      <a href="/order" className="btn-primary inline-block">
        See what is for sale
      </a>
    </div>
  )
}
