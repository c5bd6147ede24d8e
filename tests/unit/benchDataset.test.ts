import { describe, expect, it } from 'vitest'

import { DEFAULT_MIN_DAYS_LEFT } from '@/features/ordering/batches'
import { jarKeys } from '@/features/ordering/orderDetails'
import { DEFAULT_PRICES, priceOrder } from '@/features/ordering/pricing'

import { BATCHES, datasetCounts, generateDataset } from '../../scripts/bench/dataset'

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

  it("holds the counts of its size, in the proportions of issue 50's seller: customers (at least 100), subscribers, reviews and refill plans", () => {
    expect(datasetCounts(50_000)).toEqual({ orders: 50_000, customers: 6875, subscribers: 6700, reviews: 3000, refillPlans: 655 })
    expect(dataset.orders).toHaveLength(2000)
    expect(dataset.customers).toBe(275)
    expect(dataset.subscribers).toHaveLength(268)
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

  it('has a batch every eight or nine days, each order taking its jars from the one opened last before it, the last one on sale', () => {
    const { batches, batchOfOrder, orders } = dataset
    expect(batches).toHaveLength(BATCHES)
    const opensAt = batches.map((batch) => Date.parse(batch.opensAt!))
    for (let index = 1; index < opensAt.length; index++) expect([8, 9]).toContain((opensAt[index] - opensAt[index - 1]) / 86_400_000)
    expect(end.getTime() - opensAt.at(-1)!).toBeLessThan(2 * 86_400_000)
    expect((Date.parse(batches.at(-1)!.bestBy!) - end.getTime()) / 86_400_000).toBeGreaterThan(DEFAULT_MIN_DAYS_LEFT)
    expect(new Set(batches.map((batch) => batch.code)).size).toBe(BATCHES)

    const taken = batches.map(() => new Map<string, number>())
    orders.forEach((order, index) => {
      const batch = batchOfOrder[index]
      const placed = Date.parse(order.createdAt)
      if (batch === null) {
        expect(placed).toBeLessThan(opensAt[0])
        return
      }
      expect(opensAt[batch]).toBeLessThanOrEqual(placed)
      if (batch + 1 < opensAt.length) expect(placed).toBeLessThan(opensAt[batch + 1])
      expect(order.jarsFromBatch).toBe(order.status === 'cancelled' ? 0 : order.quantity)
      if (order.status !== 'cancelled') for (const flavor of jarKeys(order.flavors)) taken[batch].set(flavor, (taken[batch].get(flavor) ?? 0) + 1)
    })
    batches.forEach((batch, index) => {
      expect(Object.fromEntries(batch.flavors.map((row) => [row.flavor, row.made - row.left]))).toEqual(Object.fromEntries(taken[index]))
      for (const row of batch.flavors) expect(row.left).toBeGreaterThanOrEqual(0)
    })
    // The open batch can still take the benchmarks' orders.
    for (const row of batches.at(-1)!.flavors) expect(row.left).toBeGreaterThanOrEqual(1000)
  })

  it('has refill plans made from online orders, one per address, with the customer\'s later orders as their refills', () => {
    const { refillPlans, orders } = dataset
    expect(refillPlans).toHaveLength(26)
    expect(new Set(refillPlans.map((plan) => plan.email.toLowerCase())).size).toBe(refillPlans.length)
    expect(new Set(refillPlans.map((plan) => plan.token)).size).toBe(refillPlans.length)
    expect(new Set(refillPlans.map((plan) => plan.status))).toEqual(new Set(['active', 'paused', 'stopped']))
    for (const plan of refillPlans) {
      const source = orders[plan.sourceOrder]
      expect([source.source, source.status, source.email]).toEqual(['online', 'completed', plan.email])
      for (const index of plan.refillOrders) {
        expect(index).toBeGreaterThan(plan.sourceOrder)
        expect(orders[index].email?.toLowerCase()).toBe(plan.email.toLowerCase())
        expect(orders[index].source).toBe('refill-plan')
      }
    }
    expect(refillPlans.some((plan) => plan.refillOrders.length > 0)).toBe(true)
    expect(orders.filter((order) => order.source === 'refill-plan')).toHaveLength(refillPlans.reduce((sum, plan) => sum + plan.refillOrders.length, 0))
  })
})
