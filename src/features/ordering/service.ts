import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Order, RefillPlan, SiteSetting } from '@/payload-types'

import { claimDiscountCode, discountRejection, type DiscountStatus } from '@/features/discounts/codes'
import { orderNotices } from '@/features/ordering/notices'
import { formNotices, type Message } from '@/shared/notices'
import { flavorsText } from './orderDetails'
import { PRICE_LIST_FIELD } from './orderFormState'
import { customerOrderEmail, sellerOrderEmail } from './orderEmails'
import { deliverSoon, queueEmail } from '@/platform/email/outbox'
import { priceListKey, priceOrder, type PriceList } from './pricing'
import { takeOrderReference } from './orderReference'
import { deliversTo } from './catalog'
import { fulfilmentTerms, type HeldJars, orderTerms, type SellerSettings, settingsFromDatabase, takeJars, windowBookings, windowsOpenNow } from './shop'
import { claimOf, type Claim } from './waitingLine/claims'
import { keepClock, serveOpenedBatch } from './waitingLine/line'
import { placeFromLineKey } from '@/features/messages/signedLinks'
import { checkWindow, methodsWithWindows, needsWindow, type WindowChoice } from './windows'
import { CLAIM_FIELD, flavorField } from './formFields'
import type { OrderSource } from './options'
import { parseOrderForm, type OrderInput } from '@/features/ordering/schema'
import { earlierSubmission, recordSubmission } from '@/platform/db/submissions'
import { inTransaction, isUniqueViolation, type UnitOfWork } from '@/platform/db/transactions'
import { ANSWER_SHOWS_NO_PAGE } from '@/hooks/revalidateContent'
import { newStatusToken } from './statusToken'
import { orderEmailsAbout } from './orderMessageKeys'
import { planSummary, type PlanSummary } from './refillTerms'
import { startRefillPlan } from './refillSignUp'

/**
 * Places an order: validate against the flavors on offer → in one transaction check the prices
 * the visitor saw, take the jars from this batch, claim the discount code, price and store the
 * order, remember its submission key and queue the seller's and customer's e-mails → after the
 * commit, deliver the e-mails in the background. The server action is a thin wrapper around
 * `submitOrder`; tests call it directly with a Payload instance.
 */

export type OrderResult =
  | { status: 'success'; order: Order; discountUsed: boolean; /** The refill plan made of it, when the visitor asked for one. */ plan?: PlanSummary }
  | {
      status: 'error'
      message: Message
      field?: string
      discountRejected?: boolean
      /** The current prices, when the visitor was shown others: the page shows these next. */
      prices?: PriceList
      /** The windows open now, when the chosen one was not: the form offers these next. */
      windows?: WindowChoice[]
    }

/** Lets tests place orders at a chosen moment (window rules depend on the time). */
export type OrderClock = { now?: () => Date }

/**
 * How the order came in. `byHand`: the seller entered it in the admin (the same pricing, stock,
 * discount and window rules, but the e-mail is optional and there is no consent checkbox:
 * `parseOrderForm`'s `byHand`); without it, an order is the order form's ('online').
 * `allowed`: asked once the order is valid and before anything is stored, so a mistake does not
 * use up the visitor's allowance; false refuses the order as over the limit.
 * `settings`: where the seller's settings are read (`SellerSettings`); without it, from the
 * database, in the order's transaction.
 */
export type OrderEntry = { byHand?: Exclude<OrderSource, 'online'>; allowed?: () => Promise<boolean>; settings?: SellerSettings }

/**
 * `values` are the posted form fields as strings. Only the fields the schema knows are read: a
 * price, total or discount amount sent by the browser is never looked at.
 */
