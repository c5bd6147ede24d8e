import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

import type { SQLiteAdapter } from '@payloadcms/db-sqlite'
import type { Payload } from 'payload'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'

import { submitContactForm } from '@/features/contact/actions'
import { contactNotices } from '@/features/contact/notices'
import { joinEmailListAction } from '@/features/discounts/actions'
import { signUpNotices } from '@/features/discounts/notices'
import { placeOrder } from '@/features/ordering/actions'
import { orderNotices } from '@/features/ordering/notices'
import { initialOrderState } from '@/features/ordering/orderFormState'
import { postReview } from '@/features/reviews/actions'
import { reviewNotices } from '@/features/reviews/notices'
import { REFUSED_WRITE_MESSAGE } from '@/platform/db/refusedWrites'
import { idleState } from '@/shared/forms/formState'

import { orderFormData, validOrderForm } from '../helpers/orders'
import { adminAuthHeader, rest, startPayload, type TestPayload } from '../helpers/payload'

// The server actions run outside Next here: their request headers, Payload client and log are the test's.
const context = vi.hoisted(() => ({ ip: '203.0.113.1', payload: undefined as Payload | undefined }))
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': context.ip }) }))
vi.mock('@/payloadClient', () => ({
  getPayloadClient: async () => context.payload,
  logFailure: async (msg: string, err: unknown) => context.payload?.logger.error({ err, msg }),
}))

const ADMIN = { email: 'owner@example.com', password: 'correct-horse-battery' }

let app: TestPayload
let payload: Payload
let databaseFile: string
let nextIp = 1
let loggedErrors: MockInstance

const count = async (collection: 'orders' | 'reviews' | 'email-captures' | 'contact-messages' | 'email-outbox') => (await payload.count({ collection, overrideAccess: true })).totalDocs

/**
 * Runs `work` while the database file and its write-ahead log are immutable (`chattr +i`, which
 * refuses every write, also root's), as a failing disk would: reads still work, writes and COMMIT
 * fail with a disk I/O error.
 */
async function withDiskRefusingWrites<T>(work: () => Promise<T>): Promise<T> {
  const files = [databaseFile, `${databaseFile}-wal`].filter((file) => fs.existsSync(file))
  execFileSync('chattr', ['+i', ...files])
  try {
    return await work()
  } finally {
    execFileSync('chattr', ['-i', ...files])
    // A connection libsql opened meanwhile got the file read-only (SQLite's fallback) and would stay
    // so: start with fresh ones, as the server restarted after a disk repair does.
    ;(payload.db as unknown as SQLiteAdapter).client.reconnect()
  }
}

type LoggedLine = { err?: unknown; msg?: string } | Error

/**
 * The outbox's delivery round runs in the background after a commit (an earlier test's order) and
 * may meet the refusing disk too: its failure is logged, and the round is tried again later. It is
 * not the answer's error.
 */
const isBackgroundRound = (line: LoggedLine) => !(line instanceof Error) && /^\[email\] a delivery round failed/.test(line.msg ?? '')

/**
 * Payload's SQLite adapter logs a BEGIN the disk refused itself, and throws it on to the answer,
 * which logs it: one failure. Whether it is refused at BEGIN or at COMMIT depends on which pooled
 * connection the write gets (one whose COMMIT failed before refuses the next BEGIN).
 */
const isAdaptersOwnBeginLine = (line: LoggedLine) => !(line instanceof Error) && /^Error: cannot begin transaction: /.test(line.msg ?? '')

/** The error lines the answer logged meanwhile: exactly one, naming SQLite's refusal (in the error or its cause). */
function expectOneLoggedDiskError() {
  const lines = (loggedErrors.mock.calls as [LoggedLine][]).map(([line]) => line).filter((line) => !isBackgroundRound(line) && !isAdaptersOwnBeginLine(line))
  expect(lines).toHaveLength(1)
  const [line] = lines
  const causes: string[] = []
  for (let error = line instanceof Error ? line : line.err; error instanceof Error; error = error.cause) causes.push(error.message)
  expect(causes.join(' ← ')).toMatch(/SQLITE_IOERR|SQLITE_READONLY/)
}

