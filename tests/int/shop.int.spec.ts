import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { orderNotices } from '@/features/ordering/notices'
import { DEFAULT_PRICES, priceListKey, type PriceList } from '@/features/ordering/pricing'
import { submitOrder } from '@/features/ordering/service'
import { flavorsSeed, stockSeed } from '@/seed/shop'
import type { Batch, Order, User } from '@/payload-types'

import { jarsLeftIn, openBatch, removeBatches } from '../helpers/batches'
import { validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

const ADMIN = { email: 'seller@example.com', password: 'correct-horse-battery' }
/** Writes the test makes as set-up, not as the seller: no cache to expire outside Next. */
const quiet = { disableRevalidate: true }

let app: TestPayload
let payload: Payload
let seller: User & { collection: 'users' }
let nextCode = 300000
let nextCustomer = 1

beforeAll(async () => {
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  payload = app.payload
  const { docs } = await payload.find({ collection: 'users', where: { email: { equals: ADMIN.email } }, limit: 1 })
  seller = { ...docs[0], collection: 'users' }
})

afterAll(async () => {
  await app?.cleanup()
})

/** Every test starts from the seed's shop: the launch flavors, all available, launch prices, no jar limit. */
beforeEach(async () => {
  await payload.updateGlobal({ slug: 'pricing', data: { ...DEFAULT_PRICES }, context: quiet })
  await payload.updateGlobal({ slug: 'stock', data: { minDaysLeft: stockSeed.minDaysLeft }, context: quiet })
  // No batches, as on a fresh site: no limit.
  await removeBatches(payload)
  batch = null
  const seeded = new Map(flavorsSeed.map((flavor) => [flavor.value, flavor]))
  const { docs } = await payload.find({ collection: 'flavors', pagination: false, depth: 0 })
  for (const flavor of docs) {
    const seed = seeded.get(flavor.value)
    if (!seed) await payload.delete({ collection: 'flavors', id: flavor.id, context: quiet })
    else if (flavor.name !== seed.name || flavor.available !== true) {
      await payload.update({ collection: 'flavors', id: flavor.id, data: { name: seed.name, available: true }, context: quiet })
    }
  }
})

const orderCount = async () => (await payload.count({ collection: 'orders' })).totalDocs
let batch: Batch | null = null
/** The open batch's jars left (null: no limit). */
const jarsAvailable = async () => (batch ? jarsLeftIn(payload, batch) : null)
/** A new batch with this many jars in all (null: no limit), open now. */
const setJarsAvailable = async (jars: number | null) => {
  batch = await openBatch(payload, { jarsLeft: jars })
}
const setPrices = (prices: PriceList) => payload.updateGlobal({ slug: 'pricing', data: prices, context: quiet })
const flavorByValue = async (value: string) =>
  (await payload.find({ collection: 'flavors', where: { value: { equals: value } }, limit: 1, depth: 0 })).docs[0]

/** A customer of their own for each order: distinct name and e-mail, so orders can be told apart. */
function customer() {
  const n = nextCustomer++
  return { fullName: `Shop Customer ${n}`, email: `shop-customer-${n}@example.com` }
}

async function newCode(): Promise<string> {
  const code = `HC25${nextCode++}`
  await payload.create({ collection: 'email-captures', data: { name: 'Sub', email: `${code.toLowerCase()}@example.com`, discount_code: code } })
  return code
}

/** The order a successful result names, as the database holds it now. */
async function storedOrder(result: Awaited<ReturnType<typeof submitOrder>>): Promise<Order> {
  expect(result.status).toBe('success')
  if (result.status !== 'success') throw new Error('no order was placed')
  return payload.findByID({ collection: 'orders', id: result.order.id, depth: 0 })
}

const THREE_JARS = { quantity: '3', flavor1: 'mixed-berry', flavor2: 'peach-ginger', flavor3: 'pineapple-mango' }
const SIX_JARS = { ...THREE_JARS, quantity: '6', flavor4: 'mixed-berry', flavor5: 'mixed-berry', flavor6: 'peach-ginger' }

describe('flavors come from the seller’s Flavors list', () => {
  it('refuses a flavor key that is not on the list with "Flavor Required" for that jar, and stores nothing', async () => {
    const before = await orderCount()
    const result = await submitOrder(payload, { ...validOrderForm, ...customer(), flavor2: 'chocolate-fudge' })
    expect(result).toEqual({ status: 'error', message: orderNotices.flavorRequired(2, 3), field: 'flavor2' })
    expect(await orderCount()).toBe(before)
  })

  it('refuses a flavor the seller marked unavailable, naming it, and stores nothing', async () => {
    const peach = await flavorByValue('peach-ginger')
    await payload.update({ collection: 'flavors', id: peach.id, data: { available: false }, context: quiet })
    const before = await orderCount()
    const result = await submitOrder(payload, { ...validOrderForm, ...customer() })
    expect(result).toEqual({ status: 'error', message: orderNotices.flavorSoldOut('Peach Ginger'), field: 'flavor2' })
    expect(await orderCount()).toBe(before)
  })

  it('takes orders for a flavor the seller adds, storing keys and the names as they were when ordered', async () => {
    await payload.create({ collection: 'flavors', data: { value: 'mango-lime', name: 'Mango Lime', available: true }, context: quiet })
    const several = await storedOrder(
      await submitOrder(payload, { ...validOrderForm, ...customer(), flavor1: 'mango-lime', flavor2: 'mixed-berry', flavor3: 'mango-lime' }),
    )
    const single = await storedOrder(await submitOrder(payload, { ...validOrderForm, ...customer(), quantity: '1', flavor1: 'mango-lime' }))
    expect(several).toMatchObject({
      flavors: 'Jar 1: mango-lime, Jar 2: mixed-berry, Jar 3: mango-lime',
      flavorNames: 'Jar 1: Mango Lime, Jar 2: Mixed Berry, Jar 3: Mango Lime',
    })
    expect(single).toMatchObject({ flavors: 'mango-lime', flavorNames: 'Mango Lime' })

    // The seller renames the flavor later: what these customers ordered stays as it was.
    const mango = await flavorByValue('mango-lime')
    await payload.update({ collection: 'flavors', id: mango.id, data: { name: 'Mango Lime Zest' }, context: quiet })
    expect(await payload.findByID({ collection: 'orders', id: several.id, depth: 0 })).toMatchObject({
      flavors: 'Jar 1: mango-lime, Jar 2: mixed-berry, Jar 3: mango-lime',
      flavorNames: 'Jar 1: Mango Lime, Jar 2: Mixed Berry, Jar 3: Mango Lime',
    })
    expect(await payload.findByID({ collection: 'orders', id: single.id, depth: 0 })).toMatchObject({ flavors: 'mango-lime', flavorNames: 'Mango Lime' })
  })
})

describe('prices come from the seller’s price list', () => {
  const NEW_PRICES: PriceList = { oneJarPrice: 22, threeJarPrice: 60, sixJarPrice: 110, deliveryFee: 6, freeDeliveryFrom: null }

  it('charges the new prices: 3 jars delivered cost $60 + $6 = $66', async () => {
    await setPrices(NEW_PRICES)
    const order = await storedOrder(await submitOrder(payload, { ...validOrderForm, ...customer(), ...THREE_JARS, deliveryMethod: 'delivery' }))
    expect(order).toMatchObject({ quantity: 3, originalPrice: 60, deliveryFee: 6, discountAmount: 0, totalPrice: 66 })
  })

  it('takes the 25% discount off the new package price: $66 − $15 = $51', async () => {
    await setPrices(NEW_PRICES)
    const code = await newCode()
    const order = await storedOrder(
      await submitOrder(payload, { ...validOrderForm, ...customer(), ...THREE_JARS, deliveryMethod: 'delivery', discountCode: code }),
    )
    expect(order).toMatchObject({ originalPrice: 60, deliveryFee: 6, discountAmount: 15, totalPrice: 51, discountCode: code })
  })

  it('stops an order placed against the old prices, tells the new total and hands back the new prices; placed again, it is stored', async () => {
    await setPrices(NEW_PRICES)
    const before = await orderCount()
    const values = { ...validOrderForm, ...customer(), ...THREE_JARS, deliveryMethod: 'delivery' }

    const stale = await submitOrder(payload, { ...values, priceList: priceListKey(DEFAULT_PRICES) }, 'order:stale-prices-0123456789')
    expect(stale).toEqual({ status: 'error', message: orderNotices.pricesChanged(66), prices: NEW_PRICES })
    expect(await orderCount()).toBe(before)

    const again = await storedOrder(await submitOrder(payload, { ...values, priceList: priceListKey(NEW_PRICES) }, 'order:fresh-prices-0123456789'))
    expect(again).toMatchObject({ originalPrice: 60, deliveryFee: 6, totalPrice: 66 })
    expect(await orderCount()).toBe(before + 1)
  })
})

describe('this batch’s jars', () => {
  it('lets exactly as many orders through as there are jars when 20 customers order 3 jars at once', async () => {
    await setJarsAvailable(10)
    const before = await orderCount()
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        submitOrder(payload, { ...validOrderForm, ...customer(), ...THREE_JARS }, `order:rush-${String(index).padStart(2, '0')}-0123456789`),
      ),
    )

    const placed = results.filter((result) => result.status === 'success')
    const refused = results.filter((result) => result.status === 'error')
    expect(placed).toHaveLength(3)
    expect(refused).toHaveLength(17)
    for (const result of refused) expect(result).toEqual({ status: 'error', message: orderNotices.notEnoughJars(1), field: 'quantity' })
    expect(await orderCount()).toBe(before + 3)
    expect(await jarsAvailable()).toBe(1)
    for (const result of placed) expect(await storedOrder(result)).toMatchObject({ quantity: 3, jarsFromBatch: 3 })
  })

  it('refuses a package larger than what is left, saying how many are left, and stores nothing', async () => {
    await setJarsAvailable(4)
    const before = await orderCount()
    const result = await submitOrder(payload, { ...validOrderForm, ...customer(), ...SIX_JARS })
    expect(result).toEqual({ status: 'error', message: orderNotices.notEnoughJars(4), field: 'quantity' })
    expect(await orderCount()).toBe(before)
    expect(await jarsAvailable()).toBe(4)
  })

  it('refuses every order once the batch is sold out, and stores nothing', async () => {
    await setJarsAvailable(0)
    const before = await orderCount()
    const result = await submitOrder(payload, { ...validOrderForm, ...customer(), quantity: '1', flavor1: 'mixed-berry' })
    expect(result).toEqual({ status: 'error', message: orderNotices.soldOut, field: 'quantity' })
    expect(await orderCount()).toBe(before)
    expect(await jarsAvailable()).toBe(0)
  })

  it('gives a cancelled order’s jars back to the batch, once', async () => {
    await setJarsAvailable(10)
    const order = await storedOrder(await submitOrder(payload, { ...validOrderForm, ...customer(), ...THREE_JARS }))
    expect(order.jarsFromBatch).toBe(3)
    expect(await jarsAvailable()).toBe(7)

    // The seller cancels it in the admin, which updates through the Local API as that user.
    await payload.update({ collection: 'orders', id: order.id, data: { status: 'cancelled' }, user: seller, overrideAccess: false })
    expect(await jarsAvailable()).toBe(10)
    expect(await payload.findByID({ collection: 'orders', id: order.id, depth: 0 })).toMatchObject({ status: 'cancelled', jarsFromBatch: 0 })

    // Saving the cancelled order again (a note added) gives nothing back a second time.
    await payload.update({ collection: 'orders', id: order.id, data: { notes: 'Customer called to cancel' }, user: seller, overrideAccess: false })
    expect(await jarsAvailable()).toBe(10)
  })

  it('never limits orders while "Jars left to sell" is empty', async () => {
    await setJarsAvailable(null)
    const before = await orderCount()
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        submitOrder(payload, { ...validOrderForm, ...customer(), ...SIX_JARS }, `order:unlimited-${index}-0123456789`),
      ),
    )
    expect(results.map((result) => result.status)).toEqual(Array(8).fill('success'))
    expect(await orderCount()).toBe(before + 8)
    expect(await jarsAvailable()).toBeNull()
    for (const result of results) expect(await storedOrder(result)).toMatchObject({ quantity: 6, jarsFromBatch: 0 })
  })
})

