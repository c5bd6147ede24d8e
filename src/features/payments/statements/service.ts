import 'server-only'

import { setImmediate as otherRequestsFirst } from 'node:timers/promises'

import type { Payload, PayloadRequest, Where } from 'payload'

import type { PaymentMethod } from '@/features/ordering/options'
import { owedAmount, settlement } from '@/features/ordering/owing'
import { dollars } from '@/features/ordering/wording'
import type { Order, StatementPayment, User } from '@/payload-types'
import { inTransaction, isUniqueViolation } from '@/platform/db/transactions'

import { FORMAT_METHODS, type IgnoredRows, type IncomingPayment, type StatementRead } from './formats'
import { cents, earliestOrderFor, type MatchKind, mayHavePaid, NAME_MATCH_WEEKS, referencesIn, sameName } from './rules'

/**
 * A statement's payments stored and matched to orders, and the seller's decisions on them: confirm
 * (the order is marked paid with the payment's method and date) or leave (not an order's). Every
 * decision is made once: it applies only to a payment still in review, to an order still unpaid.
 */

const SLUG = 'statement-payments'

/** An order as the review shows it beside a payment. */
export type OrderBrief = {
  id: number | string
  reference: string
  fullName: string
  totalPrice: number
  /** A paid order the customer changed to more: the difference it still owes (else null). */
  stillToPay: number | null
  placedAt: string
  windowLabel: string | null
}

export type ReviewRow = {
  id: number | string
  source: StatementPayment['source']
  paidAt: string
  amount: number
  name: string
  note: string
  /** The order it was matched to (or, for a differing amount, the one its note names). */
  order?: OrderBrief
  /** The orders it could be, when ambiguous. */
  candidates: OrderBrief[]
  why?: string
}

export type ImportResult = { added: number; known: number; ignored: IgnoredRows }

const ORDER_SELECT = { reference: true, fullName: true, totalPrice: true, extraDue: true, notes: true, createdAt: true, windowLabel: true, paymentStatus: true, status: true } as const
type OrderRow = Pick<Order, 'id' | keyof typeof ORDER_SELECT>

const brief = (order: OrderRow): OrderBrief => ({
  id: order.id,
  reference: order.reference ?? '',
  fullName: order.fullName,
  totalPrice: order.totalPrice,
  stillToPay: order.paymentStatus === 'paid' ? owedAmount(order) || null : null,
  placedAt: order.createdAt,
  windowLabel: order.windowLabel ?? null,
})

const IN_CHUNK = 500
const chunks = <T,>(items: readonly T[]) => Array.from({ length: Math.ceil(items.length / IN_CHUNK) }, (_, index) => items.slice(index * IN_CHUNK, (index + 1) * IN_CHUNK))

/** Rows read with a `where` on many values, a few hundred values a query (SQLite's bound variables are limited). */
async function findIn<T>(values: readonly string[], find: (some: string[]) => Promise<T[]>): Promise<T[]> {
  return (await Promise.all(chunks(values).map((some) => find([...some])))).flat()
}

type Match = { match: MatchKind; order?: OrderRow; candidates: OrderRow[]; why?: string }

/**
 * Each payment matched to an order, in the order they were paid: by the reference its note names
 * and the amount; else by the payer's name and the amount among the unpaid orders of the weeks
 * before it. An order is matched to one payment of the statement at most.
 */
async function matchPayments(payload: Payload, payments: readonly IncomingPayment[], req: PayloadRequest): Promise<Map<string, Match>> {
  const references = [...new Set(payments.flatMap((payment) => referencesIn(payment.note)))]
  const byReference = new Map<string, OrderRow>()
  for (const order of await findIn(references, async (some) => {
    const found = await payload.find({ collection: 'orders', where: { reference: { in: some } }, select: ORDER_SELECT, pagination: false, depth: 0, overrideAccess: true, req })
    return found.docs as OrderRow[]
  }))
    byReference.set(order.reference ?? '', order)

  // The unpaid orders a payment without a usable reference may be for: of its amount, not too old.
  const amounts = [...new Set(payments.map((payment) => payment.amount))].map(String)
  const unpaid = payments.length
    ? await findIn(amounts, async (some) => {
        const where: Where = {
          and: [
            { paymentStatus: { equals: 'unpaid' } },
            { status: { not_equals: 'cancelled' } },
            { createdAt: { greater_than_equal: earliestOrderFor(payments.map((payment) => payment.paidAt)) } },
            { totalPrice: { in: some.map(Number) } },
          ],
        }
        const found = await payload.find({ collection: 'orders', where, select: ORDER_SELECT, sort: 'createdAt', pagination: false, depth: 0, overrideAccess: true, req })
        return found.docs as OrderRow[]
      })
    : []

  const taken = new Set<OrderRow['id']>()
  const matches = new Map<string, Match>()
  for (const payment of [...payments].sort((a, b) => a.paidAt.localeCompare(b.paidAt))) {
    const match = matchOne(payment, byReference, unpaid, taken)
    if (match.order && (match.match === 'reference' || match.match === 'name' || match.match === 'differs')) taken.add(match.order.id)
    matches.set(payment.paymentId, match)
  }
  return matches
}

