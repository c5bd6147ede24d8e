import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sendContactMessage } from '@/features/contact/service'
import { contactNotices } from '@/features/contact/notices'
import { deliverDueEmails } from '@/platform/email/outbox'
import { staleClaimMs } from '@/platform/email/outboxRules'

import { startPayload, type TestPayload } from '../helpers/payload'
import { startSmtp, type TestSmtp } from '../helpers/smtp'

let app: TestPayload
let smtp: TestSmtp

beforeAll(async () => {
  smtp = await startSmtp()
  app = await startPayload({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false' })
})
afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})

const stored = (name: string) => app.payload.find({ collection: 'contact-messages', where: { name: { equals: name } } })

describe('a contact message (the contact service)', () => {
  it('is stored and e-mailed to the seller, with the visitor as the reply address', async () => {
    const result = await sendContactMessage(app.payload, { name: ' Mo ', email: 'Mo@Example.com', phone: '', subject: 'Sundays', message: 'Do you deliver on Sundays?' })
    expect(result).toEqual({ ok: true })
    const { docs } = await stored('Mo')
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ email: 'mo@example.com', subject: 'Sundays', message: 'Do you deliver on Sundays?' })
    const mail = await smtp.waitForMailTo('orders@example.com', (received) => received.subject === 'New message from Mo: Sundays')
    expect(mail.replyTo?.text).toContain('mo@example.com')
    expect(mail.text).toContain('Do you deliver on Sundays?')
  })

  it('refuses a missing message with the spec wording and stores nothing', async () => {
    expect(await sendContactMessage(app.payload, { name: 'Empty', email: 'e@example.com', message: '  ' })).toEqual({
      ok: false,
      message: contactNotices.missingField('message'),
    })
    expect((await stored('Empty')).totalDocs).toBe(0)
  })

  it('stores one message for one submission key posted twice, also at once', async () => {
    const values = { name: 'Twice Tess', email: 'tess@example.com', message: 'Hello twice' }
    expect(await sendContactMessage(app.payload, values, 'contact:serial-key-0123456789')).toEqual({ ok: true })
    expect(await sendContactMessage(app.payload, values, 'contact:serial-key-0123456789')).toEqual({ ok: true })
    const racing = await Promise.all([1, 2, 3].map(() => sendContactMessage(app.payload, { ...values, name: 'Racing Rae' }, 'contact:racing-key-0123456789')))
    expect(racing).toEqual([{ ok: true }, { ok: true }, { ok: true }])
    expect((await stored('Twice Tess')).totalDocs).toBe(1)
    expect((await stored('Racing Rae')).totalDocs).toBe(1)
  })
})

describe('the outbox after a crash', () => {
  it('sends a message a dead process had claimed once its claim is stale, and only once', async () => {
    const claimedAt = new Date(Date.now() - staleClaimMs() - 1000).toISOString()
    const orphan = await app.payload.create({
      collection: 'email-outbox',
      data: { to: 'orphan@example.com', subject: 'Claimed by a dead server', text: 'Hello', status: 'sending', claimedAt, nextAttemptAt: claimedAt },
    })
    const early = await app.payload.create({
      collection: 'email-outbox',
      data: { to: 'fresh-claim@example.com', subject: 'Claimed a moment ago', text: 'Hello', status: 'sending', claimedAt: new Date().toISOString(), nextAttemptAt: claimedAt },
    })
    while ((await deliverDueEmails(app.payload)).sent > 0);
    await smtp.waitForMailTo('orphan@example.com')
    expect((await app.payload.findByID({ collection: 'email-outbox', id: orphan.id })).status).toBe('sent')
    // A claim that is not stale belongs to a live server that is still sending it.
    expect((await app.payload.findByID({ collection: 'email-outbox', id: early.id })).status).toBe('sending')
    expect(await deliverDueEmails(app.payload)).toEqual({ sent: 0, failed: 0 })
    expect(smtp.messages.filter((mail) => mail.subject === 'Claimed by a dead server')).toHaveLength(1)
  })
})
