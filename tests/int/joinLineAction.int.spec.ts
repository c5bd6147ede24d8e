import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { joinLineAction } from '@/features/ordering/waitingLine/actions'
import { lineNotices } from '@/features/ordering/waitingLine/rules'
import { ANY_FLAVOR, joinLineSchema } from '@/features/ordering/waitingLine/schema'
import { firstMessage } from '@/shared/forms/schemas'
import { HONEYPOT_FIELD, LIMITS } from '@/shared/forms/limits'
import { idleState } from '@/shared/forms/formState'
import { SUBMISSION_KEY_FIELD } from '@/shared/forms/submissionKey'
import { formNotices } from '@/shared/notices'

import { openBatch, removeBatches } from '../helpers/batches'
import { startPayload, type TestPayload } from '../helpers/payload'

/**
 * The waiting line's join form as its server action answers it (/order posts it with JavaScript
 * and without): the fields read and bounded by the schema, the line's refusals, the honeypot, the
 * per-client allowance (mistakes spend none; a post resent with its submission key is charged once).
 */

const context = vi.hoisted(() => ({ forwardedFor: '203.0.113.52', payload: undefined as Payload | undefined }))
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': context.forwardedFor }) }))
vi.mock('@/payloadClient', () => ({ getPayloadClient: async () => context.payload }))

const quiet = { disableRevalidate: true }
let app: TestPayload
let payload: Payload
let nextClient = 1

beforeAll(async () => {
  app = await startPayload()
  payload = app.payload
  context.payload = payload
})
afterAll(async () => {
  await app?.cleanup()
})

beforeEach(async () => {
  // A client of its own per test: the allowance is per address.
  context.forwardedFor = `203.0.113.${nextClient++}`
  await removeBatches(payload)
  await payload.db.deleteMany({ collection: 'waiting-line', where: {} })
  await payload.updateGlobal({ slug: 'stock', data: { waitingLine: { enabled: true } }, context: quiet })
  await openBatch(payload, { jarsLeft: 0 })
})

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

const place = (fields: Record<string, string> = {}) => form({ email: 'pat@example.com', phone: '', flavor: 'peach-ginger', jars: '3', ...fields })
const placesIn = async () => (await payload.count({ collection: 'waiting-line' })).totalDocs

describe('the join form schema', () => {
  const parse = (fields: Record<string, unknown>) => joinLineSchema.safeParse({ email: 'pat@example.com', phone: '', flavor: 'peach-ginger', jars: '1', ...fields })
  const issue = (fields: Record<string, unknown>) => {
    const parsed = parse(fields)
    return parsed.success ? null : firstMessage(parsed.error)
  }

  it('reads "any flavor" as none, a phone left empty as none, the jars as a number, the address in lower case', () => {
    expect(parse({ email: ' Pat@Example.COM ', flavor: ANY_FLAVOR, jars: '6' })).toMatchObject({ success: true, data: { email: 'pat@example.com', phone: undefined, flavor: null, jars: 6 } })
    expect(parse({ phone: '(313) 555-0152' })).toMatchObject({ success: true, data: { phone: '(313) 555-0152', flavor: 'peach-ginger', jars: 1 } })
  })

  it('answers each mistake with what the visitor reads', () => {
    expect(issue({ email: '' })).toEqual(lineNotices.missingEmail)
    expect(issue({ email: 'pat@nowhere' })).toEqual(formNotices.invalidEmail)
    expect(issue({ email: `${'a'.repeat(LIMITS.email)}@example.com` })).toEqual(formNotices.tooLong('email', LIMITS.email))
    expect(issue({ phone: '12' })).toEqual(formNotices.invalidPhone)
    expect(issue({ phone: '1'.repeat(LIMITS.phone + 1) })).toEqual(formNotices.tooLong('phone number', LIMITS.phone))
    for (const flavor of ['', 'Peach Ginger', 'any', `a${'-b'.repeat(30)}`, undefined]) {
      if (flavor === 'any') continue // a possible key: the line answers whether such a flavor exists
      expect(issue({ flavor })).toEqual(lineNotices.unknownFlavor)
    }
    for (const jars of ['0', '2', '12', 'three', '', undefined]) expect(issue({ jars })).toEqual(lineNotices.invalidCount)
  })
})

