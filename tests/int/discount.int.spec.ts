import { createLocalReq, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { checkDiscountCode, claimDiscountCode } from '@/features/discounts/codes'
import { discountNotices } from '@/features/discounts/notices'
import { orderNotices } from '@/features/ordering/notices'
import { submitOrder } from '@/features/ordering/service'

import { validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'
import { startSmtp, type TestSmtp } from '../helpers/smtp'

let app: TestPayload
let smtp: TestSmtp
let payload: Payload
let nextCode = 100000

/** A fresh subscriber with an unused code (HC25 + 6 digits, as the popup makes them). */
async function newCode(used = false): Promise<string> {
  const code = `HC25${nextCode++}`
  await payload.create({ collection: 'email-captures', data: { name: 'Sub', email: `${code.toLowerCase()}@example.com`, discount_code: code, discount_used: used } })
  return code
}

async function captureOf(code: string) {
  const { docs } = await payload.find({ collection: 'email-captures', where: { discount_code: { equals: code } }, limit: 1 })
  return docs[0]
}

const ordersWith = async (code: string) => (await payload.find({ collection: 'orders', where: { discountCode: { equals: code } } })).docs

beforeAll(async () => {
  smtp = await startSmtp()
  app = await startPayload({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false' })
  payload = app.payload
})

afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})

describe('checking a discount code (Apply)', () => {
  it('accepts an unused code, also lower-case and padded with spaces', async () => {
    const code = await newCode()
    expect(await checkDiscountCode(payload, code)).toEqual({ ok: true, code })
    expect(await checkDiscountCode(payload, `  ${code.toLowerCase()} `)).toEqual({ ok: true, code })
    // Checking does not use the code up.
    expect((await captureOf(code)).discount_used).toBe(false)
  })

  it('answers an unknown code with "Invalid Discount Code"', async () => {
    expect(await checkDiscountCode(payload, 'HC25000000')).toEqual({ ok: false, message: discountNotices.invalid })
    expect(await checkDiscountCode(payload, '')).toEqual({ ok: false, message: discountNotices.invalid })
    expect(await checkDiscountCode(payload, 'x'.repeat(500))).toEqual({ ok: false, message: discountNotices.invalid })
  })

  it('answers a used code with "Discount Already Used"', async () => {
    const code = await newCode(true)
    expect(await checkDiscountCode(payload, code)).toEqual({ ok: false, message: discountNotices.alreadyUsed })
  })

  it('answers a database failure with "Validation Error - Database error" and no internals', async () => {
    const find = vi.spyOn(payload, 'find').mockRejectedValueOnce(new Error('SQLITE_IOERR: select "discount_code" from "email_captures"'))
    const answer = await checkDiscountCode(payload, 'HC25123456')
    find.mockRestore()
    expect(answer).toEqual({ ok: false, message: { title: 'Validation Error', description: 'Database error: the code could not be looked up. Please try again.' } })
  })
})

describe('using a discount code with an order', () => {
  it('takes 25% off the package, stores the upper-cased code and marks it used', async () => {
    const code = await newCode()
    const result = await submitOrder(payload, { ...validOrderForm, discountCode: ` ${code.toLowerCase()}` })
    expect(result).toMatchObject({ status: 'success', discountUsed: true, order: { discountCode: code, discountAmount: 13, totalPrice: 42 } })
    expect((await captureOf(code)).discount_used).toBe(true)
  })

  it('refuses a used code and stores nothing', async () => {
    const code = await newCode(true)
    const before = (await payload.count({ collection: 'orders' })).totalDocs
    expect(await submitOrder(payload, { ...validOrderForm, discountCode: code })).toEqual({
      status: 'error',
      message: discountNotices.alreadyUsed,
      field: 'discountCode',
      discountRejected: true,
    })
    expect((await payload.count({ collection: 'orders' })).totalDocs).toBe(before)
  })

  it('refuses an unknown code and stores nothing', async () => {
    const before = (await payload.count({ collection: 'orders' })).totalDocs
    expect(await submitOrder(payload, { ...validOrderForm, discountCode: 'HC25999999' })).toMatchObject({ status: 'error', message: discountNotices.invalid })
    expect((await payload.count({ collection: 'orders' })).totalDocs).toBe(before)
  })

  it('gives the discount to exactly one of two orders placed at the same time with one code', async () => {
    const code = await newCode()
    const results = await Promise.all([
      submitOrder(payload, { ...validOrderForm, fullName: 'First', discountCode: code }),
      submitOrder(payload, { ...validOrderForm, fullName: 'Second', discountCode: code.toLowerCase() }),
    ])
    const statuses = results.map((result) => result.status).sort()
    expect(statuses).toEqual(['error', 'success'])
    const refused = results.find((result) => result.status === 'error')
    expect(refused).toMatchObject({ message: discountNotices.alreadyUsed })
    // The refused order is not stored: its visitor saw a discounted total and decides again.
    const orders = await ordersWith(code)
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({ discountAmount: 13, totalPrice: 42 })
    expect((await captureOf(code)).discount_used).toBe(true)
  })

  it('claims with one conditional update: of two claims racing outside any transaction, one wins', async () => {
    const code = await newCode()
    const claims = await Promise.all([0, 1, 2].map(async () => claimDiscountCode(payload, code, await createLocalReq({}, payload))))
    expect(claims.sort()).toEqual(['used', 'used', 'valid'])
    expect(await claimDiscountCode(payload, 'HC25999998', await createLocalReq({}, payload))).toBe('invalid')
  })

  it('waits for another writer and never loses an order to a commit that silently failed', async () => {
    // Another request's transaction holds SQLite's write lock: the order's first BEGINs fail with
    // SQLITE_BUSY, and libsql then leaves that connection unable to commit (checked by reading back).
    const held = await payload.db.beginTransaction()
    const placing = submitOrder(payload, { ...validOrderForm, fullName: 'Patient Customer' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    if (held) await payload.db.commitTransaction(held)
    const result = await placing
    expect(result.status).toBe('success')
    const stored = await payload.find({ collection: 'orders', where: { fullName: { equals: 'Patient Customer' } } })
    expect(stored.totalDocs).toBe(1)
  })

  it('stores every one of several orders placed at the same time (write conflicts are retried)', async () => {
    const names = ['Ann', 'Bo', 'Cy', 'Di']
    const results = await Promise.all(names.map((fullName) => submitOrder(payload, { ...validOrderForm, fullName })))
    expect(results.map((result) => result.status)).toEqual(['success', 'success', 'success', 'success'])
    const { totalDocs } = await payload.count({ collection: 'orders', where: { fullName: { in: names } } })
    expect(totalDocs).toBe(4)
  })

  it('leaves the code unused when the order cannot be stored (one transaction)', async () => {
    const code = await newCode()
    const create = vi.spyOn(payload, 'create').mockRejectedValueOnce(new Error('disk full'))
    const result = await submitOrder(payload, { ...validOrderForm, discountCode: code })
    create.mockRestore()
    expect(result).toEqual({ status: 'error', message: orderNotices.failed })
    expect((await captureOf(code)).discount_used).toBe(false)
    expect(await ordersWith(code)).toHaveLength(0)
  })
})
