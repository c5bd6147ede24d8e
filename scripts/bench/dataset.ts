// Three years of a seller's business, made up from a seed: customers, their orders, the e-mail
// list, reviews. Pure: the same seed, size and end date give the same rows, byte for byte
// (tests/unit/benchDataset.test.ts). scripts/bench/fillDatabase.ts writes them into a database.
import { CODE_PREFIX } from '@/features/discounts/signUp'
import { DEFAULT_SHELF_LIFE_DAYS, defaultBatchCode } from '@/features/ordering/batches'
import { flavorsText, jarKeys } from '@/features/ordering/orderDetails'
import { FIRST_ORDER_NUMBER } from '@/features/ordering/orderReference'
import { orderReference } from '@/features/ordering/referenceFormat'
import { priceOrder, type PriceList } from '@/features/ordering/pricing'
import { REFILL_INTERVALS_WEEKS } from '@/features/ordering/refillTerms'
import type { Batch, EmailCapture, Order, RefillPlan, Review } from '@/payload-types'

import { COMMON_SURNAME, FIRST_NAMES, SURNAMES } from './names.mjs'

/** What the generated orders may hold: the seeded flavors and prices. */
export type Catalogue = { flavors: { value: string; name: string }[]; prices: PriceList }

/** A row as the adapter's table objects take it: the collection's fields without the id. */
export type OrderRow = Omit<Order, 'id'>
export type SubscriberRow = Omit<EmailCapture, 'id'>
/** `order` is the index of the reviewed order in `orders` (its id is known once it is stored). */
export type ReviewRow = Omit<Review, 'id' | 'order' | 'image'> & { order: number | null }

/** A batch with its jars per flavor (`flavor`: the flavor's key; its id is known once the seed ran). */
export type BatchRow = Omit<Batch, 'id' | 'flavors' | 'jarsLeft'> & { flavors: { flavor: string; made: number; left: number }[] }
/** `sourceOrder` and `refillOrders` are indexes in `orders`. */
export type RefillPlanRow = Omit<RefillPlan, 'id' | 'sourceOrder' | 'refillOrders' | 'problem'> & { sourceOrder: number; refillOrders: number[] }

export type Dataset = {
  orders: OrderRow[]
  subscribers: SubscriberRow[]
  reviews: ReviewRow[]
  batches: BatchRow[]
  /** The index in `batches` of the batch each order took its jars from (null: before the first batch). */
  batchOfOrder: (number | null)[]
  refillPlans: RefillPlanRow[]
  /** How many distinct people ordered (each may have ordered under two e-mails). */
  customers: number
}

export const DEFAULT_SEED = 42
const YEARS = 3
const DAY_MS = 24 * 60 * 60 * 1000
/** A busy seller's batches over the three years (one about every 8.6 days), whatever the number of orders. */
export const BATCHES = 127
/**
 * Jars left for sale in the batch open now, per flavor, beyond what its orders took: the
 * benchmarks that place orders (the backup while ordering) must not find it sold out.
 */
const OPEN_BATCH_SPARE_JARS = 1000

/**
 * How much of everything comes with `orders` orders, in the proportions of the busy seller issue 50
 * describes (50,224 orders, 6,903 customers, 659 refill plans, 340,000 batch-opening e-mails to the
 * list over three years), never fewer than 100 customers.
 */
export function datasetCounts(orders: number) {
  return {
    orders,
    customers: Math.max(100, Math.round(orders * 0.1375)),
    subscribers: Math.max(50, Math.round(orders * 0.134)),
    reviews: Math.max(30, Math.round(orders * 0.06)),
    // 659 at 50,224 orders, as the busy seller's shop had.
    refillPlans: Math.max(5, Math.round(orders * 0.0131)),
  }
}

