import { describe, expect, it } from 'vitest'

import { discountAmount } from '@/features/discounts/rules'
import { DEFAULT_PRICES, packagePrice, packagesAt, priceListFrom, priceListKey, priceOrder } from '@/features/ordering/pricing'

const prices = DEFAULT_PRICES

describe('package prices', () => {
  it.each([
    [1, 20],
    [2, 40],
    [3, 50],
    [5, 50],
    [6, 100],
    [12, 100],
  ])('%i jars cost $%i', (quantity, price) => {
    expect(packagePrice(quantity, prices)).toBe(price)
  })

  it('shows the three packages with list prices and savings', () => {
    expect(packagesAt(prices)).toEqual([
      { quantity: 1, price: 20, listPrice: 20, savings: 0 },
      { quantity: 3, price: 50, listPrice: 60, savings: 10 },
      { quantity: 6, price: 100, listPrice: 120, savings: 20 },
    ])
  })

  it('rounds the 25% discount half up to whole dollars', () => {
    expect(discountAmount(20)).toBe(5)
    expect(discountAmount(50)).toBe(13)
    expect(discountAmount(100)).toBe(25)
    expect(discountAmount(10)).toBe(3)
  })
})

describe('order totals', () => {
  // quantity, method, code → package, delivery, discount, total
  it.each([
    [1, 'pickup', false, 20, 0, 0, 20],
    [1, 'pickup', true, 20, 0, 5, 15],
    [1, 'delivery', false, 20, 5, 0, 25],
    [1, 'delivery', true, 20, 5, 5, 20],
    [3, 'pickup', false, 50, 0, 0, 50],
    [3, 'pickup', true, 50, 0, 13, 37],
    [3, 'delivery', false, 50, 5, 0, 55],
    [3, 'delivery', true, 50, 5, 13, 42],
    [6, 'pickup', false, 100, 0, 0, 100],
    [6, 'pickup', true, 100, 0, 25, 75],
    [6, 'delivery', false, 100, 5, 0, 105],
    [6, 'delivery', true, 100, 5, 25, 80],
  ] as const)('%i jars, %s, code %s: $%i + $%i − $%i = $%i', (quantity, method, code, pkg, delivery, discount, total) => {
    expect(priceOrder({ quantity, deliveryMethod: method, discountApplied: code }, prices)).toMatchObject({
      originalPrice: pkg,
      deliveryFee: delivery,
      discountAmount: discount,
      totalPrice: total,
    })
  })

  it('adds no delivery fee while the method is unset', () => {
    expect(priceOrder({ quantity: 3, deliveryMethod: '', discountApplied: false }, prices).totalPrice).toBe(50)
  })
})

describe("the seller's price list", () => {
  const raised = { oneJarPrice: 22, threeJarPrice: 60, sixJarPrice: 110, deliveryFee: 6, freeDeliveryFrom: null }

  it('prices every package and the delivery from the stored amounts', () => {
    expect(packagesAt(raised)).toEqual([
      { quantity: 1, price: 22, listPrice: 22, savings: 0 },
      { quantity: 3, price: 60, listPrice: 66, savings: 6 },
      { quantity: 6, price: 110, listPrice: 132, savings: 22 },
    ])
    expect(priceOrder({ quantity: 3, deliveryMethod: 'delivery', discountApplied: false }, raised).totalPrice).toBe(66)
    expect(priceOrder({ quantity: 3, deliveryMethod: 'delivery', discountApplied: true }, raised)).toMatchObject({ discountAmount: 15, totalPrice: 51 })
  })

  it('falls back to the launch price for an amount that is missing or not whole dollars', () => {
    expect(priceListFrom({ oneJarPrice: 22, threeJarPrice: null, sixJarPrice: 10.5 })).toEqual({ oneJarPrice: 22, threeJarPrice: 50, sixJarPrice: 100, deliveryFee: 5, freeDeliveryFrom: null })
    expect(priceListFrom(undefined)).toEqual(DEFAULT_PRICES)
  })

  it('names a price list by its amounts, so a change is noticed', () => {
    expect(priceListKey(DEFAULT_PRICES)).toBe('20/50/100/5/-')
    expect(priceListKey(raised)).not.toBe(priceListKey(DEFAULT_PRICES))
  })

  it('delivers free from the threshold the seller sets, and charges the fee below it', () => {
    const freeFromHundred = { ...DEFAULT_PRICES, freeDeliveryFrom: 100 }
    expect(priceOrder({ quantity: 6, deliveryMethod: 'delivery', discountApplied: false }, freeFromHundred)).toMatchObject({ deliveryFee: 0, totalPrice: 100 })
    expect(priceOrder({ quantity: 3, deliveryMethod: 'delivery', discountApplied: false }, freeFromHundred)).toMatchObject({ deliveryFee: 5, totalPrice: 55 })
    expect(priceListFrom(DEFAULT_PRICES, { freeDeliveryFrom: 100 }).freeDeliveryFrom).toBe(100)
    expect(priceListKey(freeFromHundred)).not.toBe(priceListKey(DEFAULT_PRICES))
  })
})
