import fs from 'node:fs'
import path from 'node:path'

import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { submitOrder } from '@/features/ordering/service'
import type { EmailOutbox } from '@/payload-types'
import { lastPruningRound, pruneEmailBodies, sqliteFileState } from '@/platform/email/retention'

import { validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

let app: TestPayload
let payload: Payload
const DAY = 24 * 60 * 60 * 1000
/** The test's clock: the rounds are told it is this moment (the orders placed meanwhile send their e-mails at the real one, just after). */
const NOW = new Date()
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString()

beforeAll(async () => {
  app = await startPayload()
  payload = app.payload
})
afterAll(async () => {
  await app?.cleanup()
})

/** An e-mail as the outbox stores it, in a given state: through the adapter, as the outbox writes. */
async function stored(subject: string, fields: Partial<EmailOutbox>, count = 1): Promise<void> {
  for (let index = 0; index < count; index++) {
    const createdAt = fields.sentAt ?? fields.createdAt ?? NOW.toISOString()
    await payload.db.create({
      collection: 'email-outbox',
      data: {
        to: `customer${index}@example.com`,
        subject,
        about: `order:${1000 + index}`,
        text: `Thank you for your order ${index}.`,
        // As large as the shop's HTML e-mails (1–3 kB): kept within the row's page, not on pages of
        // its own, so emptying it frees a page only if the rows are written anew (emptyBodies).
        html: `<p>${'Thank you. '.repeat(150)}</p>`,
        listUnsubscribe: 'https://shop.example/unsubscribe?token=abc',
        attempts: 1,
        createdAt,
        updatedAt: createdAt,
        ...fields,
      },
      returning: false,
    })
  }
}

const emailsWith = async (subject: string) =>
  (await payload.find({ collection: 'email-outbox', where: { subject: { equals: subject } }, pagination: false, depth: 0, sort: 'id' })).docs

describe('the e-mail log kept lean (platform/email/retention.ts)', () => {
  it("switches a fresh site's small database file to giving freed space back to the disk, at its first round", async () => {
    if (payload.db.name !== 'sqlite') return
    expect((await sqliteFileState(payload))?.incremental).toBe(false)
    expect(await pruneEmailBodies(payload, { now: NOW })).toMatchObject({ emptied: 0, listRemoved: 0 })
    expect((await sqliteFileState(payload))?.incremental).toBe(true)
  })

  it("removes the text of sent e-mails older than the retention, in batches, keeping every envelope and the e-mails not yet handled, while orders go on", async () => {
    await stored('Old and sent', { status: 'sent', sentAt: daysAgo(120) }, 450)
    await stored('Sent 91 days ago', { status: 'sent', sentAt: daysAgo(91) })
    await stored('Sent 89 days ago', { status: 'sent', sentAt: daysAgo(89) })
    await stored('Recent', { status: 'sent', sentAt: daysAgo(3) })
    await stored('Gave up', { status: 'failed', createdAt: daysAgo(120), lastError: 'mailbox unavailable' })
    await stored('Still waiting', { status: 'pending', createdAt: daysAgo(120), nextAttemptAt: daysAgo(1) })
    await stored('Not sent', { status: 'skipped', createdAt: daysAgo(120), text: '-', lastError: 'switched off' })
    const before = await sqliteFileState(payload)

    const isPruningRead = (args: Parameters<Payload['db']['find']>[0]) => args.collection === 'email-outbox' && JSON.stringify(args.where).includes('bodyRemovedAt')
    const find = payload.db.find.bind(payload.db)
    let midRound: Awaited<ReturnType<typeof submitOrder>> | undefined
    const reads = vi.spyOn(payload.db, 'find').mockImplementation(async (args) => {
      // Halfway through the round (before its third read: two batches done, three to go), an order
      // is taken and answered: the round holds the database only a batch at a time.
      if (isPruningRead(args) && reads.mock.calls.filter(([call]) => isPruningRead(call)).length === 3) {
        midRound = await submitOrder(payload, { ...validOrderForm, email: 'meanwhile-mid-round@example.com', quantity: '1' })
      }
      return find(args)
    })
    // Orders beside the round as well, as they come in.
    const orders = Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * 15))
        return submitOrder(payload, { ...validOrderForm, email: `meanwhile${index}@example.com`, quantity: '1' })
      }),
    )
    const round = await pruneEmailBodies(payload, { now: NOW, batchSize: 100 })
    const placed = await orders
    const pruningReads = reads.mock.calls.filter(([args]) => isPruningRead(args))
    reads.mockRestore()

    expect(midRound?.status).toBe('success')
    expect(placed.map((result) => result.status)).toEqual(Array(6).fill('success'))
    expect(round).toMatchObject({ at: NOW.toISOString(), retentionDays: 90, sentBefore: daysAgo(90), emptied: 451, listRemoved: 0 })
    // No list e-mails (one read), then 451 e-mails, 100 a transaction (five reads).
    expect(pruningReads).toHaveLength(6)

    const old = await emailsWith('Old and sent')
    expect(old).toHaveLength(450)
    for (const [index, email] of old.entries()) {
      expect(email).toMatchObject({ to: `customer${index}@example.com`, subject: 'Old and sent', about: `order:${1000 + index}`, status: 'sent', sentAt: daysAgo(120), text: '', bodyRemovedAt: NOW.toISOString(), bodyKeptDays: 90 })
      expect(email.html ?? null).toBeNull()
      expect(email.listUnsubscribe ?? null).toBeNull()
    }
    expect((await emailsWith('Sent 91 days ago'))[0]).toMatchObject({ text: '', bodyKeptDays: 90 })
    for (const subject of ['Sent 89 days ago', 'Recent', 'Gave up', 'Still waiting']) {
      const [email] = await emailsWith(subject)
      expect(email.text, subject).toBe('Thank you for your order 0.')
      expect(email.html, subject).toContain('Thank you.')
      expect(email.bodyRemovedAt ?? null, subject).toBeNull()
    }
    expect((await emailsWith('Not sent'))[0]).toMatchObject({ text: '-', lastError: 'switched off' })
    expect((await emailsWith('Not sent'))[0].bodyRemovedAt ?? null).toBeNull()
    // The e-mails of the orders placed meanwhile are today's: untouched.
    const { docs: orderEmails } = await payload.find({ collection: 'email-outbox', where: { to: { like: 'meanwhile' } }, pagination: false, depth: 0 })
    expect(orderEmails.length).toBeGreaterThanOrEqual(6)
    for (const email of orderEmails) expect(email.bodyRemovedAt ?? null).toBeNull()

    expect(await lastPruningRound(payload)).toEqual(round)

    // The file gave back most of what the 451 texts took (a row written anew packs with its
    // neighbours; an UPDATE that shrinks a row leaves its page as it was).
    if (payload.db.name === 'sqlite') {
      const after = await sqliteFileState(payload)
      expect(after).toMatchObject({ incremental: true, freeBytes: 0 })
      const bodies = 451 * (`<p>${'Thank you. '.repeat(150)}</p>`.length + 'Thank you for your order 100.'.length + 'https://shop.example/unsubscribe?token=abc'.length)
      expect(before!.fileBytes - after!.fileBytes).toBeGreaterThan(bodies * 0.6)
      const { rows } = await (payload.db as unknown as SQLiteAdapter).client.execute('PRAGMA integrity_check')
      expect(rows[0]?.[0]).toBe('ok')
    }
  })

  it("removes a new batch's e-mails to the list whole after 14 days, and keeps the newer ones, those not sent and the orders' e-mails", async () => {
    await stored('The new batch is open: Mixed Berry — order now', { status: 'sent', about: 'batch:7', sentAt: daysAgo(15) }, 3)
    await stored('The new batch is open: Peach Ginger — order now', { status: 'sent', about: 'batch:8', sentAt: daysAgo(13) })
    await stored('The new batch is open, still waiting', { status: 'pending', about: 'batch:8', createdAt: daysAgo(20), nextAttemptAt: daysAgo(1) })
    await stored('Your order is ready', { status: 'sent', about: 'order:5', sentAt: daysAgo(15) })
    // Another kind of e-mail that names a batch in its `about` is not a list e-mail.
    await stored('About your jars from batch 7', { status: 'sent', about: 'recall:batch:7', sentAt: daysAgo(15) })

    const round = await pruneEmailBodies(payload, { now: NOW })
    expect(round).toMatchObject({ retentionDays: 90, listSentBefore: daysAgo(14), listRemoved: 3, emptied: 0 })
    expect(await emailsWith('The new batch is open: Mixed Berry — order now')).toHaveLength(0)
    for (const subject of ['The new batch is open: Peach Ginger — order now', 'The new batch is open, still waiting', 'Your order is ready', 'About your jars from batch 7']) {
      const [email] = await emailsWith(subject)
      expect(email?.text, subject).toBe('Thank you for your order 0.')
    }
    expect(await lastPruningRound(payload)).toEqual(round)
  })

  it("follows the seller's retention, and a second round finds nothing left to do", async () => {
    expect((await pruneEmailBodies(payload, { now: NOW })).emptied).toBe(0)
    await payload.updateGlobal({ slug: 'operations', data: { emailBodyRetentionDays: 30 } })
    const round = await pruneEmailBodies(payload, { now: NOW })
    expect(round).toMatchObject({ retentionDays: 30, emptied: 1 })
    expect((await emailsWith('Sent 89 days ago'))[0]).toMatchObject({ text: '', bodyKeptDays: 30 })
    expect((await emailsWith('Recent'))[0].text).toBe('Thank you for your order 0.')
  })

  it('refuses a retention shorter than a week', async () => {
    await expect(payload.updateGlobal({ slug: 'operations', data: { emailBodyRetentionDays: 2 } })).rejects.toThrow(/Keep the text of sent e-mails/)
  })
})

describe('without SMTP', () => {
  it("writes each message as an .eml file beside the database in use, not into the checkout's data folder", async () => {
    if (!app.databaseUri.startsWith('file:')) return
    const besideTheDatabase = path.join(path.dirname(app.databaseUri.slice('file:'.length)), 'outbox')
    const subject = `Written beside its database ${Date.now()}`
    await payload.sendEmail({ to: 'someone@example.com', subject, text: 'Hello.' })
    const written = fs.readdirSync(besideTheDatabase).filter((name) => fs.readFileSync(path.join(besideTheDatabase, name), 'utf8').includes(subject))
    expect(written).toHaveLength(1)
    expect(written[0]).toMatch(/\.eml$/)
    const checkoutOutbox = path.resolve('data', 'outbox')
    const leaked = fs.existsSync(checkoutOutbox) ? fs.readdirSync(checkoutOutbox).filter((name) => fs.readFileSync(path.join(checkoutOutbox, name), 'utf8').includes(subject)) : []
    expect(leaked).toEqual([])
  })
})
