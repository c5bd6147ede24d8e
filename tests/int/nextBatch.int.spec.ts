import { createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { jarsSoldPerFlavor } from '@/features/admin/aggregates/jarsSoldPerFlavor'
import { waitingListSize } from '@/features/admin/aggregates/waitingList'
import { nextBatchPanel } from '@/features/admin/nextBatch'
import { jarKeys } from '@/features/ordering/orderDetails'
import { startOfDay } from '@/shared/time'

import { openBatch } from '../helpers/batches'
import { storedOrder } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

type Status = 'new' | 'confirmed' | 'completed' | 'cancelled'

// Times with milliseconds, as Payload writes them: the database compares them as text.
const order = (createdAt: string, flavors: string, status: Status = 'confirmed') =>
  storedOrder({ fullName: 'Ann Batch', phone: '3135550100', quantity: jarKeys(flavors).length, flavors, status, createdAt })

// Thursday 2026-11-26, 12:00 in Detroit. The four weeks read: Thu Oct 29 00:00 EDT (04:00 UTC) to
// today's midnight EST (05:00 UTC); summer time ended in between.
const now = new Date('2026-11-26T17:00:00Z')
const since = startOfDay(now, 28)
const until = startOfDay(now)

const six = (keys: string[]) => keys.map((key, jar) => `Jar ${jar + 1}: ${key}`).join(', ')

const orders = [
  order('2026-10-29T03:59:59.000Z', 'peach-ginger'), // the day before the four weeks
  order('2026-10-29T04:00:00.000Z', 'Jar 1: mixed-berry, Jar 2: peach-ginger, Jar 3: mixed-berry'), // their first instant
  order('2026-11-10T15:00:00.000Z', 'peach-ginger', 'new'),
  order('2026-11-12T15:00:00.000Z', 'Jar 1: mixed-berry, Jar 2: peach-ginger, Jar 3: mixed-berry', 'completed'), // the same jars again
  order('2026-11-15T15:00:00.000Z', six(Array(6).fill('pineapple-mango')), 'cancelled'),
  order('2026-11-20T15:00:00.000Z', six(['pineapple-mango', 'mango-lime', 'mango-lime', 'peach-ginger', 'mixed-berry', 'pineapple-mango'])),
  order('2026-11-22T15:00:00.000Z', 'mango-lime'), // a flavor no longer on offer
  order('2026-11-26T04:59:59.000Z', 'Jar 1: peach-ginger, Jar 2: pineapple-mango, Jar 3: peach-ginger'), // Wed 23:59:59 EST: the last instant
  order('2026-11-26T05:00:00.000Z', 'mixed-berry'), // today: not a whole day yet
]

describe('what to make next, from the stored orders and the e-mail list', () => {
  let app: TestPayload

  beforeAll(async () => {
    app = await startPayload()
    for (const data of orders) await app.payload.create({ collection: 'orders', data })
    for (const [index, email] of ['ann@example.com', 'Bo@Example.com', 'cy@example.com'].entries()) {
      await app.payload.create({ collection: 'email-captures', data: { name: `Person ${index}`, email, discount_code: `HC2500000${index}` } })
    }
    await app.payload.create({ collection: 'unsubscribes', data: { email: 'bo@example.com' } })
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  it('counts the jars of each flavor in the orders not cancelled of the four weeks, as reading every order does', async () => {
    const { docs } = await app.payload.find({ collection: 'orders', pagination: false, depth: 0 })
    const plain = new Map<string, number>()
    for (const stored of docs) {
      const placed = new Date(stored.createdAt)
      if (stored.status === 'cancelled' || placed < since || placed >= until) continue
      for (const key of jarKeys(stored.flavors)) plain.set(key, (plain.get(key) ?? 0) + 1)
    }
    const counted = await jarsSoldPerFlavor(app.payload, since, until)
    expect(counted).toEqual(plain)
    expect(Object.fromEntries(counted)).toEqual({ 'mixed-berry': 5, 'peach-ginger': 6, 'pineapple-mango': 3, 'mango-lime': 3 })
  })

  it('counts the people on the e-mail list who did not unsubscribe, whatever the case of their address', async () => {
    expect(await waitingListSize(app.payload)).toBe(2)
  })

  it('suggests jars per flavor on offer, and links a saved batch to its labels with its days, code and jars made', async () => {
    const flavor = async (value: string) => (await app.payload.find({ collection: 'flavors', where: { value: { equals: value } }, depth: 0 })).docs[0]
    const mangoLime = await flavor('mango-lime')
    if (mangoLime) await app.payload.update({ collection: 'flavors', id: mangoLime.id, data: { available: false } })
    const batch = await openBatch(app.payload, { flavors: { 'peach-ginger': 12, 'mixed-berry': 5 } }, { madeOn: '2026-11-20T12:00:00.000Z', bestBy: '2026-12-02T12:00:00.000Z', code: 'B-1120' })
    const req = await createLocalReq({}, app.payload)

    const { suggestion, labelsUrl } = await nextBatchPanel(app.payload, batch.id, req, now)
    expect(labelsUrl).toBe('/admin/labels?madeOn=2026-11-20&bestBy=2026-12-02&batch=B-1120&count-peach-ginger=12&count-mixed-berry=5')
    // Sold in four weeks × the 8 days a batch sells (14-day shelf life, 7 days' freshness limit) ÷ 28; 2 people add no uplift.
    expect(suggestion.flavors.map(({ value, jars }) => [value, jars])).toEqual(
      expect.arrayContaining([
        ['mixed-berry', 2], // 5 × 8/28 = 1.4
        ['peach-ginger', 2], // 6 × 8/28 = 1.7
        ['pineapple-mango', 1], // 3 × 8/28 = 0.9
      ]),
    )
    expect(suggestion.flavors.map((entry) => entry.value)).not.toContain('mango-lime')
    expect(suggestion.howComputed).toMatch(/^Sold .*1\.5\/wk Peach Ginger.* in the last 4 weeks, for the 8 days a batch sells/)

    expect((await nextBatchPanel(app.payload, undefined, req, now)).labelsUrl).toBeNull()
  })

  it('adds the jars the active refill plans bring while a batch sells, and leaves the refill orders out of the sales', async () => {
    const req = await createLocalReq({}, app.payload)
    const before = await nextBatchPanel(app.payload, undefined, req, now)
    let plans = 0
    const plan = (flavors: string, nextDay: string, status: 'active' | 'paused' = 'active') =>
      app.payload.create({
        collection: 'refill-plans',
        data: { status, everyWeeks: 2, nextDay, fullName: 'Ann Plan', email: 'ann@example.com', phone: '3135550100', quantity: jarKeys(flavors).length, flavors, deliveryMethod: 'pickup', city: 'detroit', address: 'Pickup', zip: '48201', windowRule: 'sat', token: `plan-token-${String(++plans).padStart(14, '0')}` },
        overrideAccess: true,
      })
    // The 8 days a batch made today sells: Nov 26 to Dec 3. Two refills of Peach Ginger ×2 + Mixed Berry
    // (Nov 28, and two plans alike), one due after (Dec 5), one paused.
    await plan('Jar 1: peach-ginger, Jar 2: peach-ginger, Jar 3: mixed-berry', '2026-11-28')
    await plan('Jar 1: peach-ginger, Jar 2: peach-ginger, Jar 3: mixed-berry', '2026-11-28')
    await plan('pineapple-mango', '2026-12-05')
    await plan('pineapple-mango', '2026-11-28', 'paused')
    // A refill order in the four weeks: the plans count it ahead, not the sales.
    await app.payload.create({ collection: 'orders', data: { ...order('2026-11-20T15:00:00.000Z', 'Jar 1: pineapple-mango, Jar 2: pineapple-mango, Jar 3: pineapple-mango'), source: 'refill-plan' } })

    const { suggestion } = await nextBatchPanel(app.payload, undefined, req, now)
    const jarsOf = (entries: typeof suggestion.flavors) => Object.fromEntries(entries.map(({ value, jars }) => [value, jars]))
    expect(jarsOf(suggestion.flavors)).toEqual({ ...jarsOf(before.suggestion.flavors), 'peach-ginger': jarsOf(before.suggestion.flavors)['peach-ginger'] + 4, 'mixed-berry': jarsOf(before.suggestion.flavors)['mixed-berry'] + 2 })
    expect(suggestion.howComputed).toContain('+ 6 jars of refills due')
  })
})

