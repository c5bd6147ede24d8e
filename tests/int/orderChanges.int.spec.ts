import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { applyOrderChange, orderChangeChoices, reviewOrderChange } from '@/features/ordering/changes/service'
import { orderNotices } from '@/features/ordering/notices'
import { queueScheduledMessages } from '@/features/ordering/orderMessages'
import { submitOrder } from '@/features/ordering/service'
import { windowsOpenNow } from '@/features/ordering/shop'
import type { Order } from '@/payload-types'

import { jarsLeftIn, openBatch, removeBatches } from '../helpers/batches'
import { validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

/**
 * A customer changes their own order from its page (`features/ordering/changes`): each change runs
 * the order form's rules again in one transaction, or changes nothing and says why. The clock is the
 * test's: Thursday, Dec 3 2026, noon in Detroit, unless a test says otherwise.
 */

let app: TestPayload
let nextCustomer = 1
const thursdayNoon = new Date('2026-12-03T17:00:00Z')
const SATURDAY = 'Sat, Dec 5 · 10:00 AM–2:00 PM · Eastern Market'
const SUNDAY = 'Sun, Dec 6 · 10:00 AM–12:00 PM · Corktown'
const SELLER_PHONE_PATTERN = /^Too late to change online: text us at .+\.$/

type WindowRow = { method: 'pickup' | 'delivery'; weekday: 'sat' | 'sun'; start: string; end: string; place?: string; capacity?: number }

beforeAll(async () => {
  app = await startPayload()
})

afterAll(async () => {
  await app?.cleanup()
})

async function setShop({ capacity = {}, changes = true, hoursBefore = null }: { capacity?: { sat?: number; sun?: number }; changes?: boolean; hoursBefore?: number | null } = {}) {
  const windows: WindowRow[] = [
    { method: 'pickup', weekday: 'sat', start: '10:00', end: '14:00', place: 'Eastern Market', capacity: capacity.sat },
    { method: 'pickup', weekday: 'sun', start: '10:00', end: '12:00', place: 'Corktown', capacity: capacity.sun },
    { method: 'delivery', weekday: 'sat', start: '16:00', end: '18:00' },
  ]
  await app.payload.updateGlobal({
    slug: 'fulfilment',
    data: { windows, leadTimeHours: 24, blackoutDates: [], deliveryZipPrefixes: [{ prefix: '482' }, { prefix: '481' }], customerChanges: { enabled: changes, hoursBefore } },
    context: { disableRevalidate: true },
  })
}

beforeEach(async () => {
  await removeBatches(app.payload)
  await setShop()
})

const keyOf = async (label: string, now = thursdayNoon) => (await windowsOpenNow(app.payload, now)).open.find((window) => window.label === label)!.key

/** A pickup order placed on the order form at `now`, by a customer of its own. */
async function place(values: Record<string, string> = {}, now = thursdayNoon): Promise<Order> {
  const n = nextCustomer++
  const result = await submitOrder(
    app.payload,
    { ...validOrderForm, deliveryMethod: 'pickup', window: await keyOf(SATURDAY, now), fullName: `Changing ${n}`, email: `changing-${n}@example.com`, ...values },
    undefined,
    { now: () => now },
  )
  if (result.status !== 'success') throw new Error(`the order was refused: ${JSON.stringify(result.message)}`)
  return result.order
}

const stored = (order: Pick<Order, 'id'>) => app.payload.findByID({ collection: 'orders', id: order.id, depth: 0 })

/** What the order's page would post: its version and prices as the page showed them now, with `values`. */
async function pageValues(order: Pick<Order, 'id'>, values: Record<string, string>, now = thursdayNoon): Promise<Record<string, string>> {
  const current = await stored(order)
  const choices = await orderChangeChoices(app.payload, current, now)
  return { version: current.updatedAt, prices: choices.open ? choices.prices : '', ...values }
}

async function change(order: Pick<Order, 'id' | 'statusToken'>, values: Record<string, string>, now = thursdayNoon) {
  return applyOrderChange(app.payload, order.statusToken!, await pageValues(order, values, now), now)
}

const changesOf = async (order: Pick<Order, 'id'>) => (await app.payload.find({ collection: 'order-changes', where: { order: { equals: order.id } }, sort: '-createdAt', depth: 0 })).docs
const emailsAbout = async (order: Pick<Order, 'id'>) =>
  (await app.payload.find({ collection: 'email-outbox', where: { about: { equals: `order:${order.id}` } }, sort: 'createdAt', depth: 0, pagination: false })).docs

/** What must not move when a change is refused. */
const snapshot = async (order: Pick<Order, 'id'>) => {
  const { updatedAt, windowKey, deliveryMethod, flavors, quantity, totalPrice, status, jarsFromBatch } = await stored(order)
  return { updatedAt, windowKey, deliveryMethod, flavors, quantity, totalPrice, status, jarsFromBatch, changes: (await changesOf(order)).length, emails: (await emailsAbout(order)).length }
}

describe('a customer changes their order', () => {
  it('offers nothing while the seller has not turned changes on (a fresh site), and a forged post changes nothing', async () => {
    await setShop({ changes: false })
    const order = await place()
    expect(await orderChangeChoices(app.payload, await stored(order), thursdayNoon)).toEqual({ open: false, reason: 'off' })
    const before = await snapshot(order)
    const refused = await change(order, { kind: 'cancel' })
    // Not "too late": the seller takes changes by text only.
    expect(refused).toEqual({ ok: false, message: { title: 'Changes by Text Only', description: expect.stringMatching(/^We are not taking changes to orders online right now: text us at .+ and we will change yours\.$/) } })
    expect(await snapshot(order)).toEqual(before)
  })

  it('moving to a full time is refused and nothing changes', async () => {
    await setShop({ capacity: { sun: 1 } })
    await place({ window: await keyOf(SUNDAY) })
    const order = await place()
    const before = await snapshot(order)
    // The page was loaded while Sunday still had its place: the key is posted all the same.
    const sunday = (await app.payload.find({ collection: 'orders', where: { windowLabel: { equals: SUNDAY } }, limit: 1 })).docs[0].windowKey!
    const refused = await change(order, { kind: 'time', method: 'pickup', window: sunday })
    expect(refused).toEqual({ ok: false, field: 'window', message: orderNotices.windowFull(SUNDAY) })
    expect(await snapshot(order)).toEqual(before)
  })

  it('moving gives the old place back (another customer takes it) and takes the new one; the history, both e-mails and the page say so', async () => {
    await setShop({ capacity: { sat: 1, sun: 1 } })
    const order = await place()
    const choices = await orderChangeChoices(app.payload, await stored(order), thursdayNoon)
    expect(choices).toMatchObject({ open: true, method: 'pickup' })
    if (!choices.open) return
    expect(choices.times.delivery!.map((time) => time.label)).toContain('Sat, Dec 5 · 4:00 PM–6:00 PM')
    // Its own time is not offered as a move (the week after's Saturday is).
    expect(choices.times.pickup!.map((time) => time.label)).toEqual([SUNDAY, 'Sat, Dec 12 · 10:00 AM–2:00 PM · Eastern Market', 'Sun, Dec 13 · 10:00 AM–12:00 PM · Corktown'])

    const preview = await reviewOrderChange(app.payload, order.statusToken!, await pageValues(order, { kind: 'time', method: 'pickup', window: choices.times.pickup![0].key }), thursdayNoon)
    expect(preview).toMatchObject({ ok: true, lines: [`Time: Pickup, ${SATURDAY} → Pickup, ${SUNDAY}`], total: { before: 50, after: 50 }, money: { kind: 'pay', amount: 50 } })
    // The preview stored nothing.
    expect((await stored(order)).windowLabel).toBe(SATURDAY)

    const moved = await change(order, { kind: 'time', method: 'pickup', window: choices.times.pickup![0].key })
    expect(moved).toMatchObject({ ok: true, kind: 'time', total: 50 })
    expect(await stored(order)).toMatchObject({ windowLabel: SUNDAY, windowPlace: 'Corktown', windowStartsAt: '2026-12-06T15:00:00.000Z', totalPrice: 50 })

    // Saturday's one place is free again, and Sunday's is taken.
    const saturdayCustomer = await place()
    expect(saturdayCustomer.windowLabel).toBe(SATURDAY)
    const sundayKey = (await stored(order)).windowKey!
    const full = await submitOrder(app.payload, { ...validOrderForm, deliveryMethod: 'pickup', window: sundayKey, email: 'late@example.com' }, undefined, { now: () => thursdayNoon })
    expect(full).toMatchObject({ status: 'error', message: orderNotices.windowFull(SUNDAY) })

    const [record] = await changesOf(order)
    expect(record).toMatchObject({ kind: 'time', by: 'customer', headline: `${order.reference} moved to Sun 10:00`, totalBefore: 50, totalAfter: 50 })
    expect(record.lines).toContain(SUNDAY)
    const emails = await emailsAbout(order)
    const customer = emails.find((email) => email.subject === `Your order ${order.reference} was changed`)!
    expect(customer.to).toBe(order.email)
    expect(customer.text).toContain(`Pickup, ${SATURDAY} → Pickup, ${SUNDAY}`)
    expect(customer.text).toMatch(/\/order\/status\/[A-Za-z0-9_-]{24}/)
    const seller = emails.find((email) => email.subject === `${order.reference} moved to Sun 10:00`)!
    expect(seller.text).toContain(`/admin/collections/orders/${order.id}`)
  })

  it('a flavor change gives back and takes jars per flavor; racing a public order for the last jar, one wins and the other is told truthfully', async () => {
    const batch = await openBatch(app.payload, { flavors: { 'mixed-berry': 5, 'peach-ginger': 2, 'pineapple-mango': 5 } })
    // Mixed Berry ×2, Pineapple Mango ×1: Peach Ginger has 2 left.
    const order = await place({ flavor1: 'mixed-berry', flavor2: 'mixed-berry', flavor3: 'pineapple-mango' })
    expect(await jarsLeftIn(app.payload, batch)).toEqual({ 'mixed-berry': 3, 'peach-ginger': 2, 'pineapple-mango': 4 })
    expect(await change(order, { kind: 'jars', quantity: '3', flavor1: 'mixed-berry', flavor2: 'peach-ginger', flavor3: 'pineapple-mango' })).toMatchObject({ ok: true, total: 50 })
    expect(await jarsLeftIn(app.payload, batch)).toEqual({ 'mixed-berry': 4, 'peach-ginger': 1, 'pineapple-mango': 4 })
    expect(await stored(order)).toMatchObject({ flavors: 'Jar 1: mixed-berry, Jar 2: peach-ginger, Jar 3: pineapple-mango', flavorNames: 'Jar 1: Mixed Berry, Jar 2: Peach Ginger, Jar 3: Pineapple Mango', jarsFromBatch: 3 })

    // One Peach Ginger left: the customer wants it for jar 1, a visitor orders it at the same moment.
    const [changed, visitor] = await Promise.all([
      change(order, { kind: 'jars', quantity: '3', flavor1: 'peach-ginger', flavor2: 'peach-ginger', flavor3: 'pineapple-mango' }),
      submitOrder(app.payload, { ...validOrderForm, quantity: '1', flavor1: 'peach-ginger', deliveryMethod: 'pickup', window: await keyOf(SATURDAY), email: 'racer@example.com' }, undefined, { now: () => thursdayNoon }),
    ])
    expect([changed.ok, visitor.status === 'success'].filter(Boolean)).toHaveLength(1)
    if (changed.ok) expect(visitor).toMatchObject({ status: 'error', message: orderNotices.flavorSoldOut('Peach Ginger') })
    // Its own Peach Ginger jar counts as left for it: one, not the two it asked for.
    else expect(changed).toMatchObject({ message: orderNotices.notEnoughOfFlavor('Peach Ginger', 1), field: 'flavor1' })
    expect(await jarsLeftIn(app.payload, batch)).toMatchObject({ 'peach-ginger': 0 })

    // More jars than the batch has of a flavor: refused in the order form's words, nothing moves.
    const before = await snapshot(order)
    const tooMany = await change(order, { kind: 'jars', quantity: '6', flavor1: 'mixed-berry', flavor2: 'mixed-berry', flavor3: 'mixed-berry', flavor4: 'mixed-berry', flavor5: 'mixed-berry', flavor6: 'mixed-berry' })
    expect(tooMany).toMatchObject({ ok: false, message: { title: 'Not Enough Jars Left' } })
    expect(await snapshot(order)).toEqual(before)
  })

  it('a package the shop does not sell is refused with the form’s message before anything is built from it, and nothing is stored', async () => {
    const order = await place()
    const before = await snapshot(order)
    // 2^32 cannot even be an array's length; 30 000 000 took the server 4.4 GB and every core.
    for (const quantity of ['4294967296', '30000000', '1e9', '2', '-3', '3.5', 'six', '']) {
      const values = { kind: 'jars', quantity, flavor1: 'mixed-berry' }
      const refusal = { ok: false, field: 'quantity', message: orderNotices.packageRequired }
      expect(await reviewOrderChange(app.payload, order.statusToken!, await pageValues(order, values), thursdayNoon)).toEqual(refusal)
      expect(await change(order, values)).toEqual(refusal)
    }
    expect(await snapshot(order)).toEqual(before)
  })

  it('once its batch no longer sells (closed, or another opened since), a change may swap or give back its own jars but takes no more', async () => {
    const batch = await openBatch(app.payload, { jarsLeft: 20 })
    const order = await place()
    expect(await jarsLeftIn(app.payload, batch)).toBe(17)
    const open = await orderChangeChoices(app.payload, await stored(order), thursdayNoon)
    expect(open).toMatchObject({ open: true, packages: [1, 3, 6] })

    // The seller closed the batch an hour ago: the order form is sold out, and so is more for this order.
    await app.payload.update({ collection: 'batches', id: batch.id, data: { closesAt: '2026-12-03T16:00:00.000Z' }, context: { disableRevalidate: true } })
    const visitor = await submitOrder(app.payload, { ...validOrderForm, deliveryMethod: 'pickup', window: await keyOf(SATURDAY), email: 'closed@example.com' }, undefined, { now: () => thursdayNoon })
    expect(visitor).toMatchObject({ status: 'error', message: orderNotices.soldOut })
    const closed = await orderChangeChoices(app.payload, await stored(order), thursdayNoon)
    expect(closed).toMatchObject({ open: true, packages: [1, 3] })
    if (closed.open) expect(new Set(closed.flavors.map((flavor) => flavor.left))).toEqual(new Set([3]))
    const before = await snapshot(order)
    const six = { kind: 'jars', quantity: '6', ...Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`flavor${index + 1}`, 'mixed-berry'])) }
    const refusal = { ok: false, field: 'quantity', message: orderNotices.notEnoughJars(3) }
    expect(await reviewOrderChange(app.payload, order.statusToken!, await pageValues(order, six), thursdayNoon)).toEqual(refusal)
    expect(await change(order, six)).toEqual(refusal)
    expect(await snapshot(order)).toEqual(before)
    expect(await jarsLeftIn(app.payload, batch)).toBe(17)

    // Other flavors for the same three jars take nothing more; one jar gives two back.
    expect(await change(order, { kind: 'jars', quantity: '3', flavor1: 'peach-ginger', flavor2: 'peach-ginger', flavor3: 'peach-ginger' })).toMatchObject({ ok: true })
    expect(await jarsLeftIn(app.payload, batch)).toBe(17)
    expect(await change(order, { kind: 'jars', quantity: '1', flavor1: 'peach-ginger' })).toMatchObject({ ok: true })
    expect(await jarsLeftIn(app.payload, batch)).toBe(19)

    // Per flavor, in a batch that is open but no longer the one selling (a newer one opened): only its own flavors.
    const perFlavor = await openBatch(app.payload, { flavors: { 'mixed-berry': 5, 'peach-ginger': 5, 'pineapple-mango': 5 } })
    const second = await place({ flavor1: 'mixed-berry', flavor2: 'mixed-berry', flavor3: 'peach-ginger' })
    await openBatch(app.payload, { jarsLeft: 50 })
    const swapped = { kind: 'jars', quantity: '3', flavor1: 'peach-ginger', flavor2: 'mixed-berry', flavor3: 'peach-ginger' }
    expect(await change(second, swapped)).toEqual({ ok: false, field: 'flavor1', message: orderNotices.notEnoughOfFlavor('Peach Ginger', 1) })
    expect(await change(second, { kind: 'jars', quantity: '1', flavor1: 'pineapple-mango' })).toEqual({ ok: false, field: 'flavor1', message: orderNotices.flavorSoldOut('Pineapple Mango') })
    expect(await jarsLeftIn(app.payload, perFlavor)).toEqual({ 'mixed-berry': 3, 'peach-ginger': 4, 'pineapple-mango': 5 })
    expect(await change(second, { kind: 'jars', quantity: '1', flavor1: 'peach-ginger' })).toMatchObject({ ok: true })
    expect(await jarsLeftIn(app.payload, perFlavor)).toEqual({ 'mixed-berry': 5, 'peach-ginger': 4, 'pineapple-mango': 5 })
    // What it gave back is not its own any more.
    expect(await change(second, { kind: 'jars', quantity: '3', flavor1: 'mixed-berry', flavor2: 'mixed-berry', flavor3: 'peach-ginger' })).toEqual({
      ok: false,
      field: 'flavor1',
      message: orderNotices.flavorSoldOut('Mixed Berry'),
    })
    expect(await jarsLeftIn(app.payload, perFlavor)).toEqual({ 'mixed-berry': 5, 'peach-ginger': 4, 'pineapple-mango': 5 })
  })

  it('a cancel goes through when the prices changed since the page was loaded (it prices nothing); a priced change is shown the new prices', async () => {
    const order = await place()
    const loaded = await pageValues(order, { kind: 'cancel' })
    const jarsLoaded = await pageValues(order, { kind: 'jars', quantity: '1', flavor1: 'mixed-berry' })
    await app.payload.updateGlobal({ slug: 'pricing', data: { oneJarPrice: 22 }, context: { disableRevalidate: true } })
    try {
      expect(await applyOrderChange(app.payload, order.statusToken!, jarsLoaded, thursdayNoon)).toMatchObject({ ok: false, moved: true, message: { title: 'Prices Updated' } })
      expect(await applyOrderChange(app.payload, order.statusToken!, loaded, thursdayNoon)).toMatchObject({ ok: true, kind: 'cancel' })
      expect(await stored(order)).toMatchObject({ status: 'cancelled' })
    } finally {
      await app.payload.updateGlobal({ slug: 'pricing', data: { oneJarPrice: 20 }, context: { disableRevalidate: true } })
    }
  })

  it('a bigger package is priced by the one engine, with the order’s discount kept once and never claimed again', async () => {
    const code = `HC25${Date.now()}`.slice(0, 12)
    await app.payload.create({ collection: 'email-captures', data: { name: 'Sub', email: `${code.toLowerCase()}@example.com`, discount_code: code, discount_used: false } })
    const order = await place({ discountCode: code })
    expect(order).toMatchObject({ originalPrice: 50, discountAmount: 13, totalPrice: 37 })
    const six = { kind: 'jars', quantity: '6', ...Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`flavor${index + 1}`, 'mixed-berry'])) }
    expect(await change(order, six)).toMatchObject({ ok: true, total: 75 })
    expect(await stored(order)).toMatchObject({ quantity: 6, originalPrice: 100, discountAmount: 25, discountCode: code, totalPrice: 75 })
    // A move after it keeps the same discount, not a second one.
    expect(await change(order, { kind: 'time', method: 'pickup', window: await keyOf(SUNDAY) })).toMatchObject({ ok: true, total: 75 })
    expect(await stored(order)).toMatchObject({ discountAmount: 25, totalPrice: 75 })
    // To delivery: the fee is added, the discount is still on the package only.
    expect(await change(order, { kind: 'time', method: 'delivery', window: await keyOf('Sat, Dec 5 · 4:00 PM–6:00 PM'), address: '2 Woodward Ave', city: 'detroit', zip: '48226' })).toMatchObject({ ok: true, total: 80 })
    expect(await stored(order)).toMatchObject({ deliveryMethod: 'delivery', deliveryFee: 5, discountAmount: 25, totalPrice: 80, address: '2 Woodward Ave', zip: '48226' })
    const { docs } = await app.payload.find({ collection: 'email-captures', where: { discount_code: { equals: code } } })
    expect(docs[0].discount_used).toBe(true)
  })

  it('an order moved after its day-before reminder is reminded again the day before its new day, once', async () => {
    const order = await place()
    const reminders = async () => (await emailsAbout(order)).filter((email) => email.subject.startsWith('See you tomorrow')).map((email) => email.text ?? '')
    // Friday 9:10 in Detroit: Saturday's reminder goes.
    await queueScheduledMessages(app.payload, new Date('2026-12-04T14:10:00Z'))
    expect(await reminders()).toHaveLength(1)
    // Friday 9:30 the customer moves it to Sunday; the rounds of Friday remind nobody again.
    const fridayMorning = new Date('2026-12-04T14:30:00Z')
    const choices = await orderChangeChoices(app.payload, await stored(order), fridayMorning)
    if (!choices.open) throw new Error(`no change offered: ${choices.reason}`)
    const moved = await change(order, { kind: 'time', method: 'pickup', window: choices.times.pickup!.find((time) => time.label === SUNDAY)!.key }, fridayMorning)
    expect(moved).toMatchObject({ ok: true, kind: 'time' })
    await queueScheduledMessages(app.payload, new Date('2026-12-04T20:00:00Z'))
    expect(await reminders()).toHaveLength(1)
    // Saturday 9:30 and again at 3 PM: one reminder, for Sunday.
    await queueScheduledMessages(app.payload, new Date('2026-12-05T14:30:00Z'))
    await queueScheduledMessages(app.payload, new Date('2026-12-05T20:00:00Z'))
    const sent = await reminders()
    expect(sent).toHaveLength(2)
    expect(sent[1]).toContain('Sun, Dec 6')
    expect(sent[1]).toContain('Where: Corktown')
  })

  it('switching to delivery outside the area is refused with the delivery message, and an address is required', async () => {
    const order = await place()
    const before = await snapshot(order)
    const delivery = await keyOf('Sat, Dec 5 · 4:00 PM–6:00 PM')
    expect(await change(order, { kind: 'time', method: 'delivery', window: delivery, address: '1 State St', city: 'other', zip: '60601' })).toEqual({
      ok: false,
      field: 'zip',
      message: orderNotices.outsideDeliveryArea('60601'),
    })
    expect(await change(order, { kind: 'time', method: 'delivery', window: delivery, address: '', city: 'detroit', zip: '48226' })).toMatchObject({ ok: false, message: orderNotices.missingField('address') })
    expect(await change(order, { kind: 'time', method: 'delivery', window: '', address: '1 Main St', city: 'detroit', zip: '48226' })).toMatchObject({ ok: false, message: orderNotices.windowRequired('delivery') })
    expect(await snapshot(order)).toEqual(before)
  })

  it('cancel gives the jars and the place back once, even posted twice at once', async () => {
    await setShop({ capacity: { sat: 1 } })
    const batch = await openBatch(app.payload, { jarsLeft: 10 })
    const order = await place()
    expect(await jarsLeftIn(app.payload, batch)).toBe(7)
    const values = await pageValues(order, { kind: 'cancel' })
    const results = await Promise.all([applyOrderChange(app.payload, order.statusToken!, values, thursdayNoon), applyOrderChange(app.payload, order.statusToken!, values, thursdayNoon)])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.find((result) => !result.ok)).toMatchObject({ moved: true })
    expect(await stored(order)).toMatchObject({ status: 'cancelled' })
    expect(await jarsLeftIn(app.payload, batch)).toBe(10)
    expect(await changesOf(order)).toHaveLength(1)
    // The place is free again: another customer takes Saturday.
    expect((await place()).windowLabel).toBe(SATURDAY)
    // The customer's e-mail is the seller's "Cancelled" one (the status hook's); the seller is told too.
    const emails = await emailsAbout(order)
    expect(emails.filter((email) => email.dedupeKey === `order:${order.id}:cancelled`)).toHaveLength(1)
    expect(emails.filter((email) => email.subject === `${order.reference} cancelled by the customer`)).toHaveLength(1)
    // Cancelled, nothing is offered any more.
    expect(await orderChangeChoices(app.payload, await stored(order), thursdayNoon)).toMatchObject({ open: false, reason: 'closed' })
  })

  it('a paid order changed to less is marked for a refund, to more for the difference; cancelled, for the whole', async () => {
    const order = await place()
    await app.payload.update({ collection: 'orders', id: order.id, data: { paymentStatus: 'paid', paymentMethod: 'venmo' } })
    const one = { kind: 'jars', quantity: '1', flavor1: 'peach-ginger' }
    expect(await change(order, one)).toMatchObject({ ok: true, total: 20, money: { kind: 'refund', amount: 30 } })
    expect(await stored(order)).toMatchObject({ refundDue: 30, paymentStatus: 'paid' })
    const seller = (await emailsAbout(order)).find((email) => email.subject.includes('changed its jars'))!
    expect(seller.text).toContain('refund $30')
    // Back to three jars: nothing to refund any more, nothing more to pay.
    expect(await change(order, { kind: 'jars', quantity: '3', flavor1: 'peach-ginger', flavor2: 'mixed-berry', flavor3: 'mixed-berry' })).toMatchObject({ ok: true, money: { kind: 'none' } })
    expect(await stored(order)).toMatchObject({ refundDue: null, extraDue: null })
    const six = { kind: 'jars', quantity: '6', ...Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`flavor${index + 1}`, 'peach-ginger'])) }
    expect(await change(order, six)).toMatchObject({ ok: true, money: { kind: 'extra', amount: 50 } })
    expect(await stored(order)).toMatchObject({ extraDue: 50 })
    expect(await change(order, { kind: 'cancel' })).toMatchObject({ ok: true, money: { kind: 'refund', amount: 50 } })
    expect(await stored(order)).toMatchObject({ status: 'cancelled', refundDue: 50, extraDue: null })
  })

  it('after the cutoff (the test’s clock) every change is refused with the seller’s number, and none is offered', async () => {
    await setShop({ hoursBefore: 48 })
    const order = await place()
    // Saturday 10:00 less 48 hours is Thursday 10:00: at noon it is too late.
    const choices = await orderChangeChoices(app.payload, await stored(order), thursdayNoon)
    expect(choices).toMatchObject({ open: false, reason: 'too-late' })
    const before = await snapshot(order)
    const attempts: Record<string, string>[] = [{ kind: 'cancel' }, { kind: 'time', method: 'pickup', window: await keyOf(SUNDAY) }, { kind: 'jars', quantity: '1', flavor1: 'mixed-berry' }]
    for (const values of attempts) {
      const refused = await change(order, values)
      expect(refused).toMatchObject({ ok: false, tooLate: true, message: { title: 'Too Late to Change Online' } })
      if (!refused.ok) expect(refused.message.description).toMatch(SELLER_PHONE_PATTERN)
    }
    expect(await snapshot(order)).toEqual(before)
    // Earlier in the week it was open, until Thursday 10:00.
    const wednesday = new Date('2026-12-02T17:00:00Z')
    expect(await orderChangeChoices(app.payload, await stored(order), wednesday)).toMatchObject({ open: true, until: '2026-12-03T15:00:00.000Z' })
  })

  it('an order without a booked time can be changed until the seller confirms it; once Ready, no more', async () => {
    const order = await place({ deliveryMethod: 'delivery', window: await keyOf('Sat, Dec 5 · 4:00 PM–6:00 PM'), zip: '48201' })
    await app.payload.updateGlobal({ slug: 'fulfilment', data: { windows: [] }, context: { disableRevalidate: true } })
    const unbooked = await app.payload.update({ collection: 'orders', id: order.id, data: { windowKey: null, windowLabel: null, windowStartsAt: null, windowEndsAt: null, windowPlace: null } })
    expect(await orderChangeChoices(app.payload, unbooked, thursdayNoon)).toMatchObject({ open: true, until: null, times: { pickup: null, delivery: null } })
    expect(await change(order, { kind: 'time', method: 'pickup' })).toMatchObject({ ok: true, lines: ['Pickup or delivery: Delivery, time arranged by text, to 1 Main St, Detroit 48201 → Pickup, time arranged by text', 'Total: $55 → $50'], total: 50 })
    await app.payload.update({ collection: 'orders', id: order.id, data: { status: 'confirmed' } })
    expect(await orderChangeChoices(app.payload, await stored(order), thursdayNoon)).toMatchObject({ open: false, reason: 'too-late' })
    await app.payload.update({ collection: 'orders', id: order.id, data: { status: 'ready' } })
    expect(await orderChangeChoices(app.payload, await stored(order), thursdayNoon)).toMatchObject({ open: false, reason: 'too-late' })
  })

  it('a change to an order that moved since its page was loaded (another tab) is refused; a forged or another order’s token changes nothing', async () => {
    const order = await place()
    const other = await place()
    const loaded = await pageValues(order, { kind: 'time', method: 'pickup', window: await keyOf(SUNDAY) })
    expect(await change(order, { kind: 'jars', quantity: '1', flavor1: 'mixed-berry' })).toMatchObject({ ok: true })
    const before = await snapshot(order)
    expect(await applyOrderChange(app.payload, order.statusToken!, loaded, thursdayNoon)).toMatchObject({ ok: false, moved: true })
    expect(await snapshot(order)).toEqual(before)

    const otherBefore = await snapshot(other)
    const forged = await pageValues(order, { kind: 'cancel' })
    expect(await applyOrderChange(app.payload, 'A'.repeat(24), forged, thursdayNoon)).toMatchObject({ ok: false })
    expect(await applyOrderChange(app.payload, '../../etc', forged, thursdayNoon)).toMatchObject({ ok: false })
    // The other order's token with this order's page: its version is not the other's.
    expect(await applyOrderChange(app.payload, other.statusToken!, forged, thursdayNoon)).toMatchObject({ ok: false, moved: true })
    expect(await snapshot(order)).toEqual(before)
    expect(await snapshot(other)).toEqual(otherBefore)
  })

  it('the seller’s phone is notified of the change', async () => {
    const seller = await app.payload.create({ collection: 'users', data: { email: 'changes-seller@example.com', password: 'correct-horse-battery' } })
    const device = await app.payload.create({
      collection: 'push-subscriptions',
      data: { device: 'Android phone', user: seller.id, endpoint: 'https://push.example.com/changes-device', p256dh: 'BPf0', auth: 'x0' },
      overrideAccess: true,
    })
    try {
      const order = await place()
      expect(await change(order, { kind: 'time', method: 'pickup', window: await keyOf(SUNDAY) })).toMatchObject({ ok: true })
      const [record] = await changesOf(order)
      const { docs: jobs } = await app.payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'sendOrderPush' } }, pagination: false, depth: 0 })
      const inputs = jobs.map((job) => job.input as { order: string; device: string; change?: string })
      expect(inputs).toContainEqual({ order: String(order.id), device: String(device.id), change: String(record.id) })
    } finally {
      await app.payload.delete({ collection: 'push-subscriptions', id: device.id, overrideAccess: true })
    }
  })

  it('the seller’s own edits in the admin are in the same history, with who made them; the server’s writes are not', async () => {
    const seller = await app.payload.create({ collection: 'users', data: { email: 'history-seller@example.com', password: 'correct-horse-battery' } })
    const order = await place()
    expect(await change(order, { kind: 'jars', quantity: '1', flavor1: 'peach-ginger' })).toMatchObject({ ok: true })
    const user = { ...seller, collection: 'users' as const }
    await app.payload.update({ collection: 'orders', id: order.id, data: { status: 'confirmed' }, user, overrideAccess: false })
    await app.payload.update({ collection: 'orders', id: order.id, data: { paymentStatus: 'paid', paymentMethod: 'cashapp' }, user, overrideAccess: false })
    // A note only: nothing the history follows.
    await app.payload.update({ collection: 'orders', id: order.id, data: { notes: 'Ring twice' }, user, overrideAccess: false })
    // The server's own write (no user): not the seller's.
    await app.payload.update({ collection: 'orders', id: order.id, data: { status: 'ready' } })
    const history = await changesOf(order)
    expect(history.map(({ by, byName, kind, lines }) => ({ by, byName: byName ?? null, kind, lines }))).toEqual([
      { by: 'seller', byName: 'history-seller@example.com', kind: 'payment', lines: 'Payment: Unpaid → Paid (Cash App)' },
      { by: 'seller', byName: 'history-seller@example.com', kind: 'status', lines: 'Status: New → Confirmed' },
      { by: 'customer', byName: null, kind: 'jars', lines: 'Jars: 3 jars (1 × Mixed Berry, 1 × Peach Ginger, 1 × Pineapple Mango) → 1 jar (1 × Peach Ginger)\nTotal: $50 → $20' },
    ])
  })
})