function matchOne(payment: IncomingPayment, byReference: ReadonlyMap<string, OrderRow>, unpaid: readonly OrderRow[], taken: ReadonlySet<OrderRow['id']>): Match {
  const named = referencesIn(payment.note)
  const found = named.flatMap((reference) => byReference.get(reference) ?? [])
  const open = found.filter((order) => order.status !== 'cancelled' && owedAmount(order) > 0 && !taken.has(order.id))
  if (named.length > 1 && found.length > 1) {
    return open.length ? { match: 'ambiguous', candidates: open, why: `The note names ${named.join(', ')}: choose the order it pays.` } : { match: 'none', candidates: [], why: `${named.join(', ')} are paid or cancelled already.` }
  }
  const [order] = found
  if (order) {
    if (order.status === 'cancelled') return { match: 'none', candidates: [], why: `${order.reference} is cancelled.` }
    // What it owes: its total, or for a paid order changed to more (#54), the difference.
    const owes = owedAmount(order)
    if (owes <= 0) return { match: 'none', candidates: [], why: `${order.reference} is already marked paid.` }
    if (taken.has(order.id)) return { match: 'none', candidates: [], why: `${order.reference} is matched to an earlier payment of this statement.` }
    if (cents(owes) === cents(payment.amount)) return { match: 'reference', order, candidates: [] }
    const paid = cents(payment.amount) < cents(owes) ? `Paid ${dollars(payment.amount)} of ${dollars(owes)}` : `Paid ${dollars(payment.amount)} for ${dollars(owes)}`
    return { match: 'differs', order, candidates: [], why: `${paid}${order.paymentStatus === 'paid' ? ' still to pay' : ''}.` }
  }

  const byName = unpaid.filter((candidate) => !taken.has(candidate.id) && cents(candidate.totalPrice) === cents(payment.amount) && sameName(payment.name, candidate.fullName) && mayHavePaid(candidate.createdAt, payment.paidAt))
  if (byName.length === 1) return { match: 'name', order: byName[0], candidates: [] }
  if (byName.length > 1) return { match: 'ambiguous', candidates: byName, why: `${byName.length} unpaid orders of ${dollars(payment.amount)} by ${byName[0]!.fullName}: choose the one it pays.` }
  const missing = named.length ? `No order ${named[0]}` : `No unpaid order of ${dollars(payment.amount)} by ${payment.name || 'that name'} in the ${NAME_MATCH_WEEKS} weeks before`
  return { match: 'none', candidates: [], why: `${missing}.` }
}

/**
 * Payments stored between two turns of the server's other requests. SQLite answers on the server's
 * only thread, so 3,000 payments written without a pause held every visitor's page for over a
 * second; between turns, reads go on, and other writes wait their turn behind this transaction.
 */
const WRITES_PER_TURN = 50

/**
 * Stores a statement's payments not stored before (by the app's payment id), each with what the
 * matching found, in one transaction: a file uploaded twice, or overlapping an earlier one, adds
 * only what is new, and two uploads at once store each payment once.
 */
