import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CUSTOMERS_PER_PAGE, findCustomers, type Customer } from '@/features/admin/customers'
import type { User } from '@/payload-types'

import { groupCustomersReference, searchCustomers } from '../helpers/customersReference'
import { storedOrder } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

/** A small deterministic random source, so a failure can be run again with the same orders. */
function seededRandom(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed / 2 ** 31
  }
}

const PEOPLE = 130
const ORDERS = 320

/**
 * Orders as a seller collects them over a few months: people typing their e-mail in another case,
 * from a work address, their phone in any format, orders taken by hand without an e-mail, two
 * people of one household sharing a phone, cancellations.
 */
function customerHistory() {
  const random = seededRandom(35)
  const pick = <T,>(values: readonly T[]) => values[Math.floor(random() * values.length)]
  const start = Date.parse('2026-01-01T12:00:00Z')
  const times = Array.from({ length: ORDERS }, () => start + Math.floor(random() * 300 * 24 * 60 * 60 * 1000)).sort((a, b) => a - b)
  return times.map((time) => {
    const person = Math.floor(random() * PEOPLE)
    // People 2k and 2k + 1 below 20 share a home phone.
    const line = person < 20 ? person - (person % 2) : person
    const digits = `313555${String(1000 + line).padStart(4, '0')}`
    const phone = pick([`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`, `+1 ${digits}`, digits])
    const email = pick([`person${person}@example.com`, `Person${person}@Example.com`, `person${person}.work@example.com`, ''])
    return storedOrder({
      fullName: pick([`Person ${person}`, `P. ${person}`]),
      email: email || undefined,
      // Now and then a number too short to be anyone's: it joins nobody.
      phone: random() < 0.05 ? '555' : phone,
      originalPrice: 20,
      totalPrice: pick([20, 50, 55, 100]),
      status: pick(['new', 'confirmed', 'completed', 'completed', 'cancelled'] as const),
      createdAt: new Date(time).toISOString(),
    })
  })
}

describe('the customers view over many orders', () => {
  let app: TestPayload
  let seller: User & { collection: 'users' }
  let reference: Customer[]

  beforeAll(async () => {
    app = await startPayload()
    const { payload } = app
    for (const data of customerHistory()) await payload.create({ collection: 'orders', data })
    for (const person of [3, 17, 42, 99]) {
      await payload.create({ collection: 'email-captures', data: { name: `Person ${person}`, email: `person${person}@example.com`, discount_code: `HC25${String(person).padStart(6, '0')}` } })
    }
    // Added by hand by the seller, as typed.
    await payload.create({ collection: 'email-captures', data: { name: 'Person 8', email: 'Person8.Work@Example.com', discount_code: 'HC25000108' } })
    const user = await payload.create({ collection: 'users', data: { email: 'seller@example.com', password: 'a long seller passphrase', name: 'Seller' } })
    seller = { ...user, collection: 'users' }

    const [orders, subscribers] = await Promise.all([
      payload.find({ collection: 'orders', pagination: false, depth: 0 }),
      payload.find({ collection: 'email-captures', pagination: false, depth: 0 }),
    ])
    reference = groupCustomersReference(
      orders.docs,
      subscribers.docs.map((subscriber) => subscriber.email),
    )
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  const pageOf = (page: number, search = '') => findCustomers({ payload: app.payload, user: seller }, { page, search })

  it('shows the same customers, totals and order as joining every order did, 50 a page', async () => {
    expect(reference.length).toBeGreaterThan(2 * CUSTOMERS_PER_PAGE)
    expect(reference.some((customer) => customer.subscribed)).toBe(true)
    const first = await pageOf(1)
    expect(first).toMatchObject({ found: reference.length, page: 1, pages: Math.ceil(reference.length / CUSTOMERS_PER_PAGE) })
    const shown: Customer[] = []
    for (let page = 1; page <= first.pages; page++) {
      const { customers } = await pageOf(page)
      expect(customers.length).toBe(page < first.pages ? CUSTOMERS_PER_PAGE : reference.length - (first.pages - 1) * CUSTOMERS_PER_PAGE)
      shown.push(...customers)
    }
    expect(shown).toEqual(reference)
  })

  it('shows the last page for a page past it, and the first for a page that is no number', async () => {
    const { pages } = await pageOf(1)
    expect((await pageOf(pages + 5)).page).toBe(pages)
    expect((await pageOf(Number.NaN)).page).toBe(1)
    expect((await pageOf(-3)).page).toBe(1)
  })

  it('searches all customers, not only a page of them, and pages the customers found', async () => {
    for (const search of ['person1', 'WORK@', '555 11', 'p. 9']) {
      const expected = searchCustomers(reference, search)
      const { customers, found } = await pageOf(1, search)
      expect(found).toBe(expected.length)
      expect(customers).toEqual(expected.slice(0, CUSTOMERS_PER_PAGE))
    }
  })
})
