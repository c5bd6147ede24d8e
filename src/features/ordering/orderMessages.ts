import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Order } from '@/payload-types'
import { addDays, businessDay, zonedInstant } from '@/shared/time'
import { inTransaction, isUniqueViolation } from '@/platform/db/transactions'
import { deliverSoon, queueEmail, recordNotSent } from '@/platform/email/outbox'

import { orderMessage, orderPlaceholders, type Settings } from './customerEmails'
import { withBatch } from './shop'
import { fillTemplate, MARKETING_KINDS, type MessageKind, templatesFrom } from '@/features/messages/templates'

/**
 * When a customer hears from the seller about an order: at each status the seller sets, the day
 * before a booked time, and (when they asked) when it is time for a fresh jar. Every message goes
 * through the outbox at most once per order and kind (`dedupeKey`), and a message not sent on
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

/** Queues one kind of e-mail for an order in the caller's transaction, or records why it is not sent. */
export async function queueOrderMessage(payload: Payload, order: Order, kind: OrderKind, req?: Partial<PayloadRequest>): Promise<void> {
  const [settings, stored] = await Promise.all([
    payload.findGlobal({ slug: 'site-settings', depth: 0, req }) as Promise<Settings>,
    payload.findGlobal({ slug: 'email-templates', depth: 0, overrideAccess: true, req }),
  ])
  const template = templatesFrom(stored)[kind]
  const about = `order:${order.id}`
  const dedupeKey = `${about}:${kind}`
  const subject = fillTemplate(template.subject, orderPlaceholders(payload, order, settings))
  const notSent = (reason: string) => recordNotSent(payload, { to: order.email || '(no e-mail address)', subject, about, dedupeKey, reason }, req)

  if (!template.enabled) return notSent('Switched off in E-mail templates.')
  if (!order.email) return notSent('The order has no e-mail address.')
  if (MARKETING_KINDS.includes(kind) && (await isUnsubscribed(payload, order.email, req))) return notSent('The address unsubscribed from these e-mails.')
  const withItsBatch = await withBatch(payload, order, req)
  await queueEmail(payload, { ...orderMessage(payload, kind, { ...withItsBatch, email: order.email }, settings, template), about, dedupeKey }, req)
}

/**
 * The reminders due now, queued each in its own transaction: the day-before reminder for orders
 * booked tomorrow (from 9:00 today), and the refill reminder for completed orders whose customer
 * asked for one, the seller's number of days after completion. Run by the server's own worker
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
    due.push(...docs.map((order) => ({ order, kind: 'reminder' as const })))
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

  let checked = 0
  for (const { order, kind } of due) {
    try {
      await inTransaction(payload, async (req) => {
        await queueOrderMessage(payload, order, kind, req)
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
