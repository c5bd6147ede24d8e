import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { enterOrderByHand } from '@/features/admin/manualOrder'
import { findPrepSheet } from '@/features/admin/prepSheet'
import { submitOrder } from '@/features/ordering/service'
import { applySellerAction } from '@/features/seller/service'
import { confirmRecallNotice, earlierRecalls, findRecallRecord, startRecall, type StartRecall } from '@/features/recalls/recallRecords'
import { recallEmailAbout } from '@/features/recalls/recordRules'
import type { Batch, Order } from '@/payload-types'
import { deliverDueEmails } from '@/platform/email/outbox'
import { LIST_EMAIL_ABOUT_RANGE } from '@/platform/email/retentionRules'
import { businessDay } from '@/shared/time'

import { jarsLeftIn, openBatch } from '../helpers/batches'
import { orderFormData, validOrderForm } from '../helpers/orders'
import { adminAuthHeader, rest, startPayload, type TestPayload } from '../helpers/payload'
import { recipients, startSmtp, type TestSmtp } from '../helpers/smtp'

const ADMIN = { email: 'recaller@example.com', password: 'correct-horse-battery' }
const REFUSED = 'nobody@example.com'
const quiet = { disableRevalidate: true }

let app: TestPayload
let smtp: TestSmtp
let admin: Record<string, string>
let adminId: number | string
let recalled: Batch
let other: Batch
let empty: Batch
const placed: Record<string, Order> = {}

async function online(key: string, name: string, email: string, flavors: string[], phone: string): Promise<Order> {
  const jars = Object.fromEntries(flavors.map((flavor, index) => [`flavor${index + 1}`, flavor]))
  const { flavor1: _1, flavor2: _2, flavor3: _3, ...form } = validOrderForm
  const result = await submitOrder(app.payload, { ...form, quantity: String(flavors.length), ...jars, fullName: name, email, phone })
  if (result.status !== 'success') throw new Error(`order refused: ${JSON.stringify(result)}`)
  return (placed[key] = result.order)
}

const scope = () => ({ kind: 'batch', batch: String(recalled.id) }) as const
const start = (fields: Partial<StartRecall> = {}): StartRecall => ({ scope: scope(), kind: 'real', reason: 'Our sea moss supplier recalled its lot.', userId: adminId, ...fields })

/** What the database holds that a recall may change: holds, jars left, recall e-mails, records. */
async function snapshot() {
  const orders = await app.payload.find({ collection: 'orders', pagination: false, depth: 0, sort: 'id', select: { heldByRecall: true, status: true } })
  const recallEmails = await app.payload.count({ collection: 'email-outbox', where: { about: { like: 'recall:' } } })
  return {
    held: orders.docs.filter((order) => order.heldByRecall != null).length,
    jarsLeft: await jarsLeftIn(app.payload, recalled),
    recallEmails: recallEmails.totalDocs,
    recalls: (await app.payload.count({ collection: 'recalls' })).totalDocs,
    notices: (await app.payload.count({ collection: 'recall-notices' })).totalDocs,
  }
}

/** Works the outbox until nothing more goes (the refused address waits for its retry). */
async function deliverAll(): Promise<void> {
  for (let round = 0; round < 40; round++) {
    const { sent, failed } = await deliverDueEmails(app.payload)
    if (sent === 0 && failed === 0) return
  }
}