export async function submitOrder(payload: Payload, values: Record<string, unknown>, submissionKey?: string, options: OrderClock & OrderEntry = {}): Promise<OrderResult> {
  const now = options.now ?? (() => new Date())
  const settings = options.settings ?? settingsFromDatabase(payload)
  const [flavors, terms] = await Promise.all([settings.flavors(), fulfilmentTerms(settings)])
  const parsed = parseOrderForm(values, flavors, methodsWithWindows(terms.rules), { byHand: Boolean(options.byHand) })
  if (!parsed.ok) return { status: 'error', message: parsed.message, field: parsed.field }
  if (parsed.order.deliveryMethod === 'delivery' && !deliversTo(parsed.order.zip, terms.zipPrefixes)) {
    return { status: 'error', message: orderNotices.outsideDeliveryArea(parsed.order.zip), field: 'zip' }
  }
  if (options.allowed && !(await options.allowed())) return { status: 'error', message: formNotices.rateLimited }
  const names = new Map(flavors.map((flavor) => [flavor.value, flavor.name]))
  const order: OrderToStore = {
    ...parsed.order,
    flavorNames: parsed.order.flavors.map((value) => names.get(value) ?? value),
    // Posted by the order page; a post without it (a script) is simply charged the current prices.
    shownPrices: typeof values[PRICE_LIST_FIELD] === 'string' ? values[PRICE_LIST_FIELD] : undefined,
    source: options.byHand ?? 'online',
    // The waiting line's claim link the form was opened with (`/order/claim`): its held jars are this order's.
    claim: options.byHand ? undefined : (placeFromLineKey(payload, values[CLAIM_FIELD]) ?? undefined),
  }

  let stored: StoreOutcome
  try {
    stored = await storeOrder(payload, order, submissionKey, now, options.settings)
  } catch (error) {
    // Two posts with one key at the same moment: the unique key let one through; answer as it did.
    const earlier = isUniqueViolation(error) ? await replay(payload, submissionKey) : undefined
    if (earlier) return earlier
    payload.logger.error({ err: error, msg: '[order] could not store an order' })
    return { status: 'error', message: orderNotices.failed }
  }
  if (stored.status === 'rejected') {
    // A code refused because this very post already used it (a racing duplicate) is no refusal.
    const earlier = await replay(payload, submissionKey)
    if (earlier) return earlier
    return { status: 'error', message: discountRejection(stored.reason), field: 'discountCode', discountRejected: true }
  }
  if (stored.status === 'prices-changed') return { status: 'error', message: orderNotices.pricesChanged(stored.total), prices: stored.prices }
  if (stored.status === 'window-taken') {
    const message = stored.reason === 'full' && stored.label ? orderNotices.windowFull(stored.label) : stored.reason === 'missing' ? orderNotices.windowRequired(order.deliveryMethod) : orderNotices.windowClosed
    return { status: 'error', message, field: 'window', windows: (await windowsOpenNow(payload, now())).open }
  }
  if (stored.status === 'not-enough-jars') {
    if (stored.flavor) {
      const name = names.get(stored.flavor) ?? stored.flavor
      const message = stored.left === 0 ? orderNotices.flavorSoldOut(name) : orderNotices.notEnoughOfFlavor(name, stored.left)
      return { status: 'error', message, field: flavorField(order.flavors.indexOf(stored.flavor) + 1) }
    }
    return { status: 'error', message: stored.left === 0 ? orderNotices.soldOut : orderNotices.notEnoughJars(stored.left), field: 'quantity' }
  }
  if (stored.status === 'plan-refused') return { status: 'error', message: stored.message, field: 'refillEvery' }
  if (stored.status === 'claim-refused') return { status: 'error', message: stored.message }
  deliverSoon(payload)
  return { status: 'success', order: stored.order, discountUsed: Boolean(stored.order.discountCode), plan: stored.plan }
}

