import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { RECALL_VIEW } from '@/features/admin/adminViews'
import { enterOrderByHand } from '@/features/admin/manualOrder'
import { matchKeys } from '@/features/admin/customerKeys'
import { submitOrder } from '@/features/ordering/service'
import { findRecall, findRecallTarget, recallHandoverLines, recallRows, recallTotals, type RecallRow, type RecallTarget } from '@/features/recalls/recallList'
import { readRecallRequest, type RecallScope } from '@/features/recalls/rules'
import type { Batch, Order, SupplierLot } from '@/payload-types'
import { addDays, businessDay } from '@/shared/time'

import { openBatch } from '../helpers/batches'
import { recallReference } from '../helpers/recallReference'
import { orderFormData, validOrderForm } from '../helpers/orders'
import { adminAuthHeader, rest, restResponse, startPayload, type TestPayload } from '../helpers/payload'

const ADMIN = { email: 'recall@example.com', password: 'correct-horse-battery' }
const quiet = { disableRevalidate: true }

let app: TestPayload
let admin: Record<string, string>
const batches: Record<'first' | 'second' | 'third', Batch> = {} as never
const lots: Record<'seaMoss' | 'peach' | 'unused', SupplierLot> = {} as never
const placed: Record<string, Order> = {}
const today = businessDay(new Date()).key
const madeOn = { first: addDays(today, -9), second: addDays(today, -4), third: addDays(today, -1) }

/** An online order through the order service, from the batch open now. */
async function online(name: string, flavors: string[], values: Record<string, string> = {}): Promise<Order> {
  const jars = Object.fromEntries(flavors.map((flavor, index) => [`flavor${index + 1}`, flavor]))
  const { flavor1: _1, flavor2: _2, flavor3: _3, ...form } = validOrderForm
  const result = await submitOrder(app.payload, { ...form, quantity: String(flavors.length), ...jars, fullName: name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, ...values })
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return (placed[name] = result.order)
}

/** An order the seller entered by hand (Add order), from the batch open now: no e-mail. */
async function byHand(name: string, values: Record<string, string> = {}): Promise<Order> {
  const { email: _email, consent: _consent, ...fields } = validOrderForm
  const result = await enterOrderByHand(app.payload, new Headers(admin), orderFormData({ ...fields, source: 'text', fullName: name, phone: '(734) 555-0177', ...values }))
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return (placed[name] = result.order)
}

const lotOf = (ingredient: string, supplier: string, lot: string) => app.payload.create({ collection: 'supplier-lots', data: { ingredient, supplier, lot }, context: quiet })

async function target(scope: RecallScope): Promise<RecallTarget> {
  const found = await findRecallTarget(app.payload, scope)
  if ('problem' in found) throw new Error(found.problem)
  return found.target
}

const names = (rows: readonly RecallRow[]) => rows.map((row) => row.name).sort()
const byName = { column: 'name', descending: false } as const