describe('the delivery area', () => {
  const AREA = { deliveryZipPrefixes: ['480', '481', '482', '483'].map((prefix) => ({ prefix })), freeDeliveryFrom: null }
  const setFulfilment = (data: Record<string, unknown>) => payload.updateGlobal({ slug: 'fulfilment', data: { ...AREA, ...data }, context: quiet })

  it('refuses a delivery outside it with a message that offers pickup, and takes the same ZIP for pickup', async () => {
    await setFulfilment({})
    const before = await orderCount()
    const outside = { ...validOrderForm, ...customer(), zip: '60601', deliveryMethod: 'delivery' }
    expect(await submitOrder(payload, outside)).toEqual({ status: 'error', message: orderNotices.outsideDeliveryArea('60601'), field: 'zip' })
    expect(await orderCount()).toBe(before)
    const pickup = await storedOrder(await submitOrder(payload, { ...outside, deliveryMethod: 'pickup' }))
    expect(pickup).toMatchObject({ zip: '60601', deliveryMethod: 'pickup', deliveryFee: 0 })
    expect(await storedOrder(await submitOrder(payload, { ...outside, ...customer(), zip: '48104' }))).toMatchObject({ deliveryMethod: 'delivery' })
  })

  it('delivers anywhere when the seller lists no ZIP codes', async () => {
    await setFulfilment({ deliveryZipPrefixes: [] })
    expect(await storedOrder(await submitOrder(payload, { ...validOrderForm, ...customer(), zip: '60601', deliveryMethod: 'delivery' }))).toMatchObject({ zip: '60601' })
    await setFulfilment({})
  })

  it('delivers free from the package price the seller sets', async () => {
    await setFulfilment({ freeDeliveryFrom: 100 })
    const six = await storedOrder(await submitOrder(payload, { ...validOrderForm, ...SIX_JARS, ...customer(), deliveryMethod: 'delivery' }))
    expect(six).toMatchObject({ originalPrice: 100, deliveryFee: 0, totalPrice: 100 })
    const three = await storedOrder(await submitOrder(payload, { ...validOrderForm, ...THREE_JARS, ...customer(), deliveryMethod: 'delivery' }))
    expect(three).toMatchObject({ originalPrice: 50, deliveryFee: 5, totalPrice: 55 })
    await setFulfilment({})
  })
})
