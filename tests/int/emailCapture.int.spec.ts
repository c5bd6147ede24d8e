import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { discountCodeAt, joinEmailList } from '@/lib/emailCaptures'

import { startPayload, type TestPayload } from '../helpers/payload'
import { startSmtp, type TestSmtp } from '../helpers/smtp'

describe('joining the e-mail list', () => {
  let app: TestPayload
  let smtp: TestSmtp

  beforeAll(async () => {
    smtp = await startSmtp()
    app = await startPayload({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false', EMAIL_FROM: 'Shop <shop@example.com>' })
  })

  afterAll(async () => {
    await app?.cleanup()
    await smtp?.close()
  })

  const captures = (email: string) => app.payload.find({ collection: 'email-captures', where: { email: { equals: email } } })

  it('makes a code of HC25 and the last 6 digits of the time', () => {
    expect(discountCodeAt(1_732_000_123_456)).toBe('HC25123456')
    expect(discountCodeAt(1_732_000_000_042)).toBe('HC25000042')
    expect(discountCodeAt(1_732_000_999_999, 1)).toBe('HC25000000')
  })

  it('stores the subscriber with an unused code and e-mails it to them', async () => {
    const before = smtp.messages.length
    const result = await joinEmailList(app.payload, { name: 'Nia', email: '  Nia@Example.com ' })
    expect(result).toMatchObject({ status: 'joined', email: 'nia@example.com' })
    if (result.status !== 'joined') throw new Error('not joined')
    expect(result.code).toMatch(/^HC25\d{6}$/)

    const { docs } = await captures('nia@example.com')
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ name: 'Nia', discount_code: result.code, discount_used: false })

    const [mail] = (await smtp.waitFor(before + 1)).slice(before)
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('nia@example.com')
    expect(mail.subject).toContain(result.code)
    expect(mail.text).toContain(result.code)
  })

  it('takes the next free code when the time’s code is taken', async () => {
    const now = 1_732_000_555_000
    await app.payload.create({ collection: 'email-captures', data: { name: 'First', email: 'first@example.com', discount_code: discountCodeAt(now) } })
    const result = await joinEmailList(app.payload, { name: 'Second', email: 'second@example.com' }, now)
    expect(result).toMatchObject({ status: 'joined', code: discountCodeAt(now, 1) })
  })

  it('refuses a second record with an existing code at the database', async () => {
    await expect(
      app.payload.create({ collection: 'email-captures', data: { name: 'Dup', email: 'dup@example.com', discount_code: discountCodeAt(1_732_000_555_000) } }),
    ).rejects.toThrow()
  })

  it('sends the same unused code again when an address joins twice', async () => {
    const first = await joinEmailList(app.payload, { name: 'Twice', email: 'twice@example.com' })
    const before = smtp.messages.length
    const again = await joinEmailList(app.payload, { name: 'Twice Again', email: 'TWICE@example.com' })
    expect(again).toMatchObject({ status: 'resent', code: first.status === 'joined' ? first.code : 'none' })
    expect((await captures('twice@example.com')).totalDocs).toBe(1)
    const [mail] = (await smtp.waitFor(before + 1)).slice(before)
    expect(mail.text).toContain(first.status === 'joined' ? first.code : 'none')
  })

  it('tells an address whose discount was used, and creates nothing', async () => {
    await app.payload.create({ collection: 'email-captures', data: { name: 'Used', email: 'used@example.com', discount_code: 'HC25999001', discount_used: true } })
    expect(await joinEmailList(app.payload, { name: 'Used', email: 'used@example.com' })).toEqual({ status: 'already-used' })
    expect((await captures('used@example.com')).totalDocs).toBe(1)
  })

  it.each([
    [{ name: '', email: 'a@example.com' }, 'Please fill in your name.'],
    [{ name: 'A', email: '' }, 'Please fill in your email.'],
    [{ name: 'A', email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ name: 'A'.repeat(101), email: 'long@example.com' }, 'The name can be at most 100 characters.'],
    [{ name: 42, email: null }, undefined],
  ])('refuses invalid input %j', async (input, message) => {
    const before = await app.payload.count({ collection: 'email-captures' })
    const result = await joinEmailList(app.payload, input)
    expect(result.status).toBe('invalid')
    if (message) expect(result).toMatchObject({ message })
    expect((await app.payload.count({ collection: 'email-captures' })).totalDocs).toBe(before.totalDocs)
  })
})
