import 'server-only'

import type { Payload, PayloadRequest, Where } from 'payload'

import { customerKeys } from '@/features/admin/customerKeys'
import { groupContacts } from '@/features/admin/customers'
import { composeEmail } from '@/features/messages/composeEmail'
import { recallNoticeLink, noticeFromRecallKey } from '@/features/messages/signedLinks'
import { fillTemplate, templatesFrom, type Placeholder } from '@/features/messages/templates'
import { handoverSteps } from '@/features/ordering/handoverRecord'
import { withdrawOutgrownReminders } from '@/features/ordering/outgrownReminders'
import type { Batch, EmailOutbox, Order, Recall, RecallNotice } from '@/payload-types'
import { inTransaction } from '@/platform/db/transactions'
import { deliverSoon, queueEmail } from '@/platform/email/outbox'
import { relationId } from '@/shared/relation'

import { findRecallTarget, recallRows, recallTotals, type RecallRow, type RecallTarget } from './recallList'
import { noticeState, NOTICES_PER_PAGE, recallEmailAbout, recallEmailKey, type NoticeState, type RecallKind } from './recordRules'
import { recallQuery, type RecallScope } from './rules'

/**
 * A recall recorded: a drill (the list found and timed, nothing else changed) or a real one, which
 * in one transaction stops the recalled batches selling, holds the open orders that took their
 * jars, records who is told and queues one e-mail per customer through the outbox (sent after the
 * commit). The callers checked the admin session.
 */

/** One customer of a recall, grouped as the recall counts them (the Customers view's rule: a shared e-mail or phone is one customer). */
export type RecallCustomer = {
  /** Their first order's id: the e-mail's dedupe key names the customer by it. */
  key: string
  name: string
  email: string | null
  phone: string
  references: string[]
}

/**
 * The rows' customers (rows newest first: `NEWEST_FIRST`), each with their orders' references,
 * oldest first; the newest order's name and phone, the newest e-mail given.
 */
export function recallCustomers(rows: readonly RecallRow[]): RecallCustomer[] {
  const contacts = rows.map((row) => ({ ...customerKeys(row), firstOrderId: String(row.id), row }))
  return groupContacts(contacts).map((group) => {
    // A group keeps the rows' order.
    const orders = group.map((contact) => contact.row)
    const newest = orders[0]
    return {
      key: `customer-${group.map((contact) => contact.firstOrderId).sort()[0]}`,
      name: newest.name,
      email: orders.find((order) => order.email)?.email ?? null,
      phone: newest.phone,
      references: orders.map((order) => order.reference).filter(Boolean).reverse(),
    }
  })
}

const NEWEST_FIRST = { column: 'order', descending: true } as const

/** What is recalled as a customer reads it on their jars' labels: 'batch B-1205', 'Peach Ginger of batch B-1205', 'batches B-1201, B-1205'. */
export function recalledText(target: RecallTarget): string {
  const codes = target.batches.map((batch) => batch.code)
  const batches = codes.length === 1 ? `batch ${codes[0]}` : `batches ${codes.join(', ')}`
  return target.flavor ? `${target.flavor.name} of ${batches}` : batches
}

type Letter = { subject: string; body: string; business: string; replyTo: string }

/**
 * The recall e-mail with everything but the customer filled in ({name} and {references} stay as
 * written): what the confirmation step shows, and what the record keeps as sent.
 */
async function recallLetter(payload: Payload, target: RecallTarget, reason: string, req?: Partial<PayloadRequest>): Promise<Letter & { values: Partial<Record<Placeholder, string>> }> {
  const [settings, stored] = await Promise.all([
    payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true, req }),
    payload.findGlobal({ slug: 'email-templates', depth: 0, overrideAccess: true, req }),
  ])
  const template = templatesFrom(stored).recall
  const values: Partial<Record<Placeholder, string>> = {
    business: settings.businessName,
    product: settings.productName,
    phone: settings.phone,
    recalled: recalledText(target),
    reason: reason.trim() || 'a possible food-safety problem',
    contact: `text or call ${settings.phone}, or e-mail ${settings.email}`,
  }
  const asWritten = { ...values, name: '{name}', references: '{references}' }
  return { subject: fillTemplate(template.subject, asWritten), body: fillTemplate(template.body, asWritten), business: settings.businessName, replyTo: settings.email, values }
}

/** The line below every recall e-mail, with its link. */
const confirmLine = (link: string) => `Please tell us you have read this notice: ${link}`