export async function importStatement(payload: Payload, read: Extract<StatementRead, { ok: true }>, method?: PaymentMethod): Promise<ImportResult> {
  const paidWith: PaymentMethod = read.format === 'generic' ? (method ?? 'other') : FORMAT_METHODS[read.format]
  const unique = [...new Map(read.payments.map((payment) => [payment.paymentId, payment])).values()]
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(payload, async (req) => {
        const known = new Set(
          (
            await findIn(
              unique.map((payment) => payment.paymentId),
              async (some) => (await payload.find({ collection: SLUG, where: { paymentId: { in: some } }, select: { paymentId: true }, pagination: false, depth: 0, overrideAccess: true, req })).docs,
            )
          ).map((row) => row.paymentId),
        )
        const fresh = unique.filter((payment) => !known.has(payment.paymentId))
        const matches = await matchPayments(payload, fresh, req)
        for (const [index, payment] of fresh.entries()) {
          if (index > 0 && index % WRITES_PER_TURN === 0) await otherRequestsFirst()
          const match = matches.get(payment.paymentId)!
          await payload.db.create({
            collection: SLUG,
            data: {
              paymentId: payment.paymentId,
              source: read.format,
              method: paidWith,
              paidAt: payment.paidAt,
              amount: payment.amount,
              name: payment.name.slice(0, 200),
              note: payment.note.slice(0, 500),
              state: 'review',
              match: match.match,
              order: match.order?.id ?? null,
              candidates: match.candidates.map((candidate) => candidate.id),
              why: match.why?.slice(0, 300) ?? null,
            },
            req,
            returning: false,
          })
        }
        return { commit: true, value: { added: fresh.length, known: unique.length - fresh.length + (read.payments.length - unique.length), ignored: read.ignored } }
      })
    } catch (error) {
      // Another upload of the same payments committed first: read again, and add only what it did not.
      if (attempt >= 2 || !isUniqueViolation(error)) throw error
    }
  }
}

/** The review's four lists: what to confirm, amounts that differ, several orders it could be, and no order found. */
export const REVIEW_SECTIONS = {
  matched: ['reference', 'name'],
  differs: ['differs'],
  ambiguous: ['ambiguous'],
  unmatched: ['none'],
} as const satisfies Record<string, readonly MatchKind[]>
export type ReviewSection = keyof typeof REVIEW_SECTIONS

export const REVIEW_PER_PAGE = 50

export type ReviewList = { rows: ReviewRow[]; total: number; page: number; totalPages: number }
export type StatementReview = Record<ReviewSection, ReviewList>

const populatedOrder = (value: unknown): OrderBrief | undefined => (value && typeof value === 'object' ? brief(value as OrderRow) : undefined)

const reviewRow = (payment: StatementPayment): ReviewRow => ({
  id: payment.id,
  source: payment.source,
  paidAt: payment.paidAt,
  amount: payment.amount,
  name: payment.name ?? '',
  note: payment.note ?? '',
  order: populatedOrder(payment.order),
  candidates: (payment.candidates ?? []).flatMap((candidate) => populatedOrder(candidate) ?? []),
  why: payment.why ?? undefined,
})

/** The payments waiting for the seller's review, by section, oldest first, a page of each at a time; read with the seller's own access. */
export async function findStatementReview(payload: Payload, user: User, pages: Partial<Record<ReviewSection, number>> = {}): Promise<StatementReview> {
  const sections = Object.keys(REVIEW_SECTIONS) as ReviewSection[]
  const lists = await Promise.all(
    sections.map(async (section): Promise<ReviewList> => {
      const found = await payload.find({
        collection: SLUG,
        where: { state: { equals: 'review' }, match: { in: [...REVIEW_SECTIONS[section]] } },
        sort: 'paidAt',
        limit: REVIEW_PER_PAGE,
        page: pages[section] ?? 1,
        depth: 1,
        populate: { orders: ORDER_SELECT },
        overrideAccess: false,
        user,
      })
      return { rows: found.docs.map(reviewRow), total: found.totalDocs, page: found.page ?? 1, totalPages: Math.max(1, found.totalPages) }
    }),
  )
  return Object.fromEntries(sections.map((section, index) => [section, lists[index]])) as StatementReview
}

export type Decision = { payment: number | string; order: number | string; anyAmount?: boolean }
export type DecisionResult = { marked: string[]; refused: { payment: number | string; why: string }[] }

type Outcome = { marked: string } | { why: string }

/**
 * Marks the chosen order paid with the payment's method and date (or, for a paid order changed to
 * more, its difference settled: `ordering/owing.ts#settlement`; a payment short of it leaves the
 * rest owing as Still to pay), and the payment confirmed on it, in
 * one transaction, as the signed-in seller (the order's hooks run as on the admin's save). Only a
 * payment still in review and an order still owing and not cancelled; a payment of another amount
 * than it owes only when the seller said so (`anyAmount`).
 */