describe.skipIf(process.env.DATABASE_URI?.startsWith('mongodb'))('a database the disk refuses to write', () => {
  beforeAll(async () => {
    app = await startPayload({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
    payload = app.payload
    context.payload = payload
    databaseFile = app.databaseUri.slice('file:'.length)
  })

  afterAll(async () => {
    await app?.cleanup()
  })

  beforeEach(() => {
    context.ip = `198.51.100.${nextIp++}`
    loggedErrors = vi.spyOn(payload.logger, 'error')
  })

  afterEach(() => {
    loggedErrors.mockRestore()
  })

  it('answers an order with the submission error, stores no order and queues no e-mail', async () => {
    const [orders, outbox] = [await count('orders'), await count('email-outbox')]
    const state = await withDiskRefusingWrites(() => placeOrder(initialOrderState, orderFormData({ ...validOrderForm, submissionKey: crypto.randomUUID() })))
    expect(state).toMatchObject({ status: 'error', message: orderNotices.failed })
    expectOneLoggedDiskError()
    expect(await count('orders')).toBe(orders)
    expect(await count('email-outbox')).toBe(outbox)

    // The same order once the disk takes writes again: stored, as the visitor would retry it.
    expect(await placeOrder(initialOrderState, orderFormData({ ...validOrderForm, submissionKey: crypto.randomUUID() }))).toMatchObject({ status: 'success' })
    expect(await count('orders')).toBe(orders + 1)
  })

  it('answers a review with the review error and stores no review', async () => {
    const reviews = await count('reviews')
    const form = new FormData()
    for (const [name, value] of Object.entries({ name: 'Ann', rating: '5', comment: 'Lovely gel', submissionKey: crypto.randomUUID() })) form.append(name, value)
    const state = await withDiskRefusingWrites(() => postReview(idleState, form))
    expect(state).toMatchObject({ status: 'error', message: reviewNotices.failed })
    expectOneLoggedDiskError()
    expect(await count('reviews')).toBe(reviews)
  })

  it('answers a sign-up with the sign-up error, stores no subscriber and queues no welcome e-mail', async () => {
    const [captures, outbox] = [await count('email-captures'), await count('email-outbox')]
    const form = new FormData()
    for (const [name, value] of Object.entries({ name: 'Bo', email: 'bo@example.com', submissionKey: crypto.randomUUID() })) form.append(name, value)
    const answer = await withDiskRefusingWrites(() => joinEmailListAction(form))
    expect(answer).toEqual({ ok: false, message: signUpNotices.failed })
    expectOneLoggedDiskError()
    expect(await count('email-captures')).toBe(captures)
    expect(await count('email-outbox')).toBe(outbox)
  })

  it('answers a contact message with the contact error, stores no message and queues no e-mail to the seller', async () => {
    const [messages, outbox] = [await count('contact-messages'), await count('email-outbox')]
    const form = new FormData()
    for (const [name, value] of Object.entries({ name: 'Cy', email: 'cy@example.com', message: 'Do you deliver on Sundays?', submissionKey: crypto.randomUUID() })) form.append(name, value)
    const state = await withDiskRefusingWrites(() => submitContactForm(idleState, form))
    expect(state).toMatchObject({ status: 'error', message: contactNotices.failed })
    expectOneLoggedDiskError()
    expect(await count('contact-messages')).toBe(messages)
    expect(await count('email-outbox')).toBe(outbox)
  })

  it("answers an admin's save with what happened and what to do, and keeps the stored text", async () => {
    const headers = await adminAuthHeader(app.config, ADMIN.email, ADMIN.password)
    const faq = (await payload.find({ collection: 'faqs', limit: 1, sort: 'order' })).docs[0]
    loggedErrors.mockClear()
    const saved = await withDiskRefusingWrites(() => rest(app.config, 'PATCH', `/faqs/${faq.id}`, { body: { answer: 'Lost on the way to the disk' }, headers }))
    // Said in words the seller can act on, not "An unknown error occurred."
    expect(saved.status).toBe(503)
    expect(saved.json).toMatchObject({ message: REFUSED_WRITE_MESSAGE })
    expectOneLoggedDiskError()
    expect((await payload.findByID({ collection: 'faqs', id: faq.id })).answer).toBe(faq.answer)
  })

  it('drops the work queued for after the commit (cache expiry) when the commit fails', async () => {
    const { commitTransaction, createLocalReq, initTransaction, killTransaction } = await import('payload')
    const { onCommit } = await import('@/platform/db/afterCommit')
    const faq = (await payload.find({ collection: 'faqs', limit: 1, sort: 'order' })).docs[0]
    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    let ran = false
    try {
      await payload.update({ collection: 'faqs', id: faq.id, data: { answer: 'Never committed' }, req })
      expect(onCommit(req, () => (ran = true))).toBe(true)
      await expect(withDiskRefusingWrites(() => commitTransaction(req))).rejects.toThrow(/SQLITE_IOERR|disk I\/O error/)
    } finally {
      await killTransaction(req)
    }
    expect(ran).toBe(false)
    expect((await payload.findByID({ collection: 'faqs', id: faq.id })).answer).toBe(faq.answer)
  })
})