/** The answer an earlier post with this submission key got, when there was one. */
async function replay(payload: Payload, submissionKey: string | undefined, req?: PayloadRequest): Promise<OrderResult | undefined> {
  const orderId = await earlierSubmission(payload, submissionKey, req)
  if (!orderId) return undefined
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 1, overrideAccess: true, req })
  const { docs: plans } = await payload.find({ collection: 'refill-plans', where: { sourceOrder: { equals: order.id } }, limit: 1, depth: 0, overrideAccess: true, req })
  return { status: 'success', order, discountUsed: Boolean(order.discountCode), plan: plans[0] && planSummary(plans[0]) }
}

/**
 * An order as it is stored. `refill`: made by a refill plan for one of its cycles (`features/refills`),
 * whose key is unique among orders.
 */
export type OrderToStore = OrderInput & { flavorNames: string[]; shownPrices?: string; source: OrderSource; refill?: { plan: RefillPlan['id']; cycle: string }; claim?: string }

export { CLAIM_FIELD }

export type StoreOutcome =
  | { status: 'stored'; order: Order; plan?: PlanSummary }
  | { status: 'plan-refused'; message: Message }
  | { status: 'rejected'; reason: Exclude<DiscountStatus, 'valid'> }
  | { status: 'prices-changed'; prices: PriceList; total: number }
  | { status: 'not-enough-jars'; left: number; flavor?: string; closed?: boolean }
  | { status: 'window-taken'; reason: 'missing' | 'closed' | 'full'; label?: string }
  | { status: 'claim-refused'; message: Message }



/** The order form shows its confirmation, not the pages an order expires (jars left, a time's places). */
const answersWithoutThePages = { [ANSWER_SHOWS_NO_PAGE]: true }

/**
 * Claims the code and creates the order in one unit of work. A refused code rolls back and nothing
 * is stored: the visitor was shown a discounted total and must not be charged a different one
 * without seeing it.
 */
async function storeOrder(payload: Payload, input: OrderToStore, submissionKey: string | undefined, now: () => Date, givenSettings?: SellerSettings): Promise<StoreOutcome> {
  // A batch that opened is offered to the waiting line before its first sale (the batch clock's round may not have come yet).
  await serveOpenedBatch(payload, now())
  return inTransaction<StoreOutcome>(payload, async (req) => {
    // Jars this order frees (a claim taking fewer than held) are offered to the line by its clock.
    keepClock(req, now())
    const earlier = await replay(payload, submissionKey, req)
    if (earlier?.status === 'success') return { commit: false, value: { status: 'stored', order: earlier.order, plan: earlier.plan } }
    const settings = givenSettings ?? settingsFromDatabase(payload, req)
    const claim: Claim | null = input.claim ? await claimOf(payload, input.claim, req, now()) : null
    // A hold that ran out is passed on here and now (committed), and the visitor told where its jars went.
    if (claim && !claim.ok) return { commit: claim.passedOn, value: { status: 'claim-refused', message: claim.message } }
    const outcome = await claimCodeAndCreateOrder(payload, input, settings, req, now(), claim?.held)
    if (!outcome.commit || outcome.value.status !== 'stored') return outcome
    const { order } = outcome.value
    if (claim) await claim.done(order.id)
    await recordSubmission(payload, 'order', submissionKey, order.id, req)
    // Asked for on the order form: the plan is stored with its order, or neither is.
    let plan: PlanSummary | undefined
    if (input.refillEvery) {
      const started = await startRefillPlan(payload, order, input.refillEvery, req)
      if (!started.ok) return { commit: false, value: { status: 'plan-refused', message: started.message } }
      plan = planSummary(started.plan)
    }
    await queueOrderEmails(payload, order, await settings.site(), req, plan)
    return { commit: true, value: { status: 'stored', order, plan } }
  }, answersWithoutThePages)
}

/**
 * Prices the order, books its window, takes its jars and claims its code, then creates it, all in
 * the caller's transaction (`req`); whatever refuses it answers without writing (`commit: false`).
 * The order form's `storeOrder` and a refill plan's cycle (`features/refills/cycle.ts`) both store through it.
 */
