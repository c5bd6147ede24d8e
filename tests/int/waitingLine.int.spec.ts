import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import { sql } from '@payloadcms/db-sqlite'
import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { unsubscribeLink, waitingLineLink } from '@/features/messages/signedLinks'
import { orderNotices } from '@/features/ordering/notices'
import { submitOrder } from '@/features/ordering/service'
import { announceOpenedBatch } from '@/features/ordering/batchClock'
import { joinLine, lineRound, passOnOffer, removeFromLine, serveOpenedBatch } from '@/features/ordering/waitingLine/line'
import { lineNotices } from '@/features/ordering/waitingLine/rules'
import type { Order, WaitingLine } from '@/payload-types'
import { unsubscribe } from '@/features/messages/unsubscribe'

import { jarsLeftIn, openBatch, removeBatches } from '../helpers/batches'
import { validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

/**
 * The waiting line: jars that come free in the open batch are offered in turn to the places in
 * line, held for each (taken from the batch, so nobody else can buy them), claimed with the offer's
 * link, passed on by its "No thanks" link or when the hold runs out. The clock is the test's: each
 * step is given the moment it happens at.
 */

const quiet = { disableRevalidate: true }
const HOUR = 3600_000
const isSqlite = !process.env.DATABASE_URI?.startsWith('mongodb')

let app: TestPayload
let payload: Payload
let nextCustomer = 1

beforeAll(async () => {
  app = await startPayload()
  payload = app.payload
})

afterAll(async () => {
  await app?.cleanup()
})

beforeEach(async () => {
  await removeBatches(payload)
  await payload.db.deleteMany({ collection: 'waiting-line', where: {} })
  await payload.updateGlobal({ slug: 'stock', data: { minDaysLeft: 7, waitingLine: { enabled: true, holdHours: 2, placeDays: 30 } }, context: quiet })
})

const customer = () => {
  const n = nextCustomer++
  return { fullName: `Line Customer ${n}`, email: `line-customer-${n}@example.com` }
}

/** An order of one jar per flavor key given, at `now`, from a customer of its own (or the one given). */
const orderOf = (flavors: string[], options: { now?: Date; claim?: string; who?: { fullName: string; email: string } } = {}) =>
  submitOrder(
    payload,
    {
      ...validOrderForm,
      ...(options.who ?? customer()),
      quantity: String(flavors.length),
      flavor1: '',
      flavor2: '',
      flavor3: '',
      ...Object.fromEntries(flavors.map((flavor, index) => [`flavor${index + 1}`, flavor])),
      ...(options.claim ? { claim: options.claim } : {}),
    },
    undefined,
    options.now ? { now: () => options.now! } : {},
  )

async function placed(result: Awaited<ReturnType<typeof submitOrder>>): Promise<Order> {
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return result.order
}

/** The "No thanks" button's outcome, as its page words it (`DeclinePage`). */
async function declineOffer(placeId: string) {
  const outcome = await passOnOffer(payload, placeId)
  return outcome.ok ? lineNotices.declined(outcome.heldCount, outcome.wentTo) : outcome.message
}

const cancel = (order: Order) => payload.update({ collection: 'orders', id: order.id, data: { status: 'cancelled' }, depth: 0, context: quiet })

async function join(email: string, flavor: string | null, jarsWanted: number, now = new Date()) {
  const joined = await joinLine(payload, { email, flavor, jarsWanted }, now)
  if (!joined.ok) throw new Error(`not joined: ${JSON.stringify(joined)}`)
  return joined
}

const placeOf = async (email: string): Promise<WaitingLine> =>
  (await payload.find({ collection: 'waiting-line', where: { email: { equals: email } }, sort: '-createdAt', limit: 1, depth: 0 })).docs[0]

/** The `place` key of an offer's link, as the claim form posts it. */
const claimKey = (place: Pick<WaitingLine, 'id'>) => new URL(waitingLineLink(payload, place.id, 'claim')).searchParams.get('place')!

const offersTo = async (email: string) =>
  (await payload.find({ collection: 'email-outbox', where: { and: [{ to: { equals: email } }, { subject: { like: 'Held for you' } }] }, pagination: false, depth: 0 })).docs

/** A batch of Peach Ginger sold out by one 3-jar order, with 10 Mixed Berry still for sale. */
async function soldOutPeach() {
  const batch = await openBatch(payload, { flavors: { 'peach-ginger': 3, 'mixed-berry': 10 } })
  const order = await placed(await orderOf(['peach-ginger', 'peach-ginger', 'peach-ginger']))
  expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 0, 'mixed-berry': 10 })
  return { batch, order }
}