/** The confirmation step's preview: the subject and the text with the customer's parts as placeholders. */
export async function recallEmailPreview(payload: Payload, target: RecallTarget, reason: string): Promise<{ subject: string; text: string }> {
  const letter = await recallLetter(payload, target, reason)
  return { subject: letter.subject, text: [letter.body, confirmLine('(a link for each customer)'), letter.business].join('\n\n') }
}

/** The real recalls already recorded for the same scope (the confirmation step warns of them). */
export async function earlierRecalls(payload: Payload, scope: RecallScope): Promise<Pick<Recall, 'id' | 'createdAt'>[]> {
  const { docs } = await payload.find({ collection: 'recalls', where: { and: [{ scope: { equals: recallQuery(scope) } }, { kind: { equals: 'real' } }] }, select: { createdAt: true }, sort: '-createdAt', limit: 5, depth: 0, overrideAccess: true })
  return docs
}

export type StartRecall = {
  scope: RecallScope
  kind: RecallKind
  reason: string
  userId: number | string
  /** The confirmation form's one-time key: a second post with it finds the recall the first made. */
  requestKey?: string
}

export type RecallStarted = { status: 'recorded'; id: number | string } | { status: 'problem'; problem: string }

export const NOTHING_TO_RECALL = 'No order took these jars: nobody to tell, nothing recorded.'
export const REASON_MISSING = 'Say why you recall these jars: the customers read it in the e-mail.'

/**
 * Why a recall's button recorded nothing, as the screens' addresses carry it back (a fixed code,
 * never text from the address), and the words each screen shows for it.
 */
export const RECALL_REFUSALS = {
  nothing: NOTHING_TO_RECALL,
  reason: REASON_MISSING,
  gone: 'What you chose is not there any more: choose it again.',
} as const

export const refusalCode = (problem: string): keyof typeof RECALL_REFUSALS => (problem === NOTHING_TO_RECALL ? 'nothing' : problem === REASON_MISSING ? 'reason' : 'gone')

/** The words for `?refused=…`, or nothing for any other value. */
export const refusalOf = (code: string): string | undefined => (Object.hasOwn(RECALL_REFUSALS, code) ? RECALL_REFUSALS[code as keyof typeof RECALL_REFUSALS] : undefined)

/**
 * Records a drill or a real recall (see the top). `afterHolds` runs inside the real recall's
 * transaction once the orders are held, before anyone is told: the tests throw there to see that
 * a failure leaves nothing changed.
 */
export async function startRecall(payload: Payload, start: StartRecall, options: { afterHolds?: (req: PayloadRequest) => Promise<void> } = {}): Promise<RecallStarted> {
  if (start.kind === 'real' && !start.reason.trim()) return { status: 'problem', problem: REASON_MISSING }
  if (start.requestKey) {
    const { docs } = await payload.find({ collection: 'recalls', where: { requestKey: { equals: start.requestKey } }, limit: 1, depth: 0, overrideAccess: true })
    if (docs[0]) return { status: 'recorded', id: docs[0].id }
  }
  return start.kind === 'drill' ? recordDrill(payload, start) : recordRealRecall(payload, start, options)
}

const base = (start: StartRecall, target: RecallTarget) => ({
  label: target.label,
  kind: start.kind,
  scope: recallQuery(start.scope),
  reason: start.reason.trim(),
  startedBy: start.userId as number,
  requestKey: start.requestKey || null,
})

const listCounts = (rows: readonly RecallRow[], customers: readonly RecallCustomer[]) => ({
  customers: customers.length,
  orders: rows.length,
  jars: rows.reduce((sum, row) => sum + row.recalledJars, 0),
  noEmail: customers.filter((customer) => !customer.email).length,
})

/** The customers told (or, for a drill, found), each a record of the recall. */
async function recordCustomer(payload: Payload, recallId: number | string, customer: RecallCustomer, req: PayloadRequest): Promise<RecallNotice> {
  return payload.create({
    collection: 'recall-notices',
    data: { recall: recallId as number, name: customer.name, email: customer.email, phone: customer.phone, references: customer.references.join(', ') },
    depth: 0,
    overrideAccess: true,
    req,
  })
}