/** mulberry32: a tiny, well-known 32-bit generator; plenty for made-up data, and the same everywhere. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (from: number, to: number) => from + Math.floor(next() * (to - from + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]
  /** One of the keys, with the chances given (they need not add up to 1). */
  const weighted = <const K extends string | number>(chances: readonly (readonly [K, number])[]): K => {
    let left = next() * chances.reduce((sum, [, chance]) => sum + chance, 0)
    for (const [key, chance] of chances) if ((left -= chance) < 0) return key
    return chances[chances.length - 1][0]
  }
  const chance = (probability: number) => next() < probability
  return { next, int, pick, weighted, chance }
}
type Random = ReturnType<typeof seededRandom>

const MAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'comcast.net'] as const
const STREETS = ['Woodward Ave', 'Gratiot Ave', 'Michigan Ave', 'Grand River Ave', 'Livernois Ave', 'Main St', 'Packard St', 'Washtenaw Ave', 'State St', 'Plymouth Rd'] as const
const ZIPS = { detroit: ['48201', '48202', '48207', '48214', '48221', '48226', '48235'], 'ann-arbor': ['48103', '48104', '48105', '48108'], other: ['48009', '48067', '48197', '48170'] } as const
const NOTES = ['Please text when you are outside.', 'Leave at the side door.', 'Gift for my mom!', 'Call before delivery please', 'Can I pick up after 5?', 'Extra spoon if you have one'] as const
const PRAISE = ['Love this gel, I add it to my smoothies every morning.', 'Great taste and fast delivery.', 'My skin has never felt better.', 'The mixed berry is my favorite.', 'Friendly seller, will order again.', 'Fresh and smooth, just as described.', 'Took a while to arrive but worth it.', 'A bit too sweet for me.'] as const
const PAYMENT_METHODS = [['venmo', 35], ['cash', 25], ['cashapp', 20], ['zelle', 15], ['other', 5]] as const

type Person = {
  name: string
  /** Two e-mails for some: a home and a work address, ordered under both from one phone. */
  emails: string[]
  phone: string
  /** The phone's ten digits: now and then typed another way than usual. */
  phoneDigits: string
  /** Orders only by text or in person, never with an e-mail address. */
  offline: boolean
  /** When they first ordered, as a fraction of the three years (the shop grows). */
  since: number
  weight: number
}

/** A fraction of the three years, more of them late: the business grows (density 0.3 + t). */
function growingTime(random: Random): number {
  // Inverse of the cumulative density (0.3 t + t²/2) / 0.8.
  const u = random.next()
  return -0.3 + Math.sqrt(0.09 + 1.6 * u)
}

/** The instant a fraction of the three years up to `end` falls on, in the shop's hours (about 8 am to 10 pm in Detroit). */
function instantOf(fraction: number, end: Date, random: Random): Date {
  const days = Math.floor(fraction * YEARS * 365)
  const day = new Date(end.getTime() - (YEARS * 365 - days) * DAY_MS)
  day.setUTCHours(12, 0, 0, 0)
  return new Date(day.getTime() + random.int(0, 14 * 60 - 1) * 60_000 + random.int(0, 59_999))
}

/** A phone as people type it: the same number in three shapes (the customers view treats them as one). */
function phoneText(digits: string, random: Random): string {
  const [area, exchange, line] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)]
  return random.weighted([
    [`(${area}) ${exchange}-${line}`, 6],
    [`${area}-${exchange}-${line}`, 3],
    [`${area}${exchange}${line}`, 1],
  ])
}

function makePeople(count: number, random: Random): Person[] {
  const phones = new Set<string>()
  return Array.from({ length: count }, (_, index) => {
    const first = random.pick(FIRST_NAMES)
    const last = random.chance(0.1) ? COMMON_SURNAME : random.pick(SURNAMES)
    let digits: string
    do digits = `${random.pick(['313', '734', '248', '586'])}${random.int(200, 999)}${String(random.int(0, 9999)).padStart(4, '0')}`
    while (phones.has(digits))
    phones.add(digits)
    const local = `${first}.${last}${index}`.toLowerCase()
    const emails = [`${local}@${random.pick(MAIL_DOMAINS)}`]
    if (random.chance(0.1)) emails.push(`${first[0]}${last}${index}@work.example.com`.toLowerCase())
    return { name: `${first} ${last}`, emails, phone: phoneText(digits, random), phoneDigits: digits, offline: random.chance(0.05), since: growingTime(random), weight: 1 / (index + 1) ** 0.6 }
  })
}