describe('joining through the action', () => {
  it('answers the place in line, then the same place for the same address and flavor', async () => {
    expect(await joinLineAction(idleState, place({ phone: '(313) 555-0152' }))).toEqual({ status: 'success', message: lineNotices.joined(1, 'Peach Ginger') })
    expect(await joinLineAction(idleState, place({ email: 'sam@example.com', jars: '1' }))).toEqual({ status: 'success', message: lineNotices.joined(2, 'Peach Ginger') })
    expect(await joinLineAction(idleState, place({ email: 'PAT@example.com', jars: '6' }))).toEqual({ status: 'success', message: lineNotices.alreadyInLine(1, 'Peach Ginger') })
    expect(await joinLineAction(idleState, place({ flavor: ANY_FLAVOR }))).toEqual({ status: 'success', message: lineNotices.joined(1, null) })
    const { docs } = await payload.find({ collection: 'waiting-line', where: { email: { equals: 'pat@example.com' } }, sort: 'id', depth: 0 })
    expect(docs).toMatchObject([
      { phone: '(313) 555-0152', flavor: 'peach-ginger', jarsWanted: 3, status: 'waiting' },
      { phone: null, flavor: null, jarsWanted: 3, status: 'waiting' },
    ])
  })

  it("answers the line's refusals with the values typed: an unknown flavor, one still for sale, the line off", async () => {
    const typed = { email: 'pat@example.com', phone: '', jars: '3' }
    expect(await joinLineAction(idleState, place({ flavor: 'durian' }))).toEqual({ status: 'error', message: lineNotices.unknownFlavor, values: { ...typed, flavor: 'durian' } })
    await openBatch(payload, { flavors: { 'peach-ginger': 0, 'mixed-berry': 4 } })
    expect(await joinLineAction(idleState, place({ flavor: 'mixed-berry' }))).toMatchObject({ status: 'error', message: lineNotices.notSoldOut('Mixed Berry') })
    expect(await joinLineAction(idleState, place())).toEqual({ status: 'success', message: lineNotices.joined(1, 'Peach Ginger') })
    await payload.updateGlobal({ slug: 'stock', data: { waitingLine: { enabled: false } }, context: quiet })
    expect(await joinLineAction(idleState, place({ email: 'sam@example.com' }))).toMatchObject({ status: 'error', message: lineNotices.closed })
    expect(await placesIn()).toBe(1)
  })

  it('stores nothing for a bot (the honeypot) and answers as if it worked', async () => {
    expect(await joinLineAction(idleState, place({ [HONEYPOT_FIELD]: 'https://spam.example' }))).toMatchObject({ status: 'success' })
    expect(await placesIn()).toBe(0)
  })

  it('answers a post that is not a form with the missing e-mail', async () => {
    expect(await joinLineAction(idleState, 'nonsense' as unknown as FormData)).toMatchObject({ status: 'error', message: lineNotices.missingEmail })
  })

  it('takes 5 places a client in 10 minutes; mistakes spend none, a post resent with its submission key is charged once', async () => {
    for (let index = 0; index < 3; index++) expect(await joinLineAction(idleState, place({ email: 'bad' }))).toMatchObject({ status: 'error', message: formNotices.invalidEmail })
    const key = 'resent-key-0123456789abcdef'
    for (let index = 0; index < 3; index++) expect(await joinLineAction(idleState, place({ [SUBMISSION_KEY_FIELD]: key }))).toMatchObject({ status: 'success' })
    const answers = []
    for (let index = 0; index < 6; index++) answers.push(await joinLineAction(idleState, place({ email: `flood-${index}@example.com` })))
    expect(answers.map((answer) => answer.message === formNotices.rateLimited)).toEqual([false, false, false, false, true, true])
    expect(await placesIn()).toBe(5)
  })

  it('charges a key each time it is sent with another address: one key cannot fill the line', async () => {
    const answers = []
    for (let index = 0; index < 20; index++) answers.push(await joinLineAction(idleState, place({ email: `stranger-${index}@example.com`, [SUBMISSION_KEY_FIELD]: 'one-key-for-everyone-0001' })))
    // The first post took a place; the key's others are that post again, never a place for another address.
    expect(answers).toEqual(Array(20).fill({ status: 'success', message: lineNotices.joined(1, 'Peach Ginger') }))
    expect(await placesIn()).toBe(1)
    const fresh = []
    for (let index = 0; index < 5; index++) fresh.push(await joinLineAction(idleState, place({ email: `next-${index}@example.com` })))
    expect(fresh.map((answer) => answer.message === formNotices.rateLimited)).toEqual([false, false, false, false, true])
  })
})