export async function claimCodeAndCreateOrder(payload: Payload, input: OrderToStore, settings: SellerSettings, req: PayloadRequest, now: Date, held?: HeldJars): Promise<UnitOfWork<StoreOutcome>> {
  const { prices, rules } = await orderTerms(settings)
  const price = priceOrder({ quantity: input.quantity, deliveryMethod: input.deliveryMethod, discountApplied: Boolean(input.discountCode) }, prices)
  // Never charge a total the visitor did not see: prices changed since the page was loaded.
  if (input.shownPrices && input.shownPrices !== priceListKey(prices)) {
    return { commit: false, value: { status: 'prices-changed', prices, total: price.totalPrice } }
  }
  // The window's place is counted here, in the transaction, so two customers cannot take the last one.
  let window: WindowChoice | undefined
  if (needsWindow(rules, input.deliveryMethod)) {
    const check = checkWindow(rules, input.deliveryMethod, input.window, now, await windowBookings(payload, input.window ? [input.window] : [], req))
    if (!check.ok) return { commit: false, value: { status: 'window-taken', reason: check.reason, label: check.window?.label } }
    window = check.window
  }
  const jars = await takeJars(payload, input.flavors, await settings.flavors(), now, req, input.refill && window ? new Date(window.startsAt) : undefined, held)
  if (!jars.ok) return { commit: false, value: { status: 'not-enough-jars', left: jars.left, flavor: jars.flavor, closed: jars.closed } }
  if (input.discountCode) {
    const claim = await claimDiscountCode(payload, input.discountCode, req)
    if (claim !== 'valid') return { commit: false, value: { status: 'rejected', reason: claim } }
  }
  const reference = await takeOrderReference(payload, req)
  const order = await payload.create({
    collection: 'orders',
    data: {
      reference,
      status: 'new',
      source: input.source,
      paymentStatus: 'unpaid',
      fullName: input.fullName,
      email: input.email,
      phone: input.phone,
      instagram: input.instagram,
      quantity: input.quantity,
      flavors: flavorsText(input.flavors),
      flavorNames: flavorsText(input.flavorNames),
      jarsFromBatch: jars.taken,
      // Also a batch without a limit: its dates are the jars'.
      batch: jars.batch?.id,
      deliveryMethod: input.deliveryMethod,
      windowKey: window?.key,
      windowLabel: window?.label,
      windowStartsAt: window?.startsAt,
      windowEndsAt: window?.endsAt,
      windowPlace: window?.place,
      statusToken: newStatusToken(),
      city: input.city,
      address: input.address,
      zip: input.zip,
      notes: input.notes,
      consent: input.consent,
      refillReminder: input.refillReminder,
      originalPrice: price.originalPrice,
      deliveryFee: price.deliveryFee,
      discountAmount: price.discountAmount,
      totalPrice: price.totalPrice,
      discountCode: input.discountCode,
      refillPlan: input.refill?.plan,
      refillCycle: input.refill?.cycle,
    },
    depth: 0,
    // Visitors may not create orders through the API (create access is `nobody`); this code
    // validated and priced everything itself above.
    overrideAccess: true,
    req,
  })
  // The customer's confirmation and e-mails say when its jars were made and are best by.
  return { commit: true, value: { status: 'stored', order: jars.batch ? { ...order, batch: jars.batch } : order } }
}

/** The seller's and the customer's e-mail of a new order, queued in the order's transaction. */
async function queueOrderEmails(payload: Payload, order: Order, settings: SiteSetting, req: PayloadRequest, plan?: PlanSummary): Promise<void> {
  const about = orderEmailsAbout(order.id)
  await queueEmail(payload, { ...sellerOrderEmail(order, settings), about }, req)
  // An order entered by hand may have no e-mail address: then only the seller hears of it.
  if (order.email) await queueEmail(payload, { ...customerOrderEmail({ ...order, email: order.email }, settings, undefined, plan), about }, req)
}