/** A person who was already a customer at `time`, the regulars more often (`cumulative`: running sums of the weights). */
function customerAt(people: Person[], cumulative: number[], time: number, random: Random): Person {
  for (let tries = 0; tries < 20; tries++) {
    const target = random.next() * cumulative[cumulative.length - 1]
    let [low, high] = [0, cumulative.length - 1]
    while (low < high) {
      const middle = (low + high) >> 1
      if (cumulative[middle] > target) high = middle
      else low = middle + 1
    }
    if (people[low].since <= time) return people[low]
  }
  return people.reduce((earliest, person) => (person.since < earliest.since ? person : earliest))
}

/** Where an order stands `ageDays` after it was placed: the old ones are done with. */
function statusAfter(ageDays: number, random: Random): Order['status'] {
  if (ageDays < 2) return random.weighted([['new', 50], ['confirmed', 30], ['ready', 15], ['cancelled', 5]])
  if (ageDays < 7) return random.weighted([['new', 5], ['confirmed', 15], ['ready', 15], ['completed', 60], ['cancelled', 5]])
  return random.weighted([['completed', 94], ['cancelled', 6]])
}

const PAID_CHANCE: Record<Order['status'], number> = { new: 0.1, confirmed: 0.4, ready: 0.4, completed: 0.96, cancelled: 0.1 }

/** 18 bytes as base64url, like the order service's status tokens (from the seed, not from crypto). */
function statusToken(random: Random): string {
  return Buffer.from(Array.from({ length: 18 }, () => random.int(0, 255))).toString('base64url')
}

const iso = (time: number) => new Date(time).toISOString()

/**
 * `orderCount` orders over the three years up to `end` (newest last), with the customers,
 * subscribers and reviews that come with them (`datasetCounts`), all from `seed`.
 */
