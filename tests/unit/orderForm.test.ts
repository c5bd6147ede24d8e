import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'

import { OrderForm } from '@/features/ordering/components/OrderForm.client'
import { DEFAULT_PRICES, PACKAGE_QUANTITIES, type PackageQuantity } from '@/features/ordering/pricing'
import type { WindowChoice } from '@/features/ordering/windows'

import { launchFlavors, pickupWindow } from '../helpers/orders'

// The server actions are not called while rendering; keep Payload out of this unit test.
vi.mock('@/features/ordering/actions', () => ({ placeOrder: vi.fn(), checkDiscount: vi.fn() }))

const packages = PACKAGE_QUANTITIES.map((quantity) => ({ quantity, title: `${quantity}-jar pack`, badge: null }))
const twoPlacesLeft = pickupWindow(2)
const render = (initialQuantity: PackageQuantity, windows: WindowChoice[] = [twoPlacesLeft]) =>
  renderToString(
    createElement(OrderForm, {
      packages,
      flavors: launchFlavors,
      prices: DEFAULT_PRICES,
      jarsLeft: null,
      initialQuantity,
      deliveryAreas: ['Metro Detroit'],
      paymentMethods: ['Cash'],
      windows,
      windowMethods: windows.length ? ['pickup'] : [],
    }),
  )

describe('the order form as the server renders it (also what a browser without JavaScript gets)', () => {
  const html = render(3)

  it('labels every control', () => {
    const ids = [...html.matchAll(/<(?:input|select|textarea)\b[^>]*\bid="([^"]+)"/g)].map((match) => match[1])
    expect(ids.length).toBeGreaterThan(15)
    for (const id of ids) {
      expect(html.includes(`for="${id}"`) || html.includes(`aria-labelledby="${id}-name"`), `label for #${id}`).toBe(true)
    }
    expect(html).toContain('<label for="order-consent">I agree to be contacted via SMS/email about my order.</label>')
  })

  it('groups the radios in fieldsets with legends', () => {
    expect(html).toMatch(/<fieldset><legend[^>]*>Choose your package<\/legend>/)
    expect(html).toMatch(/<fieldset><legend[^>]*>Pickup or delivery \*<\/legend>/)
    // The seller's pickup times, shown (by CSS) once pickup is chosen; delivery has none here.
    expect(html).toMatch(/<fieldset class="hidden [^"]*order-method-pickup:checked[^"]*"[^>]*><legend[^>]*>Pickup time \*<\/legend>/)
    expect(html).toContain('Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market')
    expect(html).toContain('2 places left')
    expect(html).not.toContain('Delivery time')
    expect(render(1, [])).not.toContain('Pickup time')
  })

  it('starts with the chosen package, no delivery method, no discount and the package total', () => {
    expect(html).toMatch(/id="order-qty-3"[^>]*name="quantity" checked=""/)
    expect(html).not.toMatch(/name="deliveryMethod"[^>]*checked/)
    expect(html).toContain('<input type="hidden" name="appliedDiscountCode" value=""/>')
    expect(html).toMatch(/data-testid="order-total">\$(<!-- -->)?50</)
    expect(render(1)).toMatch(/id="order-qty-1"[^>]*name="quantity" checked=""/)
  })

  it('posts Apply as its own intent, and Enter places the order, when no script runs', () => {
    expect(html).toMatch(/<button type="submit" value="apply-discount"[^>]*name="intent">Apply<\/button>/)
    // The first submit button decides what Enter does: a hidden "Place Order" comes first.
    expect(html.indexOf('Place Order')).toBeLessThan(html.indexOf('>Apply<'))
  })
})