beforeAll(async () => {
  app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  admin = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
  lots.seaMoss = await lotOf('Sea moss', 'Ocean Harvest', '2291')
  lots.peach = await lotOf('Peach', 'Orchard Co', 'INV-77')
  lots.unused = await lotOf('Ginger', 'Spice Farm', '5')

  // The first batch: sea moss of lot 2291.
  batches.first = await openBatch(app.payload, { jarsLeft: 100 }, { madeOn: `${madeOn.first}T12:00:00.000Z`, bestBy: `${addDays(madeOn.first, 40)}T12:00:00.000Z`, code: 'B-FIRST' })
  await app.payload.update({ collection: 'batches', id: batches.first.id, data: { supplierLots: [lots.seaMoss.id] }, context: quiet })
  await online('Ann Online', ['mixed-berry', 'peach-ginger', 'pineapple-mango'], { phone: '(313) 555-0101' })
  await byHand('Hal ByHand', { quantity: '1', flavor1: 'peach-ginger' })
  const cancelled = await online('Cy Cancelled', ['mixed-berry'], { phone: '(313) 555-0102' })
  await app.payload.update({ collection: 'orders', id: cancelled.id, data: { status: 'cancelled' }, context: quiet })

  // The second: the same sea moss and the peaches of invoice INV-77.
  batches.second = await openBatch(app.payload, { jarsLeft: 100 }, { madeOn: `${madeOn.second}T12:00:00.000Z`, bestBy: `${addDays(madeOn.second, 40)}T12:00:00.000Z`, code: 'B-SECOND' })
  await app.payload.update({ collection: 'batches', id: batches.second.id, data: { supplierLots: [lots.seaMoss.id, lots.peach.id] }, context: quiet })
  await online('Bea Peach', ['peach-ginger', 'peach-ginger', 'mixed-berry'], { phone: '(313) 555-0103' })
  // Dot gave Bea's phone: one customer, as the Customers view joins them.
  const done = await online('Dot Done', ['pineapple-mango'], { phone: '313.555.0103' })
  await app.payload.update({ collection: 'orders', id: done.id, data: { status: 'completed' }, context: quiet })
  const gone = await online('Gil Gone', ['peach-ginger'], { phone: '(248) 555-0199' })
  // A refill plan's order, as the refill cycle stores it (from the batch open by its day), whose plan is gone.
  placed['Ria Refill'] = await app.payload.create({
    collection: 'orders',
    data: {
      fullName: 'Ria Refill',
      email: 'ria@example.com',
      phone: '(313) 555-0144',
      address: '4 Elm St',
      city: 'detroit',
      zip: '48201',
      deliveryMethod: 'delivery',
      quantity: 3,
      flavors: 'Jar 1: peach-ginger, Jar 2: pineapple-mango, Jar 3: pineapple-mango',
      flavorNames: 'Jar 1: Peach Ginger, Jar 2: Pineapple Mango, Jar 3: Pineapple Mango',
      originalPrice: 50,
      deliveryFee: 5,
      discountAmount: 0,
      totalPrice: 55,
      consent: true,
      status: 'confirmed',
      source: 'refill-plan',
      batch: batches.second.id,
      jarsFromBatch: 3,
    },
    context: quiet,
  })
  // Gil's customer record is gone: the recall reads what the order itself keeps.
  await app.payload.delete({ collection: 'customers', where: { matchKeys: { in: matchKeys(gone) } }, context: quiet })

  // The third: no lot recorded.
  batches.third = await openBatch(app.payload, { jarsLeft: 100 }, { madeOn: `${madeOn.third}T12:00:00.000Z`, bestBy: `${addDays(madeOn.third, 40)}T12:00:00.000Z`, code: 'B-THIRD' })
  await online('Tom Third', ['mixed-berry'], { phone: '(313) 555-0105', fullName: '=HYPERLINK("http://evil.example","Click")' })
})

afterAll(async () => {
  await app?.cleanup()
})

describe('supplier lots', () => {
  it('reads well in the batch picker', () => {
    expect(lots.seaMoss.title).toBe('Sea moss — Ocean Harvest lot 2291')
  })

  it('a lot a batch used cannot be deleted, with why; one no batch used can', async () => {
    const refused = await rest(app.config, 'DELETE', `/supplier-lots/${lots.peach.id}`, { headers: admin })
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.json)).toContain('1 batch used this lot (B-SECOND)')
    expect((await app.payload.count({ collection: 'supplier-lots', where: { id: { equals: lots.peach.id } } })).totalDocs).toBe(1)
    const deleted = await rest(app.config, 'DELETE', `/supplier-lots/${lots.unused.id}`, { headers: admin })
    expect(deleted.status).toBe(200)
  })

  it('a batch with orders cannot be deleted', async () => {
    expect((await rest(app.config, 'DELETE', `/batches/${batches.second.id}`, { headers: admin })).status).toBe(409)
  })

  it('are the admins’ only: a visitor reads and writes none', async () => {
    const read = await rest(app.config, 'GET', '/supplier-lots')
    expect([401, 403]).toContain(read.status)
    expect(JSON.stringify(read.json)).not.toContain('Ocean Harvest')
    expect((await rest(app.config, 'POST', '/supplier-lots', { body: { ingredient: 'x', supplier: 'y' } })).status).toBe(403)
  })
})