describe('joining the line', () => {
  it('answers the place in line per flavor, one place per address and flavor, and only for what is sold out', async () => {
    await soldOutPeach()
    expect(await joinLine(payload, { email: 'First@Example.com', flavor: 'peach-ginger', jarsWanted: 3 })).toEqual({ ok: true, position: 1, flavorName: 'Peach Ginger', already: false })
    expect(await joinLine(payload, { email: 'second@example.com', flavor: 'peach-ginger', jarsWanted: 1 })).toMatchObject({ ok: true, position: 2 })
    // The same address again: its place, not a second one.
    expect(await joinLine(payload, { email: 'first@example.com', flavor: 'peach-ginger', jarsWanted: 6 })).toEqual({ ok: true, position: 1, flavorName: 'Peach Ginger', already: true })
    expect(lineNotices.joined(4, 'Peach Ginger').description).toContain('You are 4th in line for Peach Ginger')
    // Mixed Berry is on sale: no line for it.
    expect(await joinLine(payload, { email: 'third@example.com', flavor: 'mixed-berry', jarsWanted: 1 })).toEqual({ ok: false, message: lineNotices.notSoldOut('Mixed Berry') })
    expect(await joinLine(payload, { email: 'third@example.com', flavor: 'no-such-flavor', jarsWanted: 1 })).toEqual({ ok: false, message: lineNotices.unknownFlavor })
    expect(await joinLine(payload, { email: 'third@example.com', flavor: 'peach-ginger', jarsWanted: 4 })).toEqual({ ok: false, message: lineNotices.invalidCount })
    expect((await payload.count({ collection: 'waiting-line' })).totalDocs).toBe(2)

    // Two requests at once for one address and flavor: one place.
    const twice = await Promise.all([join('race@example.com', 'peach-ginger', 1), join('race@example.com', 'peach-ginger', 1)])
    expect(twice.map((joined) => joined.position)).toEqual([3, 3])
    expect((await payload.count({ collection: 'waiting-line', where: { email: { equals: 'race@example.com' } } })).totalDocs).toBe(1)
  })

  it('is closed while the seller has the line off (a fresh site)', async () => {
    await soldOutPeach()
    await payload.updateGlobal({ slug: 'stock', data: { waitingLine: { enabled: false } }, context: quiet })
    expect(await joinLine(payload, { email: 'off@example.com', flavor: 'peach-ginger', jarsWanted: 1 })).toEqual({ ok: false, message: lineNotices.closed })
  })
})

