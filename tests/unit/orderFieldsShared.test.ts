import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'

import { AddOrderForm } from '@/features/admin/components/AddOrderForm.client'
import { OrderForm } from '@/features/ordering/components/OrderForm.client'
import { placesLeftText, WindowSelect } from '@/features/ordering/components/SharedFields'
import { DEFAULT_PRICES, PACKAGE_QUANTITIES, priceListKey } from '@/features/ordering/pricing'

import { launchFlavors, pickupWindow } from '../helpers/orders'

// The server actions are not called while rendering; keep Payload out of this unit test.
vi.mock('@/features/ordering/actions', () => ({ placeOrder: vi.fn(), checkDiscount: vi.fn() }))

const flavors = launchFlavors.map((flavor, index) => (index === 1 ? { ...flavor, available: false } : flavor))
const window = pickupWindow(1)

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
    action: vi.fn(),
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

/**
 * The radios named `name`, each with its value and the words that name it: the text of the element
 * its `aria-labelledby` points at, or the first text after it in its label (the public form's hints
 * below that are its own).
 */
function radios(html: string, name: string) {
  return [...html.matchAll(new RegExp(`<input([^>]*type="radio"[^>]*name="${name}"[^>]*)/?>(.*?)</label>`, 'gs'))].map(([, attributes, after]) => {
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(attributes)?.[1]
    const words = labelledBy ? new RegExp(`id="${labelledBy}"[^>]*>(.*?)</span>`, 's').exec(html)![1] : after
    const firstText = words.replace(/<!-- -->/g, '').split(/<[^>]+>/).map((text) => text.trim()).find(Boolean)
    return { value: /value="([^"]*)"/.exec(attributes)![1], text: firstText }
  })
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

  it('offer the packages and pickup or delivery as radios in the same words and values', () => {
    for (const name of ['quantity', 'deliveryMethod']) {
      const offered = radios(publicForm, name)
      expect(radios(addOrderForm, name)).toEqual(offered)
      expect(offered.length).toBeGreaterThan(1)
    }
    expect(radios(publicForm, 'quantity').map((radio) => radio.text)).toEqual(['1 jar · $20', '3 jars · $50', '6 jars · $100'])
    expect(radios(publicForm, 'deliveryMethod').map((radio) => radio.text)).toEqual(['Pickup', 'Delivery'])
  })

  it("word a time's places left the same way", () => {
    // Add order lists a method's times once the method is chosen: its select, rendered here.
    const select = renderToString(createElement(WindowSelect, { name: 'window', offered: [window] }))
    expect(select).toContain(`${window.label} (${placesLeftText(1)})`)
    expect(publicForm).toContain(placesLeftText(1))
    expect(placesLeftText(1)).toBe('Last place')
  })
})