export function generateDataset({ orders: orderCount, seed = DEFAULT_SEED, end, catalogue }: { orders: number; seed?: number; end: Date; catalogue: Catalogue }): Dataset {
  const random = seededRandom(seed)
  const counts = datasetCounts(orderCount)
  const people = makePeople(counts.customers, random)
  let runningWeight = 0
  const cumulative = people.map((person) => (runningWeight += person.weight))
  const flavorNames = new Map(catalogue.flavors.map((flavor) => [flavor.value, flavor.name]))
  const endTime = end.getTime()

  // When each order was placed, oldest first: references and ids follow the order of arrival.
  const fractions = Array.from({ length: orderCount }, () => growingTime(random))
  const times = fractions.map((fraction) => ({ fraction, createdAt: instantOf(fraction, end, random).getTime() })).sort((a, b) => a.createdAt - b.createdAt)
  const orders: OrderRow[] = times.map(({ fraction, createdAt }, index) => {
    const person = customerAt(people, cumulative, fraction, random)
    const source: Order['source'] = person.offline ? random.pick(['text', 'social', 'in-person'] as const) : random.weighted([['online', 88], ['text', 6], ['social', 4], ['in-person', 2]])
    // Orders entered by hand often come without an e-mail; online ones always have one, typed in any case.
    const email = person.offline || (source !== 'online' && random.chance(0.4)) ? null : random.pick(person.emails)
    const quantity = random.weighted([[1, 45], [3, 35], [6, 20]])
    const jars = Array.from({ length: quantity }, () => random.pick(catalogue.flavors).value)
    const deliveryMethod = random.weighted([['delivery', 55], ['pickup', 45]])
    const city = random.weighted([['detroit', 55], ['ann-arbor', 35], ['other', 10]])
    const price = priceOrder({ quantity, deliveryMethod, discountApplied: false }, catalogue.prices)
    const status = statusAfter((endTime - createdAt) / DAY_MS, random)
    const paid = random.chance(PAID_CHANCE[status])
    const paidAt = paid ? Math.min(endTime, createdAt + random.int(1, 72) * 3_600_000) : null
    const completedAt = status === 'completed' ? Math.min(endTime, createdAt + random.int(1, 6) * DAY_MS) : null
    return {
      reference: orderReference(FIRST_ORDER_NUMBER + index),
      status,
      source,
      paymentStatus: paid ? 'paid' : 'unpaid',
      paymentMethod: paid ? random.weighted(PAYMENT_METHODS) : null,
      paidAt: paidAt === null ? null : iso(paidAt),
      fullName: person.name,
      email: email && random.chance(0.05) ? email.replace(/^./, (letter) => letter.toUpperCase()) : email,
      phone: random.chance(0.15) ? phoneText(person.phoneDigits, random) : person.phone,
      instagram: random.chance(0.2) ? `@${person.name.toLowerCase().replace(' ', '_')}` : null,
      quantity,
      flavors: flavorsText(jars),
      flavorNames: flavorsText(jars.map((value) => flavorNames.get(value) ?? value)),
      deliveryMethod,
      city,
      address: `${random.int(100, 19999)} ${random.pick(STREETS)}`,
      zip: random.pick(ZIPS[city]),
      notes: random.chance(0.15) ? random.pick(NOTES) : null,
      consent: true,
      originalPrice: price.originalPrice,
      deliveryFee: price.deliveryFee,
      discountAmount: price.discountAmount,
      totalPrice: price.totalPrice,
      discountCode: null,
      jarsFromBatch: 0,
      refillReminder: random.chance(0.2),
      completedAt: completedAt === null ? null : iso(completedAt),
      statusToken: statusToken(random),
      createdAt: iso(createdAt),
      updatedAt: iso(Math.max(createdAt, paidAt ?? 0, completedAt ?? 0)),
    }
  })

  const subscribers = makeSubscribers(counts.subscribers, orders, catalogue, end, random)
  const reviews = makeReviews(counts.reviews, orders, end, random)
  const { batches, batchOfOrder } = makeBatches(orders, end, random)
  const refillPlans = makeRefillPlans(counts.refillPlans, orders, end, random)
  return { orders, subscribers, reviews, batches, batchOfOrder, refillPlans, customers: people.length }
}

/**
 * The batches, evenly over the three years, the last opened the day before `end` (so it is still
 * on sale: its best-by day far enough ahead). Each order takes its jars from the batch opened last
 * before it (none before the first); a cancelled one gave them back. A batch made the jars its
 * orders took and a few more per flavor, which are still left; the open one has plenty left.
 */