describe('the recall list', () => {
  it('from a supplier’s lot: exactly the orders of the batches that used it, across batches and flavors, refill and hand-entered, cancelled left out', async () => {
    const lot = await target({ kind: 'lot', lot: String(lots.seaMoss.id) })
    expect(lot.label).toBe('Sea moss — Ocean Harvest lot 2291')
    expect(lot.batches.map((batch) => batch.code)).toEqual(['B-FIRST', 'B-SECOND'])
    const rows = await recallRows(app.payload, lot, byName)
    expect(names(rows)).toEqual(['Ann Online', 'Bea Peach', 'Dot Done', 'Gil Gone', 'Hal ByHand', 'Ria Refill'])
    expect(rows.find((row) => row.name === 'Hal ByHand')).toMatchObject({ email: null, phone: '(734) 555-0177', source: 'Text or call', batch: 'B-FIRST' })
    expect(rows.find((row) => row.name === 'Ria Refill')).toMatchObject({ source: 'Refill plan', batch: 'B-SECOND', place: '4 Elm St, Detroit 48201', allJars: 3 })
    // The deleted customer's order, with what it keeps.
    expect(rows.find((row) => row.name === 'Gil Gone')).toMatchObject({ email: 'gil@example.com', phone: '(248) 555-0199', jars: '1 × Peach Ginger' })
    expect(rows.find((row) => row.name === 'Dot Done')).toMatchObject({ status: 'Completed', handedOver: { kind: 'handed' } })
    expect(rows.find((row) => row.name === 'Ann Online')).toMatchObject({ status: 'New', handedOver: { kind: 'unbooked' }, recalledJars: 3, allJars: 3 })

    const peach = await recallRows(app.payload, await target({ kind: 'lot', lot: String(lots.peach.id) }), byName)
    expect(names(peach)).toEqual(['Bea Peach', 'Dot Done', 'Gil Gone', 'Ria Refill'])
  })

  it('totals: customers, orders, jars and those still in the fridge, counted by the database', async () => {
    const totals = await recallTotals(app.payload, await target({ kind: 'lot', lot: String(lots.seaMoss.id) }))
    // Ann 3 + Hal 1 + Bea 3 + Dot 1 + Gil 1 + Ria 3 jars; Dot's was handed over. Bea and Dot share a phone: one customer.
    expect(totals).toEqual({ orders: 6, customers: 5, jars: 12, jarsInAll: 12, inFridge: 11 })
  })

  it('one flavor of a batch: only the orders with that flavor, and its jars', async () => {
    const peachOfSecond = await target({ kind: 'flavor', batch: String(batches.second.id), flavor: 'peach-ginger' })
    expect(peachOfSecond.label).toBe('Peach Ginger of batch B-SECOND')
    const rows = await recallRows(app.payload, peachOfSecond, { column: 'jars', descending: true })
    expect(rows.map((row) => [row.name, row.recalledJars, row.allJars])).toEqual([
      ['Bea Peach', 2, 3],
      // A tie goes the same way as the sort: the later order first.
      ['Ria Refill', 1, 3],
      ['Gil Gone', 1, 1],
    ])
    expect(await recallTotals(app.payload, peachOfSecond)).toEqual({ orders: 3, customers: 3, jars: 4, jarsInAll: 7, inFridge: 4 })
    // A key that another key ends with is not that flavor ('mango' is not 'pineapple-mango').
    await app.payload.create({ collection: 'flavors', data: { name: 'Mango', value: 'mango', available: false }, context: quiet })
    const mango = await target({ kind: 'flavor', batch: String(batches.second.id), flavor: 'mango' })
    expect(await recallRows(app.payload, mango, byName)).toEqual([])
  })

  it('a batch, and the batches made between two days', async () => {
    expect(names(await recallRows(app.payload, await target({ kind: 'batch', batch: String(batches.first.id) }), byName))).toEqual(['Ann Online', 'Hal ByHand'])
    const range = await target({ kind: 'made', from: madeOn.second, to: madeOn.third })
    expect(range.batches.map((batch) => batch.code)).toEqual(['B-SECOND', 'B-THIRD'])
    expect(names(await recallRows(app.payload, range, byName))).toEqual(['=HYPERLINK("http://evil.example","Click")', 'Bea Peach', 'Dot Done', 'Gil Gone', 'Ria Refill'].sort())
    const none = await target({ kind: 'made', from: addDays(today, 1), to: addDays(today, 2) })
    expect(none.batches).toEqual([])
    expect(await recallTotals(app.payload, none)).toMatchObject({ orders: 0, jars: 0 })
  })

  it('counts as reading every order does (the same check runs on MongoDB: aggregatesMongo.int.spec.ts)', async () => {
    const orders = (await app.payload.find({ collection: 'orders', pagination: false, depth: 0 })).docs
    for (const scope of [
      { kind: 'lot', lot: String(lots.seaMoss.id) },
      { kind: 'flavor', batch: String(batches.second.id), flavor: 'pineapple-mango' },
      { kind: 'made', from: madeOn.first, to: madeOn.third },
    ] as const) {
      const found = await target(scope)
      const reference = recallReference(orders, found.batches.map((batch) => batch.id), 'flavor' in scope ? scope.flavor : undefined)
      expect(await recallTotals(app.payload, found)).toEqual(reference.totals)
      expect((await recallRows(app.payload, found, byName)).map((row) => String(row.id)).sort()).toEqual(reference.ids)
    }
  })

  it('sorted by the column the seller picks, and paged', async () => {
    const lot = await target({ kind: 'lot', lot: String(lots.seaMoss.id) })
    const byStatus = await recallRows(app.payload, lot, { column: 'status', descending: true })
    expect(byStatus[0].name).toBe('Dot Done')
    expect(byStatus[1].name).toBe('Ria Refill')
    const page = await findRecall(app.payload, readRecallRequest({ scope: 'lot', lot: String(lots.seaMoss.id), sort: '-name', page: '9' }))
    expect(page && 'rows' in page && { page: page.page, pages: page.pages, first: page.rows[0].name }).toEqual({ page: 1, pages: 1, first: 'Ria Refill' })
  })

  it('answers bad input with what to do, never an error', async () => {
    const problems = (params: Record<string, string>) => readRecallRequest(params).problems
    expect(problems({ scope: 'made', from: '2026-12-05', to: '2026-12-01' })).toEqual(['The first day comes before the last day.'])
    expect(problems({ scope: 'made', from: 'yesterday', to: '2026-12-01' })[0]).toMatch(/as dates/)
    expect(problems({ scope: 'batch', batch: '1; DROP TABLE orders' })[0]).toMatch(/not one of yours/)
    expect(problems({ scope: 'nothing' })[0]).toMatch(/Choose what to recall/)
    expect(await findRecall(app.payload, readRecallRequest({ scope: 'batch', batch: '999999' }))).toEqual({ problem: 'No batch has that number any more: choose it from the list.' })
    expect(await findRecall(app.payload, readRecallRequest({ scope: 'lot', lot: String(lots.unused.id) }))).toMatchObject({ problem: expect.stringMatching(/No supplier lot/) })
    // Another adapter's id (MongoDB's), a number past JavaScript's exact ones, a page and a sort that are not: no error.
    expect(await findRecall(app.payload, readRecallRequest({ scope: 'batch', batch: 'a'.repeat(24) }))).toMatchObject({ problem: expect.stringMatching(/No batch/) })
    expect(await findRecall(app.payload, readRecallRequest({ scope: 'lot', lot: '9999999999999999' }))).toMatchObject({ problem: expect.stringMatching(/No supplier lot/) })
    expect(await findRecall(app.payload, readRecallRequest({ scope: 'batch', batch: String(batches.first.id), page: 'x', sort: 'drop' }))).toMatchObject({ page: 1, totals: { orders: 2 } })
    expect(problems({ scope: 'made', from: '2020-01-01', to: '2026-12-01' })[0]).toMatch(/At most 731 days/)
  })
})