/** A drill: the same list, timed from the request to the list in hand; nothing sent, nothing held, nothing stopped. */
async function recordDrill(payload: Payload, start: StartRecall): Promise<RecallStarted> {
  const began = performance.now()
  const found = await findRecallTarget(payload, start.scope)
  if ('problem' in found) return { status: 'problem', problem: found.problem }
  const rows = await recallRows(payload, found.target, NEWEST_FIRST)
  const customers = recallCustomers(rows)
  const findMs = Math.round(performance.now() - began)
  if (rows.length === 0) return { status: 'problem', problem: NOTHING_TO_RECALL }
  const id = await inTransaction(payload, async (req) => {
    const recall = await payload.create({ collection: 'recalls', data: { ...base(start, found.target), ...listCounts(rows, customers), findMs }, depth: 0, overrideAccess: true, req })
    for (const customer of customers) await recordCustomer(payload, recall.id, customer, req)
    return { commit: true, value: recall.id }
  })
  return { status: 'recorded', id }
}

async function recordRealRecall(payload: Payload, start: StartRecall, options: { afterHolds?: (req: PayloadRequest) => Promise<void> }): Promise<RecallStarted> {
  // Asked first, outside the transaction: a scope with no orders records nothing.
  const found = await findRecallTarget(payload, start.scope)
  if ('problem' in found) return { status: 'problem', problem: found.problem }
  if ((await recallTotals(payload, found.target)).orders === 0) return { status: 'problem', problem: NOTHING_TO_RECALL }

  const began = performance.now()
  const outcome = await inTransaction<RecallStarted>(payload, async (req) => {
    const again = await findRecallTarget(payload, start.scope, req)
    if ('problem' in again) return { commit: false, value: { status: 'problem', problem: again.problem } }
    const { target } = again
    // The batches first: from here no order can take their jars, so the list read next is whole.
    const stopped = await stopSelling(payload, target, req)
    const rows = await recallRows(payload, target, NEWEST_FIRST, undefined, req)
    if (rows.length === 0) return { commit: false, value: { status: 'problem', problem: NOTHING_TO_RECALL } }
    const customers = recallCustomers(rows)
    const letter = await recallLetter(payload, target, start.reason, req)
    const findMs = Math.round(performance.now() - began)

    const open = rows.filter((row) => row.state !== 'completed').map((row) => row.id)
    const recall = await payload.create({
      collection: 'recalls',
      data: { ...base(start, target), ...listCounts(rows, customers), findMs, heldOrders: open.length, stopped, subject: letter.subject, text: [letter.body, confirmLine('(the customer’s own link)'), letter.business].join('\n\n') },
      depth: 0,
      overrideAccess: true,
      req,
    })
    // Through the adapter, a recall can hold hundreds; the one thing an order hook would do for a hold
    // is done here: a "We missed you" waiting in the outbox for a held pickup is not sent.
    if (open.length) {
      const { docs: held } = await payload.db.find<Order>({ collection: 'orders', where: { id: { in: open } }, pagination: false, req })
      await payload.db.updateMany({ collection: 'orders', where: { id: { in: open } }, data: { heldByRecall: recall.id, updatedAt: new Date().toISOString() }, req, returning: false })
      for (const order of held) await withdrawOutgrownReminders(payload, order, { ...order, heldByRecall: recall.id }, req)
    }
    await options.afterHolds?.(req)

    let emailed = 0
    for (const customer of customers) {
      const notice = await recordCustomer(payload, recall.id, customer, req)
      if (!customer.email) continue
      const values = { ...letter.values, name: customer.name, references: customer.references.join(', ') }
      const dedupeKey = recallEmailKey(recall.id, customer.key)
      // The law's notice: to every customer, unsubscribed or not; no unsubscribe link, nothing to sell.
      const email = composeEmail({
        to: customer.email,
        subject: fillTemplate(letter.subject, values),
        paragraphs: [fillTemplate(letter.body, values), confirmLine(recallNoticeLink(payload, notice.id)), letter.business],
        replyTo: letter.replyTo,
      })
      await queueEmail(payload, { ...email, about: recallEmailAbout(recall.id), dedupeKey }, req)
      const queued = await payload.db.findOne<EmailOutbox>({ collection: 'email-outbox', where: { dedupeKey: { equals: dedupeKey } }, req })
      if (queued) await payload.db.updateOne({ collection: 'recall-notices', id: notice.id, data: { outboxEmail: String(queued.id) }, req, returning: false })
      emailed++
    }
    await payload.db.updateOne({ collection: 'recalls', id: recall.id, data: { emailed }, req, returning: false })
    return { commit: true, value: { status: 'recorded', id: recall.id } }
  })
  if (outcome.status === 'recorded') deliverSoon(payload)
  return outcome
}