describe('offers in turn', () => {
  it('a cancelled 3-jar order offers its jars to the first whose count fits (not the one who wants 6), held so the public cannot buy them', async () => {
    const { batch, order } = await soldOutPeach()
    await join('wants-six@example.com', 'peach-ginger', 6)
    await join('wants-three@example.com', 'peach-ginger', 3)
    await join('wants-one@example.com', 'peach-ginger', 1)

    await cancel(order)

    const six = await placeOf('wants-six@example.com')
    const three = await placeOf('wants-three@example.com')
    expect(six.status).toBe('waiting')
    expect(three).toMatchObject({ status: 'offered', heldCount: 3, heldJars: ['peach-ginger', 'peach-ginger', 'peach-ginger'] })
    expect((await placeOf('wants-one@example.com')).status).toBe('waiting')
    expect(new Date(three.holdUntil!).getTime() - new Date(three.offeredAt!).getTime()).toBe(2 * HOUR)
    // Held: taken from the batch, so the order page shows none and an order is refused.
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 0, 'mixed-berry': 10 })
    expect(await orderOf(['peach-ginger'])).toMatchObject({ status: 'error', message: orderNotices.flavorSoldOut('Peach Ginger') })
    // One e-mail, with the claim and "No thanks" links.
    const [offer, ...more] = await offersTo('wants-three@example.com')
    expect(more).toHaveLength(0)
    expect(offer.text).toContain(waitingLineLink(payload, three.id, 'claim'))
    expect(offer.text).toContain(waitingLineLink(payload, three.id, 'decline'))
    expect(offer.text).toContain(unsubscribeLink(payload, 'wants-three@example.com'))
    expect(await offersTo('wants-six@example.com')).toHaveLength(0)
  })

  it('the hold runs out and passes to the next in line; a claim after it is told where the jars went and stores nothing', async () => {
    const { batch, order } = await soldOutPeach()
    await join('slow@example.com', 'peach-ginger', 3)
    await join('next@example.com', 'peach-ginger', 3)
    await cancel(order)
    const slow = await placeOf('slow@example.com')
    expect(slow.status).toBe('offered')

    // Before the hold ends, a round changes nothing.
    expect(await lineRound(payload, new Date(Date.now() + HOUR))).toMatchObject({ passed: 0 })
    expect((await placeOf('next@example.com')).status).toBe('waiting')

    expect(await lineRound(payload, new Date(Date.now() + 2 * HOUR + 60_000))).toMatchObject({ passed: 1 })
    expect((await placeOf('slow@example.com')).status).toBe('passed')
    expect(await placeOf('next@example.com')).toMatchObject({ status: 'offered', heldCount: 3 })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 0, 'mixed-berry': 10 })

    const orders = (await payload.count({ collection: 'orders' })).totalDocs
    const late = await orderOf(['peach-ginger', 'peach-ginger', 'peach-ginger'], { claim: claimKey(slow), now: new Date(Date.now() + 3 * HOUR) })
    expect(late).toEqual({ status: 'error', message: lineNotices.passed })
    expect((await payload.count({ collection: 'orders' })).totalDocs).toBe(orders)
  })

  it('a claim whose hold ended before any round passes the jars on then and says so', async () => {
    const { batch, order } = await soldOutPeach()
    await join('late@example.com', 'peach-ginger', 3)
    await cancel(order)
    const late = await placeOf('late@example.com')
    const orders = (await payload.count({ collection: 'orders' })).totalDocs

    const answer = await orderOf(['peach-ginger', 'peach-ginger', 'peach-ginger'], { claim: claimKey(late), now: new Date(Date.now() + 3 * HOUR) })

    expect(answer).toEqual({ status: 'error', message: lineNotices.holdEnded(late.holdUntil!, 'on-sale') })
    expect(answer.status === 'error' && answer.message.description).toMatch(/^Sorry, the jars held for you until \w+day \d+:\d\d [AP]M went back on sale\.$/)
    expect((await payload.count({ collection: 'orders' })).totalDocs).toBe(orders)
    expect((await placeOf('late@example.com')).status).toBe('passed')
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 3, 'mixed-berry': 10 })
  })

  it('a claim within the hold creates the order with the held jars; taking fewer passes the rest on', async () => {
    const { batch, order } = await soldOutPeach()
    await join('claims@example.com', 'peach-ginger', 3)
    await join('gets-the-rest@example.com', 'peach-ginger', 1)
    await cancel(order)
    const place = await placeOf('claims@example.com')
    expect((await placeOf('gets-the-rest@example.com')).status).toBe('waiting')

    // Two Peach Ginger of the three held, and a Mixed Berry from the batch.
    const claimed = await placed(await orderOf(['peach-ginger', 'peach-ginger', 'mixed-berry'], { claim: claimKey(place), who: { fullName: 'Claire Claims', email: 'claims@example.com' } }))

    expect(claimed).toMatchObject({ jarsFromBatch: 3, batch: expect.objectContaining({ id: batch.id }) })
    expect(await placeOf('claims@example.com')).toMatchObject({ status: 'claimed', order: claimed.id, heldCount: 0 })
    // The third Peach Ginger came free: the next in line whose count fits holds it.
    expect(await placeOf('gets-the-rest@example.com')).toMatchObject({ status: 'offered', heldJars: ['peach-ginger'] })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 0, 'mixed-berry': 9 })
    // The link is used up.
    expect(await orderOf(['peach-ginger'], { claim: claimKey(place) })).toEqual({ status: 'error', message: lineNotices.claimed })
  })

  it('two claims at once for the same held jars store one order', async () => {
    const { batch, order } = await soldOutPeach()
    await join('twice@example.com', 'peach-ginger', 3)
    await cancel(order)
    const key = claimKey(await placeOf('twice@example.com'))
    const before = (await payload.count({ collection: 'orders' })).totalDocs

    const results = await Promise.all([orderOf(['peach-ginger', 'peach-ginger', 'peach-ginger'], { claim: key }), orderOf(['peach-ginger', 'peach-ginger', 'peach-ginger'], { claim: key })])

    expect(results.filter((result) => result.status === 'success')).toHaveLength(1)
    expect(results.find((result) => result.status === 'error')).toMatchObject({ status: 'error', message: lineNotices.claimed })
    expect((await payload.count({ collection: 'orders' })).totalDocs).toBe(before + 1)
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 0, 'mixed-berry': 10 })
  })

  it('the "No thanks" link passes the jars on at once; a link of another place is refused', async () => {
    const { order } = await soldOutPeach()
    await join('no-thanks@example.com', 'peach-ginger', 3)
    await join('yes-please@example.com', 'peach-ginger', 3)
    await cancel(order)
    const place = await placeOf('no-thanks@example.com')

    expect(await declineOffer(String(place.id))).toEqual(lineNotices.declined(3, 'next-in-line'))
    expect((await placeOf('no-thanks@example.com')).status).toBe('passed')
    expect(await placeOf('yes-please@example.com')).toMatchObject({ status: 'offered', heldCount: 3 })
    // Again: already passed on.
    expect(await declineOffer(String(place.id))).toEqual(lineNotices.passed)
    // A forged claim key names no place.
    expect(await orderOf(['peach-ginger'], { claim: `${place.id}.forged-signature-forged-signature` })).toMatchObject({ status: 'error', message: orderNotices.flavorSoldOut('Peach Ginger') })
  })

  it('an address that unsubscribed is never offered, and its held jars go on to the next', async () => {
    const { batch, order } = await soldOutPeach()
    await join('leaves@example.com', 'peach-ginger', 3)
    await join('stays@example.com', 'peach-ginger', 3)
    expect(await unsubscribe(payload, 'leaves@example.com', new URL(unsubscribeLink(payload, 'leaves@example.com')).searchParams.get('key'))).toBe(true)
    expect((await placeOf('leaves@example.com')).status).toBe('unsubscribed')

    await cancel(order)

    expect(await offersTo('leaves@example.com')).toHaveLength(0)
    expect(await placeOf('stays@example.com')).toMatchObject({ status: 'offered' })
    // Unsubscribing while holding: the jars go back (nobody else waits).
    expect(await unsubscribe(payload, 'stays@example.com', new URL(unsubscribeLink(payload, 'stays@example.com')).searchParams.get('key'))).toBe(true)
    expect((await placeOf('stays@example.com')).status).toBe('unsubscribed')
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 3, 'mixed-berry': 10 })
  })

  it.runIf(isSqlite)('each offer is one e-mail: a round that failed halfway holds nothing, and the next offers each place once', async () => {
    const { batch, order } = await soldOutPeach()
    await join('one@example.com', 'peach-ginger', 1)
    await join('two@example.com', 'peach-ginger', 1)
    await join('three@example.com', 'peach-ginger', 1)
    // The database fails while the second offer's e-mail is written: the cancel and its offers roll back together.
    const db = (payload.db as unknown as SQLiteAdapter).drizzle
    await db.run(sql.raw(`CREATE TRIGGER fail_second_offer BEFORE INSERT ON email_outbox WHEN NEW."to" = 'two@example.com' BEGIN SELECT RAISE(ABORT, 'the disk failed'); END`))
    await expect(cancel(order)).rejects.toThrow()
    await db.run(sql.raw('DROP TRIGGER fail_second_offer'))
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 0, 'mixed-berry': 10 })
    expect((await placeOf('one@example.com')).status).toBe('waiting')
    expect(await offersTo('one@example.com')).toHaveLength(0)

    await cancel(order)
    await lineRound(payload)
    await lineRound(payload)
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) expect(await offersTo(email)).toHaveLength(1)
  })

  it('the seller raising the jars left offers them; removing a holder passes them on; a line turned off leaves them on sale', async () => {
    const { batch } = await soldOutPeach()
    await join('first@example.com', 'peach-ginger', 1)
    await join('second@example.com', 'peach-ginger', 1)
    const rows = (await payload.findByID({ collection: 'batches', id: batch.id, depth: 0 })).flavors!
    await payload.update({ collection: 'batches', id: batch.id, data: { flavors: rows.map((row, index) => (index === 0 ? { ...row, left: 1 } : row)) }, depth: 0, context: quiet })
    expect((await placeOf('first@example.com')).status).toBe('offered')

    expect(await removeFromLine(payload, (await placeOf('first@example.com')).id)).toBe(true)
    expect((await placeOf('first@example.com')).status).toBe('removed')
    expect((await placeOf('second@example.com')).status).toBe('offered')

    await payload.updateGlobal({ slug: 'stock', data: { waitingLine: { enabled: false } }, context: quiet })
    await join('third@example.com', 'peach-ginger', 1).catch(() => null)
    const now = await payload.findByID({ collection: 'batches', id: batch.id, depth: 0 })
    await payload.update({ collection: 'batches', id: batch.id, data: { flavors: now.flavors!.map((row, index) => (index === 0 ? { ...row, left: 2 } : row)) }, depth: 0, context: quiet })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 2, 'mixed-berry': 10 })
  })

  it('"any flavor" places are offered the flavors with most jars left; a place for a flavor not in the batch waits', async () => {
    await openBatch(payload, { jarsLeft: 0 })
    await join('any@example.com', null, 3)
    await join('mango@example.com', 'pineapple-mango', 1)
    const batch = await openBatch(payload, { flavors: { 'peach-ginger': 2, 'mixed-berry': 5 } })
    expect(await lineRound(payload)).toMatchObject({ offered: 1 })
    expect(await placeOf('any@example.com')).toMatchObject({ status: 'offered', heldJars: ['mixed-berry', 'mixed-berry', 'mixed-berry'] })
    expect((await placeOf('mango@example.com')).status).toBe('waiting')
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 2, 'mixed-berry': 2 })
  })
})

