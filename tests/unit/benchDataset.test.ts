import { describe, expect, it } from 'vitest'

import { DEFAULT_PRICES, priceOrder } from '@/features/ordering/pricing'

import { datasetCounts, generateDataset } from '../../scripts/bench/dataset'

const catalogue = {
  flavors: [
    { value: 'mixed-berry', name: 'Mixed Berry' },
    { value: 'pineapple-mango', name: 'Pineapple Mango' },
    { value: 'peach-ginger', name: 'Peach Ginger' },
  ],
  prices: DEFAULT_PRICES,
}
const end = new Date('2026-11-26T12:00:00Z')
const generate = (seed: number, orders = 2000) => generateDataset({ orders, seed, end, catalogue })

const share = <T>(rows: T[], test: (row: T) => boolean) => rows.filter(test).length / rows.length

describe("the benchmark's made-up data (npm run bench:data)", () => {
  const dataset = generate(42)

  it('is the same for the same seed, row for row, and different for another', () => {
    expect(generate(42)).toEqual(dataset)
    expect(generate(43).orders.map((order) => order.statusToken)).not.toEqual(dataset.orders.map((order) => order.statusToken))
  })

  it('holds the counts of its size: about one customer per 25 orders (at least 100), subscribers and reviews in proportion', () => {
    expect(datasetCounts(50_000)).toEqual({ orders: 50_000, customers: 2000, subscribers: 4000, reviews: 3000 })
    expect(dataset.orders).toHaveLength(2000)
    expect(dataset.customers).toBe(100)
    expect(dataset.subscribers).toHaveLength(160)
    expect(dataset.reviews).toHaveLength(120)
  })

  it('spreads the orders over three years, more of them lately, numbered in the order they came', () => {
    const times = dataset.orders.map((order) => new Date(order.createdAt).getTime())
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(times[0]).toBeGreaterThanOrEqual(end.getTime() - 3 * 365 * 86_400_000)
    expect(times.at(-1)).toBeLessThanOrEqual(end.getTime())
    const lastYear = share(times, (time) => time > end.getTime() - 365 * 86_400_000)
    expect(lastYear).toBeGreaterThan(0.4)
    expect(lastYear).toBeLessThan(0.5)
    expect(dataset.orders[0].reference).toBe('SM-1001')
    expect(dataset.orders.at(-1)?.reference).toBe('SM-3000')
    expect(new Set(dataset.orders.map((order) => order.statusToken)).size).toBe(2000)
  })

  it('has most orders completed and paid, some unpaid, some cancelled, the open ones recent', () => {
    const { orders } = dataset
    expect(share(orders, (order) => order.status === 'completed')).toBeGreaterThan(0.85)
    expect(share(orders, (order) => order.status === 'cancelled')).toBeGreaterThan(0.03)
    expect(share(orders, (order) => order.status === 'cancelled')).toBeLessThan(0.09)
    const completed = orders.filter((order) => order.status === 'completed')
    expect(share(completed, (order) => order.paymentStatus === 'paid')).toBeGreaterThan(0.93)
    expect(share(completed, (order) => order.paymentStatus === 'unpaid')).toBeGreaterThan(0.01)
    for (const order of orders.filter((candidate) => ['new', 'confirmed', 'ready'].includes(candidate.status))) {
      expect(end.getTime() - new Date(order.createdAt).getTime()).toBeLessThan(7 * 86_400_000)
    }
    for (const order of orders) expect(Boolean(order.paidAt && order.paymentMethod)).toBe(order.paymentStatus === 'paid')
  })

  it('prices every order as the order service does, with the first-order codes of the subscribers who used theirs', () => {
    const codes = new Map(dataset.subscribers.map((subscriber) => [subscriber.discount_code, subscriber]))
    for (const order of dataset.orders) {
      const price = priceOrder({ quantity: order.quantity, deliveryMethod: order.deliveryMethod, discountApplied: Boolean(order.discountCode) }, DEFAULT_PRICES)
      expect([order.originalPrice, order.deliveryFee, order.discountAmount, order.totalPrice]).toEqual([price.originalPrice, price.deliveryFee, price.discountAmount, price.totalPrice])
      if (order.discountCode) expect(codes.get(order.discountCode)?.discount_used).toBe(true)
    }
    const used = dataset.orders.filter((order) => order.discountCode)
    expect(used.length).toBe(dataset.subscribers.filter((subscriber) => subscriber.discount_used).length)
    expect(used.length).toBeGreaterThan(0)
    expect(new Set(dataset.subscribers.map((subscriber) => subscriber.email)).size).toBe(dataset.subscribers.length)
  })

  it('has customers ordering under two e-mails with one phone, and orders entered by hand without an e-mail', () => {
    // One person, one phone number, however it was typed: "(313) 555-0100", "313-555-0100", "3135550100".
    const emailsByPhone = new Map<string, Set<string>>()
    for (const order of dataset.orders) {
      const phone = order.phone.replace(/\D/g, '')
      const emails = emailsByPhone.get(phone) ?? new Set<string>()
      if (order.email) emails.add(order.email.toLowerCase())
      emailsByPhone.set(phone, emails)
    }
    expect(emailsByPhone.size).toBeLessThanOrEqual(dataset.customers)
    expect(emailsByPhone.size).toBeGreaterThan(dataset.customers * 0.8)
    expect([...emailsByPhone.values()].some((emails) => emails.size === 2)).toBe(true)
    expect(new Set(dataset.orders.map((order) => order.phone)).size).toBeGreaterThan(emailsByPhone.size)
    expect(dataset.orders.some((order) => order.email && order.email !== order.email.toLowerCase())).toBe(true)

    expect(share(dataset.orders, (order) => order.source !== 'online')).toBeGreaterThan(0.05)
    expect(dataset.orders.some((order) => order.source !== 'online' && order.email === null)).toBe(true)
    expect(dataset.orders.filter((order) => order.source === 'online').every((order) => order.email)).toBe(true)
  })

  it('has reviews mostly published and mostly five stars, some from completed orders, each order reviewed once', () => {
    const { reviews, orders } = dataset
    expect(share(reviews, (review) => review.status === 'published')).toBeGreaterThan(0.8)
    expect(share(reviews, (review) => review.rating === 5)).toBeGreaterThan(0.6)
    const linked = reviews.flatMap((review) => (review.order === null ? [] : [review.order]))
    expect(linked.length).toBeGreaterThan(0)
    expect(new Set(linked).size).toBe(linked.length)
    for (const index of linked) expect(orders[index].status).toBe('completed')
  })
})