function makeBatches(orders: OrderRow[], end: Date, random: Random): { batches: BatchRow[]; batchOfOrder: (number | null)[] } {
  const periodDays = (YEARS * 365 - 1) / (BATCHES - 1)
  const lastOpening = new Date(end.getTime() - DAY_MS)
  lastOpening.setUTCHours(15, 0, 0, 0)
  const codes = new Set<string>()
  const batches: BatchRow[] = Array.from({ length: BATCHES }, (_, index) => {
    // At 10 or 11 in the morning in Detroit, every eight or nine days.
    const opensAt = lastOpening.getTime() - Math.round((BATCHES - 1 - index) * periodDays) * DAY_MS
    const madeOnDay = new Date(opensAt - DAY_MS).toISOString().slice(0, 10)
    const madeOn = `${madeOnDay}T12:00:00.000Z`
    let code = defaultBatchCode(madeOnDay)
    for (let n = 2; codes.has(code); n++) code = `${defaultBatchCode(madeOnDay)}-${n}`
    codes.add(code)
    const createdAt = opensAt - random.int(2, 20) * 3_600_000
    return {
      code,
      madeOn,
      bestBy: iso(Date.parse(madeOn) + DEFAULT_SHELF_LIFE_DAYS * DAY_MS),
      opensAt: iso(opensAt),
      closesAt: null,
      announce: true,
      announcedAt: iso(opensAt + 30_000),
      flavors: [],
      createdAt: iso(createdAt),
      updatedAt: iso(createdAt),
    }
  })
  const taken = batches.map(() => new Map<string, number>())
  let current: number | null = null
  const batchOfOrder = orders.map((order) => {
    while ((current ?? -1) + 1 < batches.length && batches[(current ?? -1) + 1].opensAt! <= order.createdAt) current = (current ?? -1) + 1
    if (current === null) return null
    if (order.status !== 'cancelled') {
      order.jarsFromBatch = order.quantity
      for (const flavor of jarKeys(order.flavors)) taken[current].set(flavor, (taken[current].get(flavor) ?? 0) + 1)
    }
    return current
  })
  batches.forEach((batch, index) => {
    const spare = index === batches.length - 1 ? OPEN_BATCH_SPARE_JARS : undefined
    batch.flavors = [...taken[index]].sort(([a], [b]) => a.localeCompare(b)).map(([flavor, jars]) => {
      const left = spare ?? random.int(0, 4)
      return { flavor, made: jars + left, left }
    })
  })
  return { batches, batchOfOrder }
}

/**
 * Refill plans, each signed up for on an online order with an e-mail (one plan per address), the
 * customer's later orders being its refills: all of them while it is active, the first few before
 * it was paused or stopped.
 */
function makeRefillPlans(count: number, orders: OrderRow[], end: Date, random: Random): RefillPlanRow[] {
  const ordersOf = new Map<string, number[]>()
  orders.forEach((order, index) => {
    if (!order.email) return
    const key = order.email.toLowerCase()
    ordersOf.set(key, [...(ordersOf.get(key) ?? []), index])
  })
  const planned = new Set<string>()
  const plans: RefillPlanRow[] = []
  for (let tries = 0; plans.length < count && tries < count * 50; tries++) {
    const sourceOrder = random.int(0, orders.length - 1)
    const source = orders[sourceOrder]
    if (!source.email || source.source !== 'online' || source.status !== 'completed' || planned.has(source.email.toLowerCase())) continue
    planned.add(source.email.toLowerCase())
    const status = random.weighted([['active', 50], ['paused', 15], ['stopped', 35]] as const)
    const later = (ordersOf.get(source.email.toLowerCase()) ?? []).filter((index) => index > sourceOrder)
    const refillOrders = status === 'active' ? later : later.slice(0, random.int(0, Math.min(12, later.length)))
    for (const index of refillOrders) orders[index].source = 'refill-plan'
    const everyWeeks = random.pick(REFILL_INTERVALS_WEEKS)
    const lastDay = refillOrders.length ? Date.parse(orders[refillOrders.at(-1)!].createdAt) : Date.parse(source.createdAt)
    const nextDay = status === 'active' ? end.getTime() + random.int(4, everyWeeks * 7) * DAY_MS : lastDay + everyWeeks * 7 * DAY_MS
    const createdAt = Date.parse(source.createdAt) + 60_000
    plans.push({
      status,
      everyWeeks,
      nextDay: iso(nextDay).slice(0, 10),
      fullName: source.fullName,
      email: source.email,
      phone: source.phone,
      quantity: source.quantity,
      flavors: source.flavors,
      deliveryMethod: source.deliveryMethod,
      city: source.city,
      address: source.address,
      zip: source.zip,
      consent: true,
      // A made-up weekly time: the benchmark's shop has none, and no refill falls due during a run.
      windowRule: 'bench-weekly-time',
      token: statusToken(random),
      sourceOrder,
      refillOrders,
      createdAt: iso(createdAt),
      updatedAt: iso(createdAt),
    })
  }
  return plans
}