/**
 * Sets the recalled jars' "left to sell" to 0 through Payload's update, so the batch's hook
 * expires the shop's pages after the commit as for any edit. A flavor of a batch counted per
 * flavor stops that flavor only; a batch counting its jars together (no flavor rows) cannot stop
 * one flavor, so the whole batch stops. Answers what was stopped, for the record.
 */
async function stopSelling(payload: Payload, target: RecallTarget, req: PayloadRequest): Promise<string> {
  const flavorId = target.flavor
    ? (await payload.find({ collection: 'flavors', where: { value: { equals: target.flavor.value } }, select: {}, limit: 1, depth: 0, overrideAccess: true, req })).docs[0]?.id
    : undefined
  const stopped: string[] = []
  for (const { id, code } of target.batches) {
    const batch = (await payload.findByID({ collection: 'batches', id, depth: 0, overrideAccess: true, req })) as Batch
    const rows = batch.flavors ?? []
    let data: Pick<Batch, 'flavors' | 'jarsLeft'>
    if (target.flavor && rows.length > 0) {
      data = { flavors: rows.map((row) => (String(relationId(row.flavor ?? null)) === String(flavorId) ? { ...row, left: 0 } : row)) }
      stopped.push(`${code} (${target.flavor.name} only)`)
    } else {
      data = { flavors: rows.map((row) => ({ ...row, left: 0 })), jarsLeft: 0 }
      stopped.push(target.flavor && rows.length === 0 ? `${code} (all of it: its jars are counted together, not per flavor)` : code)
    }
    await payload.update({ collection: 'batches', id, data, depth: 0, overrideAccess: true, req })
  }
  return stopped.join(', ')
}

// ---- The record ----

export type NoticeRow = Pick<RecallNotice, 'id' | 'name' | 'email' | 'phone' | 'references' | 'confirmedAt'> & {
  state: NoticeState
  error: string | null
  /** The delivery day's record of each of the customer's orders that has one: 'SM-1042: Out of the fridge 2:05 PM · Handed over 2:41 PM (36 min)'. */
  handovers: string[]
}

export type RecallRecord = {
  recall: Recall
  counts: { sent: number; failed: number; waiting: number; confirmed: number }
  notices: NoticeRow[]
  page: number
  pages: number
  found: number
}

/** Who to show: everyone, those to call (e-mail failed or none), or those who confirmed. */
export type NoticeFilter = 'all' | 'call' | 'confirmed'

/** The e-mails of a recall that failed: refused by the mail server (still retried) or given up. */
const failedWhere = (recallId: number | string): Where => ({
  and: [
    { about: { equals: recallEmailAbout(recallId) } },
    { or: [{ status: { in: ['failed', 'skipped'] } }, { and: [{ status: { in: ['pending', 'sending'] } }, { attempts: { greater_than: 0 } }] }] },
  ],
})

/** A recall's record with one page of its customers and each one's e-mail as the outbox has it. */
export async function findRecallRecord(payload: Payload, id: string, page = 1, filter: NoticeFilter = 'all'): Promise<RecallRecord | null> {
  const read = { depth: 0, overrideAccess: true } as const
  // Depth 1: who started it, by their e-mail.
  const recall = await payload.findByID({ collection: 'recalls', id, depth: 1, overrideAccess: true, disableErrors: true })
  if (!recall) return null
  const about = { about: { equals: recallEmailAbout(recall.id) } }
  const [sent, failed, confirmed] = await Promise.all([
    payload.count({ collection: 'email-outbox', where: { and: [about, { status: { equals: 'sent' } }] }, overrideAccess: true }),
    payload.db.find<EmailOutbox>({ collection: 'email-outbox', where: failedWhere(recall.id), pagination: false, select: { id: true } }),
    payload.count({ collection: 'recall-notices', where: { and: [{ recall: { equals: recall.id } }, { confirmedAt: { exists: true } }] }, overrideAccess: true }),
  ])
  const failedIds = failed.docs.map((email) => String(email.id))
  const ofRecall = { recall: { equals: recall.id } }
  const where: Where =
    filter === 'call'
      ? { and: [ofRecall, { or: [{ email: { exists: false } }, ...(failedIds.length ? [{ outboxEmail: { in: failedIds } }] : [])] }] }
      : filter === 'confirmed'
        ? { and: [ofRecall, { confirmedAt: { exists: true } }] }
        : ofRecall
  const notices = await payload.find({ collection: 'recall-notices', where, sort: 'name', limit: NOTICES_PER_PAGE, page, ...read })
  const outboxIds = notices.docs.flatMap((notice) => (notice.outboxEmail ? [notice.outboxEmail] : []))
  const emails = outboxIds.length
    ? await payload.db.find<EmailOutbox>({ collection: 'email-outbox', where: { id: { in: outboxIds } }, pagination: false, select: { status: true, attempts: true, lastError: true } })
    : { docs: [] }
  const byId = new Map(emails.docs.map((email) => [String(email.id), email]))
  const handovers = await handoverRecords(payload, notices.docs.flatMap((notice) => referencesOf(notice.references)))
  const emailed = recall.emailed ?? 0
  return {
    recall,
    counts: { sent: sent.totalDocs, failed: failedIds.length, waiting: Math.max(0, emailed - sent.totalDocs - failedIds.length), confirmed: confirmed.totalDocs },
    notices: notices.docs.map((notice) => {
      const email = notice.outboxEmail ? (byId.get(notice.outboxEmail) ?? null) : null
      const state = recall.kind === 'drill' && !notice.email ? 'no-email' : recall.kind === 'drill' ? 'waiting' : noticeState(email)
      return {
        id: notice.id,
        name: notice.name,
        email: notice.email,
        phone: notice.phone,
        references: notice.references,
        confirmedAt: notice.confirmedAt,
        state,
        error: state === 'failed' ? (email?.lastError ?? null) : null,
        handovers: referencesOf(notice.references).flatMap((reference) => (handovers.has(reference) ? [`${reference}: ${handovers.get(reference)}`] : [])),
      }
    }),
    page: notices.page ?? 1,
    pages: Math.max(1, notices.totalPages),
    found: notices.totalDocs,
  }
}

