import 'server-only'

import type { Payload, PayloadRequest, Where } from 'payload'

import type { Order } from '@/payload-types'
import { addDays, businessDay, zonedInstant } from '@/shared/time'
import { inTransaction, isUniqueViolation } from '@/platform/db/transactions'
import { deliverSoon, queueEmail, recordNotSent, withdrawQueued } from '@/platform/email/outbox'

import { orderMessage, orderPlaceholders, type Settings } from './customerEmails'
import { isOrderMessageKey, orderEmailsAbout, orderMessageKey } from './orderMessageKeys'
import { paymentReminderDue, paymentReminderRanges, paymentReminderSettings, type PaymentReminderSettings } from './paymentReminderRules'
import { withBatch } from './shop'
import { fillTemplate, MARKETING_KINDS, type MessageKind, templatesFrom } from '@/features/messages/templates'

/**
 * When a customer hears from the seller about an order: at each status the seller sets, the day
 * before a booked time, when it is not paid by the seller's chosen moment (once the seller turned
 * payment reminders on), and (when they asked) when it is time for a fresh jar. Every message goes
 * through the outbox at most once per order and kind (`dedupeKey`; the reminder once per booked day), and a message not sent on
 * purpose is recorded with the reason, so the order's page in the admin lists them all.
 */

type OrderStatus = Order['status']
type OrderKind = Exclude<MessageKind, 'welcome' | 'received'>

/** The e-mail each status sends when the seller moves an order to it. */
export const STATUS_MESSAGES: Partial<Record<OrderStatus, OrderKind>> = { confirmed: 'confirmed', ready: 'ready', completed: 'completed', cancelled: 'cancelled' }

/** The day-before reminder goes out from this hour (the seller's clock) of the day before. */
export const REMINDER_FROM = '09:00'
/** A refill reminder found later than this after it was due (the server was down) is not sent any more. */
const REFILL_GRACE_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

export async function isUnsubscribed(payload: Payload, email: string, req?: Partial<PayloadRequest>): Promise<boolean> {
  const { totalDocs } = await payload.count({ collection: 'unsubscribes', where: { email: { equals: email.trim().toLowerCase() } }, overrideAccess: true, req })
  return totalDocs > 0
}

/** The outbox key of an order's e-mail of this kind: the day-before reminder's names the booked day. */
function messageKeyOf(order: Order, kind: OrderKind): string {
  return orderMessageKey(order.id, kind, kind === 'reminder' && order.windowStartsAt ? businessDay(new Date(order.windowStartsAt)).key : undefined)
}

/**
 * Queues one kind of e-mail for an order in the caller's transaction (true), or records why it is
 * not sent (false), so a caller that marks the order as e-mailed marks only what goes.
 */
export async function queueOrderMessage(payload: Payload, order: Order, kind: OrderKind, req?: Partial<PayloadRequest>): Promise<boolean> {
  const [settings, stored] = await Promise.all([
    payload.findGlobal({ slug: 'site-settings', depth: 0, req }) as Promise<Settings>,
    payload.findGlobal({ slug: 'email-templates', depth: 0, overrideAccess: true, req }),
  ])
  const template = templatesFrom(stored)[kind]
  const about = orderEmailsAbout(order.id)
  const dedupeKey = messageKeyOf(order, kind)
  const subject = fillTemplate(template.subject, orderPlaceholders(payload, order, settings))
  const notSent = async (reason: string) => {
    await recordNotSent(payload, { to: order.email || '(no e-mail address)', subject, about, dedupeKey, reason }, req)
    return false
  }

  if (!template.enabled) return notSent('Switched off in E-mail templates.')
  if (!order.email) return notSent('The order has no e-mail address.')
  if (MARKETING_KINDS.includes(kind) && (await isUnsubscribed(payload, order.email, req))) return notSent('The address unsubscribed from these e-mails.')
  const withItsBatch = await withBatch(payload, order, req)
  await queueEmail(payload, { ...orderMessage(payload, kind, { ...withItsBatch, email: order.email }, settings, template), about, dedupeKey }, req)
  return true
}