async function confirmOne(payload: Payload, user: User, decision: Decision, now: Date): Promise<Outcome> {
  return inTransaction<Outcome>(payload, async (req) => {
    const refuse = (why: string) => ({ commit: false, value: { why } })
    const payment = (await payload.findByID({ collection: SLUG, id: decision.payment, depth: 0, disableErrors: true, overrideAccess: false, user, req })) as StatementPayment | null
    if (!payment) return refuse('That payment is no longer stored.')
    if (payment.state !== 'review') return refuse(`That payment of ${dollars(payment.amount)} was ${payment.state === 'confirmed' ? 'confirmed' : 'left'} already.`)
    const order = (await payload.findByID({ collection: 'orders', id: decision.order, depth: 0, select: ORDER_SELECT, disableErrors: true, overrideAccess: false, user, req })) as OrderRow | null
    if (!order) return refuse('That order no longer exists.')
    if (order.status === 'cancelled') return refuse(`${order.reference} is cancelled.`)
    const owes = owedAmount(order)
    if (owes <= 0) return refuse(`${order.reference} is already marked paid.`)
    if (cents(owes) !== cents(payment.amount) && !decision.anyAmount) return refuse(`${dollars(payment.amount)} is not ${order.reference}’s ${dollars(owes)}: confirm it as paid anyway, or leave it.`)

    // Less than it owes ("Mark paid anyway"): the rest stays owing, as Still to pay.
    await payload.update({ collection: 'orders', id: order.id, data: settlement(order, payment.method, new Date(payment.paidAt), payment.amount), depth: 0, overrideAccess: false, user, req })
    await payload.update({ collection: SLUG, id: payment.id, data: { state: 'confirmed', order: order.id, decidedAt: now.toISOString() }, depth: 0, overrideAccess: true, req })
    return { commit: true, value: { marked: order.reference ?? '' } }
  })
}

/**
 * The seller's choices confirmed one by one (each once: see `confirmOne`), with what was refused and
 * why. Each is a transaction of its own (an order's update and its hooks: about 15 ms), and the
 * server's other requests have their turn between two: "Confirm all" on 300 held the whole site for 5 s.
 */
export async function confirmPayments(payload: Payload, user: User, decisions: readonly Decision[], now = new Date()): Promise<DecisionResult> {
  const result: DecisionResult = { marked: [], refused: [] }
  for (const [index, decision] of decisions.entries()) {
    if (index > 0) await otherRequestsFirst()
    const outcome = await confirmOne(payload, user, decision, now)
    if ('marked' in outcome) result.marked.push(outcome.marked)
    else result.refused.push({ payment: decision.payment, why: outcome.why })
  }
  return result
}

/** "Confirm all": every matched payment in review, on the order it was matched to, a page at a time. */
export async function confirmAllMatched(payload: Payload, user: User, now = new Date()): Promise<DecisionResult> {
  const result: DecisionResult = { marked: [], refused: [] }
  const tried = new Set<number | string>()
  for (;;) {
    // Confirmed ones leave the review; refused ones stay, and are passed over on the next page.
    const { docs } = await payload.find({
      collection: SLUG,
      where: { state: { equals: 'review' }, match: { in: [...REVIEW_SECTIONS.matched] }, ...(tried.size ? { id: { not_in: [...tried] } } : {}) },
      select: { order: true },
      sort: 'paidAt',
      limit: REVIEW_PER_PAGE,
      depth: 0,
      overrideAccess: false,
      user,
    })
    if (docs.length === 0) return result
    const decisions = docs.flatMap((payment) => (payment.order == null ? [] : [{ payment: payment.id, order: typeof payment.order === 'object' ? payment.order.id : payment.order }]))
    for (const payment of docs) tried.add(payment.id)
    const some = await confirmPayments(payload, user, decisions, now)
    result.marked.push(...some.marked)
    result.refused.push(...some.refused)
  }
}

/** "Leave": payments that are not for an order (a friend paying back lunch) leave the review; never matched again. */
export async function leavePayments(payload: Payload, user: User, ids: readonly (number | string)[], now = new Date()): Promise<number> {
  if (ids.length === 0) return 0
  return inTransaction(payload, async (req) => {
    // The seller's own access reads them (admins only); the write is the service's.
    const { docs } = await payload.find({ collection: SLUG, where: { id: { in: [...ids] }, state: { equals: 'review' } }, select: { state: true }, pagination: false, depth: 0, overrideAccess: false, user, req })
    if (docs.length === 0) return { commit: false, value: 0 }
    await payload.update({ collection: SLUG, where: { id: { in: docs.map((payment) => payment.id) } }, data: { state: 'left', decidedAt: now.toISOString() }, depth: 0, overrideAccess: true, req })
    return { commit: true, value: docs.length }
  })
}