/** A notice's orders, as it keeps them: 'SM-1042, SM-1043'. */
const referencesOf = (references: string | null | undefined) => (references ?? '').split(',').map((reference) => reference.trim()).filter(Boolean)

/** The delivery day's record of the page's orders that have one, by reference: one query over the references shown. */
async function handoverRecords(payload: Payload, references: string[]): Promise<Map<string, string>> {
  if (references.length === 0) return new Map()
  const { docs } = await payload.find({
    collection: 'orders',
    where: { and: [{ reference: { in: references } }, { or: [{ leftFridgeAt: { exists: true } }, { handedOverAt: { exists: true } }, { notHomeAt: { exists: true } }, { missedPickupAt: { exists: true } }] }] },
    select: { reference: true, deliveryMethod: true, windowStartsAt: true, leftFridgeAt: true, handedOverAt: true, notHomeAt: true, missedPickupAt: true },
    pagination: false,
    depth: 0,
    // The record's page checked the admin session (the admin's view, the phone's page) before it asked.
    overrideAccess: true,
  })
  return new Map(docs.map((order) => [order.reference ?? '', handoverSteps(order).join(' · ')]))
}

// ---- The customer's confirmation ----

export type Confirmation = { status: 'invalid' } | { status: 'confirmed'; business: string; confirmedAt: string }

/**
 * The "I have read this notice" link's action: records when, once (a second press keeps the first
 * time); a link whose signature does not hold, or whose notice is gone, changes nothing.
 */
export async function confirmRecallNotice(payload: Payload, key: unknown, now = new Date()): Promise<Confirmation> {
  const id = noticeFromRecallKey(payload, key)
  if (!id) return { status: 'invalid' }
  return inTransaction(payload, async (req) => {
    // One conditional update: two presses at once record one time.
    await payload.db.updateOne({ collection: 'recall-notices', where: { and: [{ id: { equals: id } }, { confirmedAt: { exists: false } }] }, data: { confirmedAt: now.toISOString() }, req, returning: false })
    const notice = await payload.db.findOne<RecallNotice>({ collection: 'recall-notices', where: { id: { equals: id } }, req })
    if (!notice?.confirmedAt) return { commit: false, value: { status: 'invalid' } as Confirmation }
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true, req })
    return { commit: true, value: { status: 'confirmed', business: settings.businessName, confirmedAt: notice.confirmedAt } as Confirmation }
  })
}

/** Whether a link is a good one (the page shows its button only then). */
export async function recallNoticeOf(payload: Payload, key: unknown): Promise<Pick<RecallNotice, 'id' | 'confirmedAt'> | null> {
  const id = noticeFromRecallKey(payload, key)
  if (!id) return null
  return payload.db.findOne<RecallNotice>({ collection: 'recall-notices', where: { id: { equals: id } } })
}