/** Waits until each of the recall's e-mails was tried (the service started a delivery round in the background after its commit). */
async function tried(recallId: number | string): Promise<void> {
  const deadline = Date.now() + 20_000
  for (;;) {
    await deliverAll()
    const { docs } = await app.payload.find({ collection: 'email-outbox', where: { about: { equals: recallEmailAbout(recallId) } }, pagination: false })
    if (docs.every((email) => email.status === 'sent' || (email.attempts ?? 0) > 0)) return
    if (Date.now() > deadline) throw new Error(`recall e-mails not tried: ${JSON.stringify(docs.map((email) => [email.to, email.status]))}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const recallMails = () => smtp.messages.filter((mail) => mail.subject?.startsWith('Recall notice'))
const mailsTo = (address: string) => recallMails().filter((mail) => recipients(mail).includes(address))
const textOf = (mail: ParsedMail) => mail.text ?? ''

beforeAll(async () => {
  smtp = await startSmtp(0, { refuse: (address) => address === REFUSED })
  app = await startPayload({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  admin = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
  adminId = (await app.payload.find({ collection: 'users', limit: 1 })).docs[0].id

  // Another batch's customer: never told.
  other = await openBatch(app.payload, { jarsLeft: 50 }, { code: 'B-OTHER' })
  await online('otto', 'Otto Other', 'otto@example.com', ['mixed-berry'], '(313) 555-0300')
  empty = await openBatch(app.payload, { jarsLeft: 50 }, { code: 'B-EMPTY' })

  // The recalled batch, counted per flavor, open now.
  recalled = await openBatch(app.payload, { flavors: { 'mixed-berry': 30, 'peach-ginger': 30 } }, { code: 'B-RECALL' })
  await online('ann1', 'Ann Able', 'ann@example.com', ['mixed-berry', 'peach-ginger', 'peach-ginger'], '(313) 555-0301')
  await online('ann2', 'Ann Able', 'Ann@Example.com', ['peach-ginger'], '(313) 555-0301')
  await online('una', 'Una Unsubscribed', 'una@example.com', ['mixed-berry'], '(313) 555-0302')
  await app.payload.create({ collection: 'unsubscribes', data: { email: 'una@example.com' } })
  await online('ned', 'Ned Nobox', REFUSED, ['mixed-berry'], '(313) 555-0303')
  const done = await online('dot', 'Dot Done', 'dot@example.com', ['peach-ginger'], '(313) 555-0304')
  placed.dot = await app.payload.update({ collection: 'orders', id: done.id, data: { status: 'completed' }, context: quiet })
  const cancelled = await online('cy', 'Cy Cancelled', 'cy@example.com', ['mixed-berry'], '(313) 555-0305')
  await app.payload.update({ collection: 'orders', id: cancelled.id, data: { status: 'cancelled' }, context: quiet })
  // Entered by hand, without an e-mail: the seller calls them.
  const { email: _email, consent: _consent, ...fields } = validOrderForm
  const byHand = await enterOrderByHand(app.payload, new Headers(admin), orderFormData({ ...fields, source: 'text', fullName: 'Hal Hand', phone: '(734) 555-0306', quantity: '1', flavor1: 'mixed-berry' }))
  if (byHand.status !== 'success') throw new Error('by hand refused')
  placed.hal = byHand.order
  // The order e-mails out of the way: what arrives from here is the recall's.
  await deliverAll()
  smtp.messages.length = 0
})

afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})

describe('a recall', () => {
  it('of a batch no order took from says so and records nothing', async () => {
    const before = await snapshot()
    for (const kind of ['drill', 'real'] as const) {
      expect(await startRecall(app.payload, start({ kind, scope: { kind: 'batch', batch: String(empty.id) } }))).toEqual({ status: 'problem', problem: expect.stringContaining('No order took these jars') })
    }
    expect(await snapshot()).toEqual(before)
  })

  it('a drill finds the same list, timed, e-mails nobody and changes nothing', async () => {
    const before = await snapshot()
    const drill = await startRecall(app.payload, start({ kind: 'drill', reason: '' }))
    if (drill.status !== 'recorded') throw new Error(drill.problem)
    const after = await snapshot()
    expect(after).toEqual({ ...before, recalls: before.recalls + 1, notices: before.notices + 5 })
    await deliverAll()
    expect(recallMails()).toHaveLength(0)
    const record = await findRecallRecord(app.payload, String(drill.id))
    expect(record?.recall).toMatchObject({ kind: 'drill', label: 'Batch B-RECALL', customers: 5, orders: 6, jars: 8, noEmail: 1, heldOrders: null })
    expect(record?.recall.findMs).toBeGreaterThanOrEqual(0)
    expect(record?.notices.map((notice) => notice.name)).toEqual(['Ann Able', 'Dot Done', 'Hal Hand', 'Ned Nobox', 'Una Unsubscribed'])
    expect((await findRecallRecord(app.payload, String(drill.id), 1, 'call'))?.notices.map((notice) => [notice.name, notice.phone])).toEqual([['Hal Hand', '(734) 555-0306']])
  })

  it('a failure after the holds leaves nothing changed: the holds, the stopped batch and the e-mails go together', async () => {
    const before = await snapshot()
    let heldInside = 0
    await expect(
      startRecall(app.payload, start(), {
        async afterHolds(req) {
          heldInside = (await app.payload.count({ collection: 'orders', where: { heldByRecall: { exists: true } }, req })).totalDocs
          throw new Error('injected after the holds')
        },
      }),
    ).rejects.toThrow('injected after the holds')
    // The holds were made (and the batch stopped) inside the transaction, then undone with it.
    expect(heldInside).toBe(5)
    expect(await snapshot()).toEqual(before)
    expect(before.jarsLeft).toEqual({ 'mixed-berry': 30 - 4, 'peach-ginger': 30 - 4 })
  })

  it('a real one stops the batch at once, holds the open orders and e-mails each customer once, unsubscribed included, none to others', async () => {
    const real = await startRecall(app.payload, start({ requestKey: 'press-1' }))
    if (real.status !== 'recorded') throw new Error(real.problem)
    // A second post of the same press (a double click) finds the same recall and queues nothing more.
    expect(await startRecall(app.payload, start({ requestKey: 'press-1' }))).toEqual(real)

    expect(await jarsLeftIn(app.payload, recalled)).toEqual({ 'mixed-berry': 0, 'peach-ginger': 0 })
    const again = await submitOrder(app.payload, { ...validOrderForm, quantity: '1', flavor1: 'mixed-berry', flavor2: '', flavor3: '', fullName: 'Late Larry', email: 'larry@example.com' })
    expect(again.status).not.toBe('success')

    const orders = await app.payload.find({ collection: 'orders', pagination: false, depth: 0, select: { fullName: true, heldByRecall: true, status: true } })
    const held = orders.docs.filter((order) => order.heldByRecall != null).map((order) => order.fullName).sort()
    // Open orders only: Dot's completed, Cy's cancelled and Otto's of another batch are not held.
    expect(held).toEqual(['Ann Able', 'Ann Able', 'Hal Hand', 'Ned Nobox', 'Una Unsubscribed'])

    const queued = await app.payload.find({ collection: 'email-outbox', where: { about: { equals: recallEmailAbout(real.id) } }, pagination: false })
    expect(queued.docs.map((email) => email.to).sort()).toEqual(['ann@example.com', 'dot@example.com', REFUSED, 'una@example.com'])
    // Not a list e-mail: the retention keeps its envelope as long as any order e-mail's.
    for (const email of queued.docs) expect(email.about! >= LIST_EMAIL_ABOUT_RANGE.from && email.about! < LIST_EMAIL_ABOUT_RANGE.to).toBe(false)

    await tried(real.id)
    for (const address of ['ann@example.com', 'una@example.com', 'dot@example.com']) expect(mailsTo(address)).toHaveLength(1)
    for (const address of ['otto@example.com', 'cy@example.com', REFUSED]) expect(mailsTo(address)).toHaveLength(0)
    expect(recallMails()).toHaveLength(3)
    const toUna = mailsTo('una@example.com')[0]
    expect(toUna.headers.has('list-unsubscribe')).toBe(false)
    // The law's notice, not marketing: no unsubscribe link or pitch (her name has the word), no discount.
    expect(textOf(toUna)).not.toMatch(/unsubscribe[:?]|\/unsubscribe|discount|% off/i)
    const toAnn = mailsTo('ann@example.com')[0]
    expect(toAnn.subject).toContain('batch B-RECALL')
    expect(textOf(toAnn)).toContain('Hi Ann Able')
    expect(textOf(toAnn)).toContain(`${placed.ann1.reference}, ${placed.ann2.reference}`)
    expect(textOf(toAnn)).toContain('Our sea moss supplier recalled its lot.')
    expect(textOf(toAnn)).toMatch(/\/recall-notice\?notice=/)

    const record = await findRecallRecord(app.payload, String(real.id))
    expect(record?.recall).toMatchObject({ kind: 'real', customers: 5, orders: 6, noEmail: 1, heldOrders: 5, emailed: 4, stopped: 'B-RECALL' })
    expect(record?.counts).toEqual({ sent: 3, failed: 1, waiting: 0, confirmed: 0 })
    const ned = record?.notices.find((notice) => notice.name === 'Ned Nobox')
    expect(ned).toMatchObject({ state: 'failed', phone: '(313) 555-0303' })
    expect(ned?.error).toContain('no such mailbox')
    expect((await findRecallRecord(app.payload, String(real.id), 1, 'call'))?.notices.map((notice) => notice.name)).toEqual(['Hal Hand', 'Ned Nobox'])

    // The delivery day's record of each order, by its reference: Ann's first order went out on a run and was handed over.
    await app.payload.db.updateOne({ collection: 'orders', id: placed.ann1.id, data: { leftFridgeAt: '2026-12-05T19:05:00.000Z', handedOverAt: '2026-12-05T19:41:00.000Z' } })
    const ann = (await findRecallRecord(app.payload, String(real.id)))?.notices.find((notice) => notice.name === 'Ann Able')
    expect(ann?.handovers).toEqual([`${placed.ann1.reference}: Out of the fridge Dec 5, 2:05 PM · Handed over Dec 5, 2:41 PM (36 min)`])
    expect(ned?.handovers).toEqual([])

    // A second real recall of the same jars is allowed; the confirmation step warns of the first.
    expect((await earlierRecalls(app.payload, scope())).map((recall) => recall.id)).toEqual([real.id])
  })

  it('the e-mail’s link records the confirmation once, and a forged one changes nothing', async () => {
    const link = textOf(mailsTo('ann@example.com')[0]).match(/\/recall-notice\?notice=([\w.%-]+)/)
    const key = decodeURIComponent(link![1])
    const [id, signature] = key.split('.')
    const forged = `${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`
    expect(await confirmRecallNotice(app.payload, forged)).toEqual({ status: 'invalid' })
    expect(await confirmRecallNotice(app.payload, `${Number(id) + 1}.${signature}`)).toEqual({ status: 'invalid' })
    expect((await app.payload.count({ collection: 'recall-notices', where: { confirmedAt: { exists: true } } })).totalDocs).toBe(0)

    const first = await confirmRecallNotice(app.payload, key, new Date('2026-12-01T15:00:00Z'))
    const second = await confirmRecallNotice(app.payload, key, new Date('2026-12-02T15:00:00Z'))
    expect(first).toMatchObject({ status: 'confirmed', confirmedAt: '2026-12-01T15:00:00.000Z' })
    expect(second).toEqual(first)
    const notice = await app.payload.findByID({ collection: 'recall-notices', id, depth: 0 })
    expect(notice.name).toBe('Ann Able')
    const record = await findRecallRecord(app.payload, String(relationIdOf(notice.recall)), 1, 'confirmed')
    expect(record?.counts.confirmed).toBe(1)
    expect(record?.notices.map((row) => row.name)).toEqual(['Ann Able'])
  })

  it('a held order is marked on the prep sheet and not counted to hand over; released only with a note; cancelled, its jars stay out of sale', async () => {
    const una = placed.una
    await app.payload.update({ collection: 'orders', id: una.id, data: { status: 'confirmed' }, context: quiet })
    const sheet = await findPrepSheet(app.payload, businessDay(new Date()).key)
    const stop = [...sheet.pickups, ...sheet.deliveries].find((entry) => entry.id === una.id)
    expect(stop).toMatchObject({ held: true, toCollect: 0 })
    expect(sheet.jars).toBe(0)
    expect(sheet.make).toEqual([])

    // The daily screen's buttons do not move a held order on towards handing over.
    const seller = (await app.payload.find({ collection: 'users', limit: 1 })).docs[0]
    for (const action of ['ready', 'complete'] as const) expect(await applySellerAction(app.payload, seller, una.id, { action })).toEqual({ status: 'held', reference: una.reference })
    expect((await app.payload.findByID({ collection: 'orders', id: una.id, depth: 0 })).status).toBe('confirmed')
    // Nor does the admin's save.
    await expect(app.payload.update({ collection: 'orders', id: una.id, data: { status: 'completed' }, context: quiet })).rejects.toThrow(/HELD by a recall/)

    await expect(app.payload.update({ collection: 'orders', id: una.id, data: { heldByRecall: null }, context: quiet })).rejects.toThrow(/Say why/)
    const released = await app.payload.update({ collection: 'orders', id: una.id, data: { heldByRecall: null, recallReleaseNote: 'Made from the other sea moss: checked the label.' }, context: quiet })
    expect(released.heldByRecall ?? null).toBeNull()
    expect(await applySellerAction(app.payload, seller, una.id, { action: 'ready' })).toEqual({ status: 'changed', reference: una.reference })

    const before = await jarsLeftIn(app.payload, recalled)
    await app.payload.update({ collection: 'orders', id: placed.ned.id, data: { status: 'cancelled' }, context: quiet })
    expect(await jarsLeftIn(app.payload, recalled)).toEqual(before)
    expect(other.id).toBeDefined()
  })
})

describe('a recall of one flavor', () => {
  it('stops only that flavor of a batch counted per flavor, and the whole of a batch counted together', async () => {
    const perFlavor = await openBatch(app.payload, { flavors: { 'mixed-berry': 10, 'peach-ginger': 10 } }, { code: 'B-FLAVOR' })
    await online('fay', 'Fay Flavor', 'fay@example.com', ['peach-ginger'], '(313) 555-0310')
    const flavorOf = (batch: Batch) => ({ kind: 'flavor', batch: String(batch.id), flavor: 'peach-ginger' }) as const
    const first = await startRecall(app.payload, start({ scope: flavorOf(perFlavor) }))
    expect(first.status).toBe('recorded')
    expect(await jarsLeftIn(app.payload, perFlavor)).toEqual({ 'mixed-berry': 10, 'peach-ginger': 0 })

    const together = await openBatch(app.payload, { jarsLeft: 10 }, { code: 'B-TOGETHER' })
    await online('tess', 'Tess Together', 'tess@example.com', ['peach-ginger'], '(313) 555-0311')
    const second = await startRecall(app.payload, start({ scope: flavorOf(together) }))
    if (second.status !== 'recorded') throw new Error(second.problem)
    expect(await jarsLeftIn(app.payload, together)).toBe(0)
    expect((await findRecallRecord(app.payload, String(second.id)))?.recall.stopped).toBe('B-TOGETHER (all of it: its jars are counted together, not per flavor)')
  })
})

describe('the records', () => {
  it('are the admins’ to read and to add notes to; nobody else reads them, and nobody rewrites or deletes one', async () => {
    const { docs } = await app.payload.find({ collection: 'recalls', where: { and: [{ kind: { equals: 'real' } }, { label: { equals: 'Batch B-RECALL' } }] }, limit: 1 })
    const recall = docs[0]
    for (const path of ['/recalls', '/recall-notices']) {
      const read = await rest(app.config, 'GET', path)
      expect([401, 403]).toContain(read.status)
      expect(JSON.stringify(read.json)).not.toContain('Ann Able')
    }
    const edited = await rest(app.config, 'PATCH', `/recalls/${recall.id}`, { headers: admin, body: { label: 'Something else', emailed: 0, notes: 'Called Ned: jars thrown away.' } })
    expect(edited.status).toBe(200)
    const stored = await app.payload.findByID({ collection: 'recalls', id: recall.id, depth: 0 })
    expect(stored).toMatchObject({ label: 'Batch B-RECALL', emailed: 4, notes: 'Called Ned: jars thrown away.' })
    expect((await rest(app.config, 'DELETE', `/recalls/${recall.id}`, { headers: admin })).status).toBe(403)
    expect((await rest(app.config, 'POST', '/recalls', { headers: admin, body: { label: 'x', kind: 'real', scope: 'x' } })).status).toBe(403)
    expect((await rest(app.config, 'PATCH', `/recall-notices/${(await app.payload.find({ collection: 'recall-notices', limit: 1 })).docs[0].id}`, { headers: admin, body: { confirmedAt: new Date().toISOString() } })).status).toBe(403)
  })
})

const relationIdOf = (value: unknown) => (typeof value === 'object' && value ? (value as { id: unknown }).id : value)