describe('a batch opening', () => {
  it('offers the line first, then e-mails the list about what is left; an order reaching it first serves the line too', async () => {
    await openBatch(payload, { jarsLeft: 0 })
    await join('line-a@example.com', 'peach-ginger', 6)
    await join('line-b@example.com', null, 3)
    await payload.create({ collection: 'email-captures', data: { name: 'List Reader', email: 'list-reader@example.com', discount_code: 'HC25LINE01' }, context: quiet })
    const batch = await openBatch(payload, { jarsLeft: 8 }, { announce: true })

    // The public's first order comes before the clock's round: the line is served in its transaction first.
    const first = await orderOf(['mixed-berry', 'mixed-berry', 'mixed-berry'])
    expect(first).toMatchObject({ status: 'error', message: orderNotices.notEnoughJars(2) })
    expect(await placeOf('line-a@example.com')).toMatchObject({ status: 'offered', heldCount: 6 })
    expect((await placeOf('line-b@example.com')).status).toBe('waiting')
    expect(await jarsLeftIn(payload, batch)).toBe(2)

    await announceOpenedBatch(payload, new Date())
    expect((await payload.count({ collection: 'email-outbox', where: { to: { equals: 'list-reader@example.com' } } })).totalDocs).toBe(1)
  })

  it('marking the batch served leaves its "last changed" alone: a seller who has it open in the admin is not told someone changed it', async () => {
    const batch = await openBatch(payload, { jarsLeft: 8 })
    await serveOpenedBatch(payload, new Date())
    const served = await payload.findByID({ collection: 'batches', id: batch.id, depth: 0 })
    expect(served.lineServedAt).toBeTruthy()
    expect(served.updatedAt).toBe(batch.updatedAt)
  })

  it('before the first batch opens (one announced), places are taken; its opening offers them first', async () => {
    await join('early@example.com', 'peach-ginger', 1).then(
      () => expect.unreachable('no batch at all: nothing is sold out'),
      (error: Error) => expect(error.message).toContain(lineNotices.notSoldOut('Peach Ginger').description),
    )
    const batch = await openBatch(payload, { flavors: { 'peach-ginger': 2 } }, { opensAt: new Date(Date.now() + HOUR).toISOString(), announce: false })
    expect((await join('early@example.com', 'peach-ginger', 1)).position).toBe(1)
    expect(await lineRound(payload, new Date(Date.now() + HOUR + 1000))).toMatchObject({ offered: 1 })
    expect(await placeOf('early@example.com')).toMatchObject({ status: 'offered', heldJars: ['peach-ginger'] })
    expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 1 })
  })

  it('a flavor switched back on is offered to its line from the open batch', async () => {
    const batch = await openBatch(payload, { flavors: { 'peach-ginger': 3, 'mixed-berry': 5 } })
    const [peach] = (await payload.find({ collection: 'flavors', where: { value: { equals: 'peach-ginger' } }, limit: 1, depth: 0 })).docs
    await payload.update({ collection: 'flavors', id: peach.id, data: { available: false }, context: quiet })
    try {
      await join('switched@example.com', 'peach-ginger', 3)
      expect((await placeOf('switched@example.com')).status).toBe('waiting')
      await payload.update({ collection: 'flavors', id: peach.id, data: { available: true }, context: quiet })
      expect(await placeOf('switched@example.com')).toMatchObject({ status: 'offered', heldCount: 3 })
      expect(await jarsLeftIn(payload, batch)).toEqual({ 'peach-ginger': 0, 'mixed-berry': 5 })
    } finally {
      await payload.update({ collection: 'flavors', id: peach.id, data: { available: true }, context: quiet })
    }
  })

  it('a place deleted through the API first gives what it holds to the next in line', async () => {
    const { order } = await soldOutPeach()
    await join('deleted@example.com', 'peach-ginger', 3)
    await join('after-deleted@example.com', 'peach-ginger', 3)
    await cancel(order)
    const held = await placeOf('deleted@example.com')
    expect(held.status).toBe('offered')
    await payload.delete({ collection: 'waiting-line', id: held.id, context: quiet })
    expect(await placeOf('after-deleted@example.com')).toMatchObject({ status: 'offered', heldCount: 3 })
  })

  it('a place older than the seller\'s days ends with one e-mail', async () => {
    await soldOutPeach()
    await join('patient@example.com', 'peach-ginger', 3)
    await lineRound(payload, new Date(Date.now() + 29 * 24 * HOUR))
    expect((await placeOf('patient@example.com')).status).toBe('waiting')
    await lineRound(payload, new Date(Date.now() + 31 * 24 * HOUR))
    await lineRound(payload, new Date(Date.now() + 32 * 24 * HOUR))
    expect((await placeOf('patient@example.com')).status).toBe('expired')
    const ended = (await payload.find({ collection: 'email-outbox', where: { to: { equals: 'patient@example.com' } }, depth: 0 })).docs
    expect(ended.map((email) => email.subject)).toEqual(['Your place in line for Peach Ginger has ended'])
  })
})