/**
 * The e-mail list: four in ten are customers, who joined shortly before their first order and
 * mostly used their code on it; the others only joined. Addresses stored lower-cased, codes unique.
 */
function makeSubscribers(count: number, orders: OrderRow[], catalogue: Catalogue, end: Date, random: Random): SubscriberRow[] {
  const firstOrders = new Map<string, OrderRow>()
  for (const order of orders) if (order.email && !firstOrders.has(order.email.toLowerCase())) firstOrders.set(order.email.toLowerCase(), order)
  const customerEmails = [...firstOrders.keys()]
  const emails = new Set<string>()
  const codes = new Set<string>()
  const subscribers: SubscriberRow[] = []
  while (subscribers.length < count) {
    let code: string
    do code = `${CODE_PREFIX}${String(random.int(0, 999_999)).padStart(6, '0')}`
    while (codes.has(code))
    const customer = random.chance(0.4) ? random.pick(customerEmails) : undefined
    const firstOrder = customer ? firstOrders.get(customer) : undefined
    let email: string
    let name: string
    let joined: number
    let used = false
    if (firstOrder && customer && !emails.has(customer)) {
      email = customer
      name = firstOrder.fullName.split(' ')[0]
      joined = new Date(firstOrder.createdAt).getTime() - random.int(10, 3 * 24 * 60) * 60_000
      if (firstOrder.status !== 'cancelled' && random.chance(0.6)) {
        used = true
        // The first order took the code: 25% off its package price, as the order service prices it.
        const price = priceOrder({ quantity: firstOrder.quantity, deliveryMethod: firstOrder.deliveryMethod, discountApplied: true }, catalogue.prices)
        Object.assign(firstOrder, { discountCode: code, discountAmount: price.discountAmount, totalPrice: price.totalPrice })
      }
    } else {
      const first = random.pick(FIRST_NAMES)
      email = `${first}.${random.pick(SURNAMES)}.list${subscribers.length}@${random.pick(MAIL_DOMAINS)}`.toLowerCase()
      name = first
      joined = instantOf(growingTime(random), end, random).getTime()
    }
    if (emails.has(email)) continue
    emails.add(email)
    codes.add(code)
    subscribers.push({ name, email, discount_code: code, discount_used: used, createdAt: iso(joined), updatedAt: iso(joined) })
  }
  return subscribers.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

/** Reviews, mostly five stars and published; a third from completed orders' review links. */
function makeReviews(count: number, orders: OrderRow[], end: Date, random: Random): ReviewRow[] {
  const reviewed = new Set<number>()
  const reviews: ReviewRow[] = Array.from({ length: count }, () => {
    let order: number | null = null
    if (random.chance(0.35)) {
      const index = random.int(0, orders.length - 1)
      if (orders[index].status === 'completed' && !reviewed.has(index)) order = index
    }
    if (order !== null) reviewed.add(order)
    const createdAt =
      order !== null
        ? Math.min(end.getTime(), new Date(orders[order].createdAt).getTime() + random.int(2, 10) * DAY_MS)
        : instantOf(growingTime(random), end, random).getTime()
    const [first, last] = (order !== null ? orders[order].fullName : `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`).split(' ')
    return {
      status: random.weighted([['published', 88], ['pending', 7], ['hidden', 5]]),
      name: `${first} ${last[0]}.`,
      rating: random.weighted([[5, 70], [4, 20], [3, 6], [2, 2], [1, 2]]),
      comment: Array.from({ length: random.int(1, 3) }, () => random.pick(PRAISE)).join(' '),
      verifiedBuyer: order !== null,
      order,
      createdAt: iso(createdAt),
      updatedAt: iso(createdAt),
    }
  })
  return reviews.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}
