import { readFileSync } from 'node:fs'

import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { unpaidTotals } from '@/features/admin/aggregates/unpaidTotals'
import { readStatement, STATEMENT_MAX_COLUMNS, STATEMENT_MAX_LINES, statementNotices, type StatementRead } from '@/features/payments/statements/formats'
import { confirmAllMatched, confirmPayments, findStatementReview, importStatement, leavePayments } from '@/features/payments/statements/service'
import type { Order, StatementPayment, User } from '@/payload-types'
import { trustedOrigins } from '@/platform/http/adminOrigins'
import { escapeHtml } from '@/shared/escapeHtml'

import { storedOrder } from '../helpers/orders'
import { adminAuthHeader, restResponse, startPayload, type TestPayload } from '../helpers/payload'

/**
 * A payment app's statement matched to the orders: by the reference in the note and the amount,
 * else by the payer's name and the amount; confirmed by the seller, each once. The samples are the
 * apps' own CSV shapes (tests/fixtures/statements).
 */

const sample = (name: string) => readFileSync(new URL(`../fixtures/statements/${name}`, import.meta.url), 'utf8')
const read = async (text: string) => {
  const result = await readStatement(text)
  if (!result.ok) throw new Error(result.reason)
  return result as Extract<StatementRead, { ok: true }>
}

let app: TestPayload
let payload: Payload
let seller: User & { collection: 'users' }

beforeAll(async () => {
  app = await startPayload()
  payload = app.payload
  const user = await payload.create({ collection: 'users', data: { email: 'statements@example.com', password: 'a long seller passphrase', name: 'Seller' } })
  seller = { ...user, collection: 'users' }
})

afterAll(async () => {
  await app?.cleanup()
})

const PLACED = '2026-11-15T15:00:00.000Z'
let phone = 100

/** An unpaid order placed before the statements' payments. */
const order = (reference: string, fullName: string, totalPrice: number, fields: Partial<Order> = {}) =>
  payload.create({ collection: 'orders', data: storedOrder({ reference, fullName, totalPrice, phone: `(313) 555-0${phone++}`, createdAt: PLACED, ...fields }) }) as Promise<Order>

const orderRef = async (reference: string) => (await payload.find({ collection: 'orders', where: { reference: { equals: reference } }, depth: 0 })).docs[0]!
const payments = async () => (await payload.find({ collection: 'statement-payments', sort: 'paidAt', pagination: false, depth: 0 })).docs as StatementPayment[]
const byName = async (name: string) => (await payments()).find((payment) => payment.name === name)!

/** A statement posted as the seller's browser posts Payments received's form (features/admin/statementPosts.ts), with its other fields. */
async function upload(text: string, fields: Record<string, string> = {}) {
  const { handleEndpoints } = await import('payload')
  const form = new FormData()
  form.set('file', new File([text], 'statement.csv', { type: 'text/csv' }))
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  const headers = { ...(await adminAuthHeader(app.config, 'statements@example.com', 'a long seller passphrase')), Origin: trustedOrigins()[0]! }
  return handleEndpoints({ config: app.config, request: new Request('http://localhost:3000/api/statements/upload', { method: 'POST', body: form, headers }) })
}

beforeEach(async () => {
  await payload.db.deleteMany({ collection: 'statement-payments', where: {} })
  await payload.db.deleteMany({ collection: 'orders', where: {} })
  // The stored customers are the orders' own (kept by their hooks): gone with them.
  await payload.db.deleteMany({ collection: 'customers', where: {} })
})