describe('the recall CSV', () => {
  const csvUrl = (query: Record<string, string>) => `${RECALL_VIEW.csvUrl.replace(/^\/api/, '')}?${new URLSearchParams(query)}`

  it('has every row of the list, with a formula-like name made plain text', async () => {
    const response = await restResponse(app.config, 'GET', csvUrl({ scope: 'made', from: madeOn.second, to: madeOn.third, sort: 'name' }), { headers: admin })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/csv')
    const rows: Record<string, string>[] = parse((await response.text()).replace(/^\uFEFF/, ''), { columns: true })
    expect(rows.map((row) => row.Name)).toEqual([`'=HYPERLINK("http://evil.example","Click")`, 'Bea Peach', 'Dot Done', 'Gil Gone', 'Ria Refill'])
    expect(rows.find((row) => row.Name === 'Bea Peach')).toMatchObject({ 'Jars recalled': '3', 'Jars in all': '3', Flavors: '2 × Peach Ginger, 1 × Mixed Berry', Batch: 'B-SECOND', Status: 'New' })
    expect(rows.find((row) => row.Name === 'Ria Refill')?.['Came in by']).toBe('Refill plan')
  })

  it('carries the delivery day’s record: when the jars left the fridge, when they were handed over (or nobody was home)', async () => {
    // Dec 5, 2026 in Detroit (UTC−5): out at 2:05 PM, handed over at 2:41 PM, the order saved as completed a moment later.
    const day = { left: '2026-12-05T19:05:00.000Z', handed: '2026-12-05T19:41:00.000Z', saved: '2026-12-05T19:41:02.000Z', notHome: '2026-12-05T19:30:00.000Z' }
    await app.payload.db.updateOne({ collection: 'orders', id: placed['Bea Peach'].id, data: { status: 'completed', leftFridgeAt: day.left, handedOverAt: day.handed, completedAt: day.saved } })
    await app.payload.db.updateOne({ collection: 'orders', id: placed['Gil Gone'].id, data: { leftFridgeAt: day.left, notHomeAt: day.notHome } })

    const rows = await recallRows(app.payload, await target({ kind: 'batch', batch: String(batches.second.id) }), byName)
    const bea = rows.find((row) => row.name === 'Bea Peach')!
    const gil = rows.find((row) => row.name === 'Gil Gone')!
    expect(bea).toMatchObject({ handedOver: { kind: 'handed', at: day.handed }, leftFridgeAt: day.left, notHomeAt: null })
    expect(recallHandoverLines(bea)).toEqual(['Out of the fridge Dec 5, 2026, 2:05 PM (36 min out)'])
    expect(gil).toMatchObject({ handedOver: { kind: 'unbooked' }, leftFridgeAt: day.left, notHomeAt: day.notHome })
    expect(recallHandoverLines(gil)).toEqual(['Out of the fridge Dec 5, 2026, 2:05 PM', 'Not home Dec 5, 2026, 2:30 PM'])

    const response = await restResponse(app.config, 'GET', csvUrl({ scope: 'batch', batch: String(batches.second.id), sort: 'name' }), { headers: admin })
    const csv: Record<string, string>[] = parse((await response.text()).replace(/^\uFEFF/, ''), { columns: true })
    expect(Object.keys(csv[0])).toEqual(expect.arrayContaining(['Left the fridge', 'Handed over']))
    expect(csv.find((row) => row.Name === 'Bea Peach')).toMatchObject({ 'Left the fridge': 'Dec 5, 2026, 2:05 PM', 'Handed over': 'Dec 5, 2026, 2:41 PM', Status: 'Completed' })
    expect(csv.find((row) => row.Name === 'Gil Gone')).toMatchObject({ 'Left the fridge': 'Dec 5, 2026, 2:05 PM', 'Handed over': 'Not yet: not home Dec 5, 2026, 2:30 PM; time arranged by text' })
    expect(csv.find((row) => row.Name === 'Ria Refill')).toMatchObject({ 'Left the fridge': '', 'Handed over': 'Not yet: time arranged by text' })
  })

  it('is the admins’ only, and bad input is a 400 that says why', async () => {
    const query = { scope: 'batch', batch: String(batches.first.id) }
    expect((await restResponse(app.config, 'GET', csvUrl(query))).status).toBe(401)
    const backwards = await restResponse(app.config, 'GET', csvUrl({ scope: 'made', from: '2026-12-05', to: '2026-12-01' }), { headers: admin })
    expect(backwards.status).toBe(400)
    expect(await backwards.text()).toBe('The first day comes before the last day.')
    const unknown = await restResponse(app.config, 'GET', csvUrl({ scope: 'batch', batch: '999999' }), { headers: admin })
    expect(unknown.status).toBe(400)
    expect((await restResponse(app.config, 'GET', csvUrl({ scope: 'batch', batch: 'abc' }), { headers: admin })).status).toBe(400)
  })
})
