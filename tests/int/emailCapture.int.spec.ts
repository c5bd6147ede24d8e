import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { joinEmailList } from '@/features/discounts/signUp'

import { startPayload, type TestPayload } from '../helpers/payload'
import { recipients, startSmtp, type TestSmtp } from '../helpers/smtp'

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

  it('makes codes of HC25 and 6 digits that the sign-up time does not give away', async () => {
    const codes: string[] = []
    // Ten sign-ups at one and the same instant (the test holds the clock still): codes made of the
    // time would all be that instant's digits (the sign-up tries 20 and gives up) or its neighbours.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    try {
      for (let index = 0; index < 10; index++) {
        const result = await joinEmailList(app.payload, { name: `Same time ${index}`, email: `same-time-${index}@example.com` })
        if (result.status !== 'joined') throw new Error('not joined')
        expect(result.code).toMatch(/^HC25\d{6}$/)
        codes.push(result.code)
      }
    } finally {
      vi.useRealTimers()
    }
    expect(new Set(codes).size).toBe(codes.length)
    const digits = codes.map((code) => Number(code.slice(4))).sort((a, b) => a - b)
    // Spread over the whole range, not clustered like consecutive timestamps.
    expect(digits[digits.length - 1] - digits[0]).toBeGreaterThan(10_000)
  })

  it('stores the subscriber with an unused code and e-mails it to them', async () => {
    const result = await joinEmailList(app.payload, { name: 'Nia', email: '  Nia@Example.com ' })
    expect(result).toMatchObject({ status: 'joined', email: 'nia@example.com' })
    if (result.status !== 'joined') throw new Error('not joined')
    expect(result.code).toMatch(/^HC25\d{6}$/)

    const { docs } = await captures('nia@example.com')
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ name: 'Nia', discount_code: result.code, discount_used: false })

    const mail = await smtp.waitForMailTo('nia@example.com')
    expect(mail.subject).toContain(result.code)
    expect(mail.text).toContain(result.code)
  })

  it('refuses a second record with an existing code at the database', async () => {
    await app.payload.create({ collection: 'email-captures', data: { name: 'First', email: 'first@example.com', discount_code: 'HC25555000' } })
    await expect(app.payload.create({ collection: 'email-captures', data: { name: 'Dup', email: 'dup@example.com', discount_code: 'HC25555000' } })).rejects.toThrow()
  })

  it('e-mails the unused code to the address when it joins again, and never shows it on the page', async () => {
    const first = await joinEmailList(app.payload, { name: 'Twice', email: 'twice@example.com' })
    if (first.status !== 'joined') throw new Error('not joined')
    await smtp.waitForMailTo('twice@example.com')
    const again = await joinEmailList(app.payload, { name: 'Someone Else', email: 'TWICE@example.com' })
    expect(again).toEqual({ status: 'resent', email: 'twice@example.com' })
    expect(JSON.stringify(again)).not.toContain(first.code)
    expect((await captures('twice@example.com')).totalDocs).toBe(1)
    const mail = await smtp.waitForMailTo('twice@example.com', (received) => received.text?.includes('already on the') ?? false)
    expect(mail.text).toContain(first.code)

    // A third try within the hour sends nothing more: nobody can flood an inbox from the popup.
    const third = await joinEmailList(app.payload, { name: 'Again', email: 'twice@example.com' })
    expect(third).toEqual({ status: 'resent', email: 'twice@example.com' })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.messages.filter((received) => recipients(received).includes('twice@example.com'))).toHaveLength(2)
  })

  it('stores one subscriber for one submission key posted twice, and answers both alike', async () => {
    const input = { name: 'Double', email: 'double@example.com' }
    const [a, b] = await Promise.all([joinEmailList(app.payload, input, 'signup:key-1234567890abcdef'), joinEmailList(app.payload, input, 'signup:key-1234567890abcdef')])
    expect(a).toMatchObject({ status: 'joined' })
    expect(b).toEqual(a)
    expect((await captures('double@example.com')).totalDocs).toBe(1)
  })

  it('tells an address whose discount was used, and creates nothing', async () => {
    await app.payload.create({ collection: 'email-captures', data: { name: 'Used', email: 'used@example.com', discount_code: 'HC25999001', discount_used: true } })
    expect(await joinEmailList(app.payload, { name: 'Used', email: 'used@example.com' })).toEqual({ status: 'already-used' })
    expect((await captures('used@example.com')).totalDocs).toBe(1)
  })

  it.each([
    // Titled as the other forms' messages are: the spec's 'Error' title is for a sign-up that failed.
    [{ name: '', email: 'a@example.com' }, { title: 'Missing Information', description: 'Please fill in your name.' }],
    [{ name: 'A', email: '' }, { title: 'Missing Information', description: 'Please fill in your email.' }],
    [{ name: 'A', email: 'not-an-email' }, { title: 'Invalid Email', description: 'Please enter a valid email address.' }],
    [{ name: 'A'.repeat(101), email: 'long@example.com' }, { title: 'Too Long', description: 'The name can be at most 100 characters.' }],
    [{ name: 42, email: null }, undefined],
  ])('refuses invalid input %j', async (input, message) => {
    const before = await app.payload.count({ collection: 'email-captures' })
    const result = await joinEmailList(app.payload, input)
    expect(result.status).toBe('invalid')
    if (message) expect(result).toMatchObject({ message })
    expect((await app.payload.count({ collection: 'email-captures' })).totalDocs).toBe(before.totalDocs)
  })
})
