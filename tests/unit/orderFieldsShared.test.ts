import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'

import { AddOrderForm } from '@/features/admin/components/AddOrderForm.client'
import { OrderForm } from '@/features/ordering/components/OrderForm.client'
import { placesLeftText, WindowSelect } from '@/features/ordering/components/SharedFields'
import { DEFAULT_PRICES, PACKAGE_QUANTITIES, priceListKey } from '@/features/ordering/pricing'
import type { WindowChoice } from '@/features/ordering/windows'

import { launchFlavors } from '../helpers/orders'

// The server actions are not called while rendering; keep Payload out of this unit test.
vi.mock('@/features/ordering/actions', () => ({ placeOrder: vi.fn(), checkDiscount: vi.fn() }))
vi.mock('@/features/admin/manualOrderActions', () => ({ addOrderByHand: vi.fn() }))

const flavors = launchFlavors.map((flavor, index) => (index === 1 ? { ...flavor, available: false } : flavor))
const window: WindowChoice = {
  key: '2026-12-05_w1',
  method: 'pickup',
  startsAt: '2026-12-05T15:00:00.000Z',
  endsAt: '2026-12-05T19:00:00.000Z',
  place: 'Eastern Market',
  label: 'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market',
  capacity: 5,
  placesLeft: 1,
}

const publicForm = renderToString(
  createElement(OrderForm, {
    packages: PACKAGE_QUANTITIES.map((quantity) => ({ quantity, title: `${quantity}-jar pack`, badge: null })),
    flavors,
    prices: DEFAULT_PRICES,
    jarsLeft: null,
    initialQuantity: 1,
    deliveryAreas: ['Metro Detroit'],
    paymentMethods: ['Cash'],
    windows: [window],
    windowMethods: ['pickup'],
  }),
)
const addOrderForm = renderToString(
  createElement(AddOrderForm, {
    flavors,
    sources: [{ value: 'text', label: 'Text message' }],
    prices: DEFAULT_PRICES,
    priceList: priceListKey(DEFAULT_PRICES),
    windows: [window],
    windowMethods: ['pickup'],
  }),
)

/** The options of the select named `name` (the first one of that name), as they read, and whether each can be chosen. */
function options(html: string, name: string) {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`, 's').exec(html)
  expect(select, `a select named ${name}`).not.toBeNull()
  return [...select![1].matchAll(/<option([^>]*)>(.*?)<\/option>/gs)].map(([, attributes, text]) => ({
    text: text.replace(/<!-- -->/g, ''),
    disabled: attributes.includes('disabled'),
  }))
}

describe('the public order form and Add order share their fields', () => {
  it('offer the flavors in the same words, a sold-out one shown and not choosable', () => {
    const offered = options(publicForm, 'flavor1')
    expect(options(addOrderForm, 'flavor1')).toEqual(offered)
    expect(offered[0]).toEqual({ text: 'Choose a flavor', disabled: false })
    expect(offered[2]).toEqual({ text: `${flavors[1].name} (Sold out)`, disabled: true })
  })

  it('offer the same cities with the same prompt', () => {
    const cities = options(publicForm, 'city')
    expect(options(addOrderForm, 'city')).toEqual(cities)
    expect(cities[0].text).toBe('Choose your city')
  })

  it("word a time's places left the same way", () => {
    // Add order lists a method's times once the method is chosen: its select, rendered here.
    const select = renderToString(createElement(WindowSelect, { name: 'window', offered: [window] }))
    expect(select).toContain(`${window.label} (${placesLeftText(1)})`)
    expect(publicForm).toContain(placesLeftText(1))
    expect(placesLeftText(1)).toBe('Last place')
  })
})
