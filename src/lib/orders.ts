import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'

import type { Order } from '@/payload-types'

import { claimDiscountCode, discountRejection, type DiscountStatus } from './discounts'
import { deliverEmail } from './mailer'
import { messages, type Message } from './messages'
import { flavorsText } from './orderDetails'
import { customerOrderEmail, sellerOrderEmail } from './orderEmails'
import { priceOrder } from './pricing'
import { parseOrderForm, type OrderInput } from './schemas'

/**
 * Places an order: validate → price with pricing.ts → claim the discount code and store the order in
 * one transaction → e-mail seller and customer. The server action is a thin wrapper around
 * `submitOrder`; tests call it directly with a Payload instance.
 */

export type OrderResult =
  | { status: 'success'; order: Order; discountUsed: boolean }
  | { status: 'error'; message: Message; field?: string; discountRejected?: boolean }

/**
 * `values` are the posted form fields as strings. Only the fields the schema knows are read: a
 * price, total or discount amount sent by the browser is never looked at.
 */
export async function submitOrder(payload: Payload, values: Record<string, unknown>): Promise<OrderResult> {
  const parsed = parseOrderForm(values)
  if (!parsed.ok) return { status: 'error', message: parsed.message, field: parsed.field }

  let stored: StoreOutcome
  try {
    stored = await storeOrder(payload, parsed.order)
  } catch (error) {
    payload.logger.error({ err: error, msg: '[order] could not store an order' })
    return { status: 'error', message: messages.order.failed }
  }
  if (stored.status === 'rejected') {
    return { status: 'error', message: discountRejection(stored.reason), field: 'discountCode', discountRejected: true }
  }
  // The order is committed: from here on nothing may turn it into a failure.
  await sendOrderEmails(payload, stored.order)
  return { status: 'success', order: stored.order, discountUsed: Boolean(stored.order.discountCode) }
}

type StoreOutcome = { status: 'stored'; order: Order } | { status: 'rejected'; reason: Exclude<DiscountStatus, 'valid'> }

/**
 * Claims the code and creates the order in one unit of work. A refused code rolls back and nothing
 * is stored: the visitor was shown a discounted total and must not be charged a different one
 * without seeing it.
 */
function storeOrder(payload: Payload, input: OrderInput): Promise<StoreOutcome> {
  return inTransaction<StoreOutcome>(payload, (req) => claimCodeAndCreateOrder(payload, input, req))
}

async function claimCodeAndCreateOrder(payload: Payload, input: OrderInput, req: PayloadRequest): Promise<{ commit: boolean; value: StoreOutcome }> {
  if (input.discountCode) {
    const claim = await claimDiscountCode(payload, input.discountCode, req)
    if (claim !== 'valid') return { commit: false, value: { status: 'rejected', reason: claim } }
  }
  const price = priceOrder({ quantity: input.quantity, deliveryMethod: input.deliveryMethod, discountApplied: Boolean(input.discountCode) })
  const order = await payload.create({
    collection: 'orders',
    data: {
      status: 'new',
      fullName: input.fullName,
      email: input.email,
      phone: input.phone,
      instagram: input.instagram,
      quantity: input.quantity,
      flavors: flavorsText(input.flavors),
      deliveryMethod: input.deliveryMethod,
      city: input.city,
      address: input.address,
      zip: input.zip,
      notes: input.notes,
      consent: input.consent,
      originalPrice: price.originalPrice,
      deliveryFee: price.deliveryFee,
      discountAmount: price.discountAmount,
      totalPrice: price.totalPrice,
      discountCode: input.discountCode,
    },
    depth: 0,
    // Visitors may not create orders through the API (create access is `nobody`); this code
    // validated and priced everything itself above.
    overrideAccess: true,
    req,
  })
  return { commit: true, value: { status: 'stored', order } }
}

const MAX_ATTEMPTS = 6

/**
 * Runs `work` in a database transaction, passing its `req` to every call, and retries it from the
 * start when the database refused the write: MongoDB aborts the second of two transactions that
 * write one document, and SQLite answers "database is locked" when another process (a CLI
 * migration, a backup) holds the file too long. Payload retries neither. Within this process SQLite
 * transactions already queue one after the other (`lib/database.ts`).
 */
async function inTransaction<T>(payload: Payload, work: (req: PayloadRequest) => Promise<{ commit: boolean; value: T }>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const req = await createLocalReq({}, payload)
    try {
      const began = await initTransaction(req)
      const { commit, value } = await work(req)
      if (!began) return value
      if (!commit) {
        await killTransaction(req)
        return value
      }
      await commitTransaction(req)
      return value
    } catch (error) {
      await killTransaction(req)
      if (attempt >= MAX_ATTEMPTS || !isWriteConflict(error)) throw error
      payload.logger.warn(`[order] write attempt ${attempt} did not go through (${(error as Error).message}); retrying`)
      // Exponential pause with jitter, about 1.2 s over all attempts.
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt + Math.random() * 20))
    }
  }
}

/** SQLite's "database is locked" and MongoDB's transient transaction errors, also when wrapped. */
export function isWriteConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; hasErrorLabel?: (label: string) => boolean; cause?: unknown }
    if (candidate.code === 'SQLITE_BUSY' || candidate.code === 112) return true
    if (typeof candidate.hasErrorLabel === 'function' && candidate.hasErrorLabel('TransientTransactionError')) return true
    if (typeof candidate.message === 'string' && /SQLITE_BUSY|database is locked/.test(candidate.message)) return true
    current = candidate.cause
  }
  return false
}

/**
 * One after the other, never together: each failed send queues a job, and two writes at once on
 * SQLite would make one of them wait its turn. `deliverEmail` never throws; reading the settings
 * might, and that must not fail an order that is already stored.
 */
async function sendOrderEmails(payload: Payload, order: Order): Promise<void> {
  try {
    const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
    await deliverEmail(payload, sellerOrderEmail(order, settings))
    await deliverEmail(payload, customerOrderEmail(order, settings))
  } catch (error) {
    payload.logger.error({ err: error, msg: `[order] order ${order.id} is stored but its e-mails could not be prepared` })
  }
}