describe('a statement matched to the orders', () => {
  it('Venmo: by the reference in any case and spacing, by the name and amount; a partial payment shown as such; the rest unmatched, with why', async () => {
    await order('SM-1001', 'Jane Doe', 25)
    await order('SM-1002', 'Marcus Lee', 60)
    await order('SM-1003', 'Ana Nunez', 50)
    // Another Marcus Lee order of another amount, and one too old: neither is a candidate.
    await order('SM-0990', 'Marcus Lee', 20)
    await order('SM-0900', 'Marcus Lee', 60, { createdAt: '2026-08-01T15:00:00.000Z' })

    const result = await importStatement(payload, await read(sample('venmo.csv')))
    expect(result).toEqual({ added: 4, known: 0, ignored: { outgoing: 2, refunds: 1, other: 0, unreadable: 0 } })

    const review = await findStatementReview(payload, seller)
    expect(review.matched.rows.map((row) => [row.name, row.order?.reference])).toEqual([
      ['Jane Doe', 'SM-1001'],
      ['Marcus Lee', 'SM-1002'],
    ])
    expect(review.differs.rows.map((row) => [row.name, row.amount, row.order?.reference, row.why])).toEqual([['Ana Núñez', 40, 'SM-1003', 'Paid $40 of $50.']])
    expect(review.unmatched.rows.map((row) => [row.name, row.note, row.why])).toEqual([
      // Kept as the text it is: shown as text, never a formula.
      ['Priya Shah', '=HYPERLINK("http://evil.example","Click")', 'No unpaid order of $45 by Priya Shah in the 8 weeks before.'],
    ])
    expect(review.ambiguous.total).toBe(0)
    // Nothing is marked paid until the seller confirms.
    expect((await orderRef('SM-1001')).paymentStatus).toBe('unpaid')
  })

  it('Cash App: two unpaid orders of one amount by one name are ambiguous: the seller chooses, and only that one is paid', async () => {
    await order('SM-1004', 'Tom Baker', 25)
    const first = await order('SM-1010', 'Dana White', 35)
    const second = await order('SM-1011', 'Dana White', 35)

    await importStatement(payload, await read(sample('cashapp.csv')))
    const review = await findStatementReview(payload, seller)
    expect(review.matched.rows.map((row) => row.order?.reference)).toEqual(['SM-1004'])
    const [ambiguous] = review.ambiguous.rows
    expect(ambiguous?.candidates.map((candidate) => candidate.reference).sort()).toEqual(['SM-1010', 'SM-1011'])
    expect(ambiguous?.why).toBe('2 unpaid orders of $35 by Dana White: choose the one it pays.')
    expect(review.unmatched.rows.map((row) => [row.amount, row.why])).toEqual([[1025, 'No order SM-1005.']])

    expect(await confirmPayments(payload, seller, [{ payment: ambiguous!.id, order: second.id }])).toEqual({ marked: ['SM-1011'], refused: [] })
    const paid = await payload.findByID({ collection: 'orders', id: second.id, depth: 0 })
    expect([paid.paymentStatus, paid.paymentMethod, paid.paidAt]).toEqual(['paid', 'cashapp', '2026-11-27T17:01:02.000Z'])
    expect((await payload.findByID({ collection: 'orders', id: first.id, depth: 0 })).paymentStatus).toBe('unpaid')
    const stored = await byName('Dana White')
    expect([stored.state, stored.order]).toEqual(['confirmed', second.id])
  })

  it('confirm all marks each matched order paid with the app and the payment’s date, once; a differing amount only when the seller says so', async () => {
    await order('SM-1001', 'Jane Doe', 25)
    await order('SM-1002', 'Marcus Lee', 60)
    await order('SM-1003', 'Ana Nunez', 50)
    await importStatement(payload, await read(sample('venmo.csv')))

    expect(await confirmAllMatched(payload, seller)).toEqual({ marked: ['SM-1001', 'SM-1002'], refused: [] })
    const jane = await orderRef('SM-1001')
    expect([jane.paymentStatus, jane.paymentMethod, jane.paidAt]).toEqual(['paid', 'venmo', '2026-11-20T19:04:11.000Z'])
    // Twice: nothing more.
    expect(await confirmAllMatched(payload, seller)).toEqual({ marked: [], refused: [] })

    const partial = await byName('Ana Núñez')
    const ana = await orderRef('SM-1003')
    expect(await confirmPayments(payload, seller, [{ payment: partial.id, order: ana.id }])).toEqual({
      marked: [],
      refused: [{ payment: partial.id, why: '$40 is not SM-1003’s $50: confirm it as paid anyway, or leave it.' }],
    })
    expect((await orderRef('SM-1003')).paymentStatus).toBe('unpaid')
    expect(await confirmPayments(payload, seller, [{ payment: partial.id, order: ana.id, anyAmount: true }])).toEqual({ marked: ['SM-1003'], refused: [] })
    expect(await confirmPayments(payload, seller, [{ payment: partial.id, order: ana.id, anyAmount: true }])).toEqual({
      marked: [],
      refused: [{ payment: partial.id, why: 'That payment of $40 was confirmed already.' }],
    })
    // $40 of $50: the order is paid, and the $10 left is still owed (Owed and the dashboard count it)…
    const short = await orderRef('SM-1003')
    expect([short.paymentStatus, short.paymentMethod, short.paidAt, short.extraDue]).toEqual(['paid', 'venmo', '2026-11-22T02:11:45.000Z', 10])
    expect((await unpaidTotals(payload)).unpaid).toEqual({ orders: 1, total: 10 })
    // …so the next statement's $10 naming it is matched to it, and settles it.
    const [title, activity, header] = sample('venmo.csv').split('\n')
    await importStatement(payload, await read([title, activity, header, ',4188000000000000010,2026-12-01T16:00:00,Payment,Complete,SM-1003 rest,Ana Núñez,Seamoss Detroit,+ $10.00,,0,,0,,,Venmo balance,,,,Venmo,,'].join('\n')))
    expect(await confirmAllMatched(payload, seller)).toEqual({ marked: ['SM-1003'], refused: [] })
    const settled = await orderRef('SM-1003')
    expect([settled.extraDue ?? null, settled.notes]).toEqual([null, 'Still to pay $10 paid: Venmo, Dec 1, 2026'])
    expect((await unpaidTotals(payload)).unpaid).toEqual({ orders: 0, total: 0 })

    const stranger = await byName('Priya Shah')
    expect(await leavePayments(payload, seller, [stranger.id])).toBe(1)
    expect(await leavePayments(payload, seller, [stranger.id])).toBe(0)
    const review = await findStatementReview(payload, seller)
    expect([review.matched.total, review.differs.total, review.ambiguous.total, review.unmatched.total]).toEqual([0, 0, 0, 0])
  })

  it('an order paid by hand meanwhile, or cancelled, is not paid again', async () => {
    const jane = await order('SM-1001', 'Jane Doe', 25)
    await order('SM-1002', 'Marcus Lee', 60)
    await importStatement(payload, await read(sample('venmo.csv')))
    await payload.update({ collection: 'orders', id: jane.id, data: { paymentStatus: 'paid', paymentMethod: 'cash', paidAt: '2026-11-19T12:00:00.000Z' } })
    const marcus = await orderRef('SM-1002')
    await payload.update({ collection: 'orders', id: marcus.id, data: { status: 'cancelled' } })

    expect((await confirmAllMatched(payload, seller)).refused.map((refusal) => refusal.why)).toEqual(['SM-1001 is already marked paid.', 'SM-1002 is cancelled.'])
    const kept = await orderRef('SM-1001')
    expect([kept.paymentMethod, kept.paidAt]).toEqual(['cash', '2026-11-19T12:00:00.000Z'])
  })

  it('a paid order the customer changed to more: its difference is what a payment is matched to, and confirming it settles that, once', async () => {
    const paidFirst = { paymentStatus: 'paid' as const, paymentMethod: 'cash' as const, paidAt: '2026-11-16T12:00:00.000Z' }
    await order('SM-1001', 'Jane Doe', 75, { ...paidFirst, extraDue: 25 })
    await order('SM-1003', 'Ana Nunez', 90, { ...paidFirst, extraDue: 50 })
    await importStatement(payload, await read(sample('venmo.csv')))

    const review = await findStatementReview(payload, seller)
    expect(review.matched.rows.map((row) => [row.name, row.order?.reference, row.order?.stillToPay])).toEqual([['Jane Doe', 'SM-1001', 25]])
    expect(review.differs.rows.map((row) => [row.name, row.amount, row.order?.reference, row.why])).toEqual([['Ana Núñez', 40, 'SM-1003', 'Paid $40 of $50 still to pay.']])

    expect(await confirmAllMatched(payload, seller)).toEqual({ marked: ['SM-1001'], refused: [] })
    const jane = await orderRef('SM-1001')
    // The first payment stays the order's; the difference is noted with the app and its day.
    expect([jane.paymentStatus, jane.paymentMethod, jane.paidAt, jane.extraDue ?? null]).toEqual(['paid', 'cash', '2026-11-16T12:00:00.000Z', null])
    expect(jane.notes).toBe('Still to pay $25 paid: Venmo, Nov 20, 2026')
    expect(await confirmAllMatched(payload, seller)).toEqual({ marked: [], refused: [] })

    const partial = await byName('Ana Núñez')
    const ana = await orderRef('SM-1003')
    expect(await confirmPayments(payload, seller, [{ payment: partial.id, order: ana.id }])).toEqual({
      marked: [],
      refused: [{ payment: partial.id, why: '$40 is not SM-1003’s $50: confirm it as paid anyway, or leave it.' }],
    })
    expect((await orderRef('SM-1003')).extraDue).toBe(50)
    // Paid anyway: $40 of the $50 difference came in, $10 of it is still to pay.
    expect(await confirmPayments(payload, seller, [{ payment: partial.id, order: ana.id, anyAmount: true }])).toEqual({ marked: ['SM-1003'], refused: [] })
    const short = await orderRef('SM-1003')
    expect([short.paymentMethod, short.paidAt, short.extraDue, short.notes]).toEqual(['cash', '2026-11-16T12:00:00.000Z', 10, 'Still to pay $50, $40 of it paid: Venmo, Nov 21, 2026'])
  })

  it('the same file again, or an overlapping one, changes nothing already stored; two uploads at once store each payment once', async () => {
    await order('SM-1001', 'Jane Doe', 25)
    await importStatement(payload, await read(sample('venmo.csv')))
    await confirmAllMatched(payload, seller)
    const before = await payments()

    expect(await importStatement(payload, await read(sample('venmo.csv')))).toMatchObject({ added: 0, known: 4 })
    // The next month's file starts with the last days of this one, and adds one payment.
    const lines = sample('venmo.csv').split('\n')
    const overlapping = [...lines.slice(0, 4), lines[6], ',4188000000000000009,2026-12-01T16:00:00,Payment,Complete,SM-1001,Jane Doe,Seamoss Detroit,+ $25.00,,0,,0,,,Venmo balance,,,,Venmo,,'].join('\n')
    expect(await importStatement(payload, await read(overlapping))).toMatchObject({ added: 1, known: 1 })
    const after = await payments()
    expect(after.filter((payment) => before.some((old) => old.id === payment.id))).toEqual(before)
    // SM-1001 is paid already: the new payment naming it is not matched to it again.
    expect(after.find((payment) => payment.paymentId === 'venmo:4188000000000000009')).toMatchObject({ state: 'review', match: 'none', why: 'SM-1001 is already marked paid.' })

    await payload.db.deleteMany({ collection: 'statement-payments', where: {} })
    const cashApp = await read(sample('cashapp.csv'))
    const both = await Promise.all([importStatement(payload, cashApp), importStatement(payload, cashApp)])
    expect(both.map((result) => result.added).sort()).toEqual([0, 3])
    expect((await payments()).length).toBe(3)
  })

  it('lets the server answer other requests while a large statement is stored, and while its payments are confirmed', async () => {
    const [title, activity, header, , payment] = sample('venmo.csv').split('\n')
    // 40 of the 1,000 payments name an order of their amount: Confirm all marks those 40 paid.
    for (let index = 0; index < 40; index++) await order(`SM-${2000 + index}`, 'Jane Doe', 25)
    const rows = Array.from({ length: 1_000 }, (_, index) => payment!.replace(/^,\d+/, `,${8_000_000 + index}`).replace('SM-1001', index < 40 ? `SM-${2000 + index}` : 'gel'))
    const large = await read([title, activity, header, ...rows].join('\n'))
    // Another request's turn: a task of the event loop's, which runs only when the work lets it.
    let turns = 0
    let working = true
    const otherRequest = () => {
      turns += 1
      if (working) setImmediate(otherRequest)
    }
    setImmediate(otherRequest)
    expect(await importStatement(payload, large)).toMatchObject({ added: 1_000, known: 0 })
    working = false
    expect(turns).toBeGreaterThan(10)
    expect((await payments()).length).toBe(1_000)

    await new Promise((resolve) => setImmediate(resolve))
    ;[turns, working] = [0, true]
    setImmediate(otherRequest)
    expect((await confirmAllMatched(payload, seller)).marked).toHaveLength(40)
    working = false
    expect(turns).toBeGreaterThan(10)
  })

  it('a file that is not a statement, or not one a shop would export, is refused on upload with why, and stores nothing', async () => {
    await order('SM-1001', 'Jane Doe', 25)
    const [title, activity, header, , payment] = sample('venmo.csv').split('\n')
    const refusals: [string, string][] = [
      ['%PDF-1.7\u0000\u0001binary', statementNotices.notCsv],
      ['one column\nonly', statementNotices.notCsv],
      // A Venmo statement, its payment for SM-1001 first, then more lines or columns than a statement has.
      [[title, activity, header, payment, ...Array.from({ length: STATEMENT_MAX_LINES }, () => ',1,x,y,z')].join('\n'), statementNotices.tooManyLines],
      [[title, activity, `${header}${',x'.repeat(STATEMENT_MAX_COLUMNS)}`, payment].join('\n'), statementNotices.tooManyColumns],
    ]
    for (const [text, reason] of refusals) {
      const answer = await upload(text)
      expect(answer.status).toBe(400)
      expect(await answer.text()).toContain(escapeHtml(reason))
    }
    // Another app's file: its columns are asked for first; nothing is stored meanwhile.
    const asked = await upload(sample('generic.csv'))
    expect([asked.status, new URL(asked.headers.get('location')!).searchParams.get('step')]).toEqual([303, 'columns'])
    expect(await payments()).toEqual([])
    expect((await orderRef('SM-1001')).paymentStatus).toBe('unpaid')
  })

  it('another app’s file: one person paying the same amount twice on a day with the same note is two payments, and the same file again adds none', async () => {
    const columns = { 'column-date': 'When', 'column-amount': 'Paid', 'column-name': 'Customer', 'column-note': 'Memo', method: 'zelle' }
    const twice = `${sample('generic.csv')}2026-11-28,40,Bea Quinn,gel thanks\n`
    const first = await upload(twice, columns)
    expect(Object.fromEntries(new URL(first.headers.get('location')!).searchParams)).toMatchObject({ uploaded: 'generic', added: '3', known: '0' })
    expect((await payments()).filter((stored) => stored.name === 'Bea Quinn').map((stored) => [stored.amount, stored.paidAt, stored.note, stored.method])).toEqual([
      [40, '2026-11-28T17:00:00.000Z', 'gel thanks', 'zelle'],
      [40, '2026-11-28T17:00:00.000Z', 'gel thanks', 'zelle'],
    ])
    const again = await upload(twice, columns)
    expect(Object.fromEntries(new URL(again.headers.get('location')!).searchParams)).toMatchObject({ added: '0', known: '3' })
    expect((await payments()).length).toBe(3)
  })

  it('the payments are the seller’s only: a visitor reads none, and nobody writes them through the API', async () => {
    await order('SM-1001', 'Jane Doe', 25)
    await importStatement(payload, await read(sample('venmo.csv')))
    expect((await restResponse(app.config, 'GET', '/statement-payments')).status).toBe(403)
    const admin = await adminAuthHeader(app.config, 'statements@example.com', 'a long seller passphrase')
    expect((await restResponse(app.config, 'GET', '/statement-payments', { headers: admin })).status).toBe(200)
    const forged = { paymentId: 'venmo:1', source: 'venmo', method: 'venmo', paidAt: '2026-11-20T00:00:00.000Z', amount: 25, state: 'confirmed', match: 'reference' }
    expect((await restResponse(app.config, 'POST', '/statement-payments', { body: forged, headers: admin })).status).toBe(403)
    const [stored] = await payments()
    expect((await restResponse(app.config, 'PATCH', `/statement-payments/${stored!.id}`, { body: { state: 'confirmed' }, headers: admin })).status).toBe(403)
    expect((await payments()).length).toBe(4)
  })
})