/**
 * The reminders due now, queued each in its own transaction: the day-before reminder for orders
 * booked tomorrow (from 9:00 today), the payment reminder for unpaid orders at the seller's moment
 * (when turned on), and the refill reminder for completed orders whose customer asked for one, the
 * seller's number of days after completion. Run by the server's own worker
 * (`instrumentation.ts`), never by a visitor's request; safe to run any number of times.
 */
export async function queueScheduledMessages(payload: Payload, now = new Date()): Promise<{ checked: number }> {
  const today = businessDay(now).key
  const tomorrow = addDays(today, 1)
  const templates = templatesFrom(await payload.findGlobal({ slug: 'email-templates', depth: 0, overrideAccess: true }))
  const due: { order: Order; kind: OrderKind }[] = []

  if (now >= zonedInstant(today, REMINDER_FROM)) {
    const { docs } = await payload.find({
      collection: 'orders',
      where: {
        and: [
          { windowStartsAt: { greater_than_equal: zonedInstant(tomorrow, '00:00').toISOString() } },
          { windowStartsAt: { less_than: zonedInstant(addDays(tomorrow, 1), '00:00').toISOString() } },
          { status: { in: ['new', 'confirmed', 'ready'] } },
        ],
      },
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    const unreminded = await withoutReminderUnderOldKey(payload, await notYetQueued(payload, docs, 'reminder'), today)
    due.push(...unreminded.map((order) => ({ order, kind: 'reminder' as const })))
  }

  const refillDue = now.getTime() - templates.refillAfterDays * DAY_MS
  const { docs: refills } = await payload.find({
    collection: 'orders',
    where: {
      and: [
        { refillReminder: { equals: true } },
        { status: { equals: 'completed' } },
        { completedAt: { less_than_equal: new Date(refillDue).toISOString() } },
        { completedAt: { greater_than: new Date(refillDue - REFILL_GRACE_DAYS * DAY_MS).toISOString() } },
      ],
    },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  due.push(...refills.map((order) => ({ order, kind: 'refill' as const })))

  const reminders = paymentReminderSettings((await payload.findGlobal({ slug: 'fulfilment', depth: 0 })).paymentReminders)
  if (reminders.enabled) due.push(...(await paymentRemindersDue(payload, reminders, now)).map((order) => ({ order, kind: 'paymentReminder' as const })))

  let checked = 0
  for (const { order, kind } of due) {
    try {
      await inTransaction(payload, async (req) => {
        if (kind !== 'paymentReminder') {
          await queueOrderMessage(payload, order, kind, req)
          return { commit: true, value: undefined }
        }
        // Read again in the transaction: paid, cancelled or left out since the round's list was read, it gets none.
        const current = await payload.findByID({ collection: 'orders', id: order.id, depth: 0, overrideAccess: true, disableErrors: true, req })
        if (!current || !owesPayment(current)) return { commit: false, value: undefined }
        await queueOrderMessage(payload, current, kind, req)
        return { commit: true, value: undefined }
      })
      checked++
    } catch (error) {
      // Another instance queued the same message a moment earlier: it goes once, which is the point.
      if (!isUniqueViolation(error)) payload.logger.error({ err: error, msg: `[messages] could not queue the ${kind} e-mail of order ${order.id}` })
    }
  }
  if (checked) deliverSoon(payload)
  return { checked }
}

/** An order a payment reminder may go to: not paid, not cancelled, and not left out by the seller. */
export const owesPayment = (order: Pick<Order, 'paymentStatus' | 'status' | 'noPaymentReminder'>) => order.paymentStatus !== 'paid' && order.status !== 'cancelled' && order.noPaymentReminder !== true

/**
 * A reminder of this kind queued for the order and still waiting in the outbox (the mail server
 * down) that no longer applies: recorded as not sent, with why (`reason`), in the caller's
 * transaction. Which reminders an order outgrows, and when, is the Orders hook's
 * (`collections/Orders/hooks/withdrawOutgrownReminders.ts`).
 */
export function withdrawQueuedOrderMessage(payload: Payload, order: Pick<Order, 'id'>, kind: OrderKind, reason: string, req: Partial<PayloadRequest>): Promise<void> {
  return withdrawQueued(payload, orderEmailsAbout(order.id), (dedupeKey) => isOrderMessageKey(dedupeKey, order.id, kind), reason, req)
}

/**
 * The orders whose payment reminder is due at `now` and not queued (or recorded as not sent) yet.
 * The database narrows them to the few days around now (`paymentReminderRanges`), the rules decide
 * each, and one look at the outbox leaves out those already reminded, so a round that finds nothing
 * new opens no transaction.
 */
async function paymentRemindersDue(payload: Payload, settings: PaymentReminderSettings, now: Date): Promise<Order[]> {
  const ranges = paymentReminderRanges(settings, now)
  const placed: Where[] = [{ createdAt: { greater_than_equal: ranges.placed.from.toISOString() } }, { createdAt: { less_than_equal: ranges.placed.to.toISOString() } }]
  const when: Where = ranges.booked
    ? {
        or: [
          { and: [{ windowStartsAt: { exists: false } }, ...placed] },
          { and: [{ windowStartsAt: { greater_than_equal: ranges.booked.from.toISOString() } }, { windowStartsAt: { less_than: ranges.booked.to.toISOString() } }] },
        ],
      }
    : { and: placed }
  const { docs } = await payload.find({
    collection: 'orders',
    where: { and: [when, { status: { not_equals: 'cancelled' } }, { paymentStatus: { not_equals: 'paid' } }, { noPaymentReminder: { not_equals: true } }] },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return notYetQueued(payload, docs.filter((order) => paymentReminderDue(order, settings, now)), 'paymentReminder')
}

/**
 * The orders whose e-mail of this kind is neither queued nor recorded as not sent: one look at the
 * outbox by its keys, so a round that finds nothing new opens no transaction.
 */
export function notYetQueued(payload: Payload, orders: Order[], kind: OrderKind): Promise<Order[]> {
  return withoutOutboxKey(payload, orders, (order) => messageKeyOf(order, kind))
}

/**
 * Before the reminder's key named its day it was `order:42:reminder`, once per order. SQLite's
 * migration gave those keys their day; MongoDB runs no migrations, so an order booked for
 * tomorrow that was reminded today, under the old key, just before the upgrade would be reminded
 * again. An old key queued today (the reminder goes from 9:00 the day before) counts as
 * tomorrow's reminder. Nothing is filed under the old key any more: once a day has passed since
 * the upgrade this finds nothing.
 */
function withoutReminderUnderOldKey(payload: Payload, orders: Order[], today: string): Promise<Order[]> {
  return withoutOutboxKey(payload, orders, (order) => orderMessageKey(order.id, 'reminder'), { createdAt: { greater_than_equal: zonedInstant(today, '00:00').toISOString() } })
}

/** The orders none of whose outbox entries (those matching `also`) carries its key. */
async function withoutOutboxKey(payload: Payload, orders: Order[], keyOf: (order: Order) => string, also?: Where): Promise<Order[]> {
  if (orders.length === 0) return []
  const byKey: Where = { dedupeKey: { in: orders.map(keyOf) } }
  const { docs: queued } = await payload.find({
    collection: 'email-outbox',
    where: also ? { and: [byKey, also] } : byKey,
    select: { dedupeKey: true },
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  const known = new Set(queued.map((email) => email.dedupeKey))
  return orders.filter((order) => !known.has(keyOf(order)))
}
