import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { submitContactForm } from '@/features/contact/actions'
import { postReview } from '@/features/reviews/actions'
import { placeOrder } from '@/features/ordering/actions'
import { initialOrderState } from '@/features/ordering/orderFormState'
import { joinEmailListAction } from '@/features/discounts/actions'
import { idleState } from '@/shared/forms/formState'
import { formNotices } from '@/shared/notices'
import { discountNotices } from '@/features/discounts/notices'
import { reviewNotices } from '@/features/reviews/notices'
import { SUBMISSION_KEY_FIELD } from '@/shared/forms/submissionKey'

import { orderFormData, validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

/**
 * The per-client limits key on the address the proxy in front of the app appended (the rightmost
 * X-Forwarded-For entry), so a client that writes a new first entry on every post gets nowhere.
 */
const context = vi.hoisted(() => ({ forwardedFor: '', payload: undefined as Payload | undefined }))
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': context.forwardedFor }) }))
vi.mock('@/payloadClient', () => ({ getPayloadClient: async () => context.payload }))

let app: TestPayload
const count = async (collection: 'orders' | 'reviews' | 'contact-messages' | 'email-captures') => (await app.payload.count({ collection })).totalDocs

beforeAll(async () => {
  app = await startPayload()
  context.payload = app.payload
})
afterAll(async () => {
  await app?.cleanup()
})

/** Sixty posts from one client (its real address appended by the proxy), each with a new made-up first entry. */
async function sixtyPostsFrom(realAddress: string, post: (index: number) => Promise<{ limited: boolean }>) {
  const limited: boolean[] = []
  for (let index = 0; index < 60; index++) {
    context.forwardedFor = `10.66.${index}.1, ${realAddress}`
    limited.push((await post(index)).limited)
  }
  return limited
}

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('sixty posts with a new first X-Forwarded-For entry from one client', () => {
  it('reach the review limit after 5', async () => {
    const limited = await sixtyPostsFrom('203.0.113.10', async (index) => {
      const state = await postReview(idleState, form({ name: 'Bomber', rating: '1', comment: `Review bomb ${index}` }))
      return { limited: state.message === formNotices.rateLimited }
    })
    expect(limited.filter(Boolean)).toHaveLength(55)
    expect(await count('reviews')).toBe(5)
  })

  it('reach the contact-message limit after 5', async () => {
    const limited = await sixtyPostsFrom('203.0.113.11', async (index) => {
      const state = await submitContactForm(idleState, form({ name: 'Spammer', email: 'spam@example.com', message: `Message ${index}` }))
      return { limited: state.message === formNotices.rateLimited }
    })
    expect(limited.filter(Boolean)).toHaveLength(55)
    expect(await count('contact-messages')).toBe(5)
  })

  it('reach the sign-up limit after 5', async () => {
    const limited = await sixtyPostsFrom('203.0.113.12', async (index) => {
      const answer = await joinEmailListAction(form({ name: 'Flooder', email: `flood-${index}@example.com` }))
      return { limited: !answer.ok && answer.message === formNotices.rateLimited }
    })
    expect(limited.filter(Boolean)).toHaveLength(55)
    expect(await count('email-captures')).toBe(5)
  })

  it('reach the order limit after 10', async () => {
    const limited = await sixtyPostsFrom('203.0.113.13', async (index) => {
      const state = await placeOrder(initialOrderState, orderFormData({ ...validOrderForm, fullName: `Order Flood ${index}` }))
      return { limited: state.message === formNotices.rateLimited }
    })
    expect(limited.filter(Boolean)).toHaveLength(50)
    expect(await count('orders')).toBe(10)
  })
})

/**
 * A submission key makes a resent post one post: once it stored something, sending it again is
 * answered with what it stored and costs nothing. Until then each post is a new attempt.
 */
describe('one submission key posted again and again', () => {
  it('is charged each time while it stores nothing: sixty discount-code guesses reach the order limit after 10', async () => {
    context.forwardedFor = '203.0.113.20'
    const before = await count('orders')
    const answers = []
    for (let index = 0; index < 60; index++) {
      const guess = `HC25${String(index).padStart(6, '0')}`
      answers.push((await placeOrder(initialOrderState, orderFormData({ ...validOrderForm, discountCode: guess, [SUBMISSION_KEY_FIELD]: 'one-key-for-every-guess-0001' }))).message)
    }
    expect(answers.filter((message) => message === discountNotices.invalid)).toHaveLength(10)
    expect(answers.filter((message) => message === formNotices.rateLimited)).toHaveLength(50)
    expect(await count('orders')).toBe(before)
  })

  it('is charged each time while it stores nothing: sixty unreadable photos reach the review limit after 5', async () => {
    context.forwardedFor = '203.0.113.22'
    const answers = []
    for (let index = 0; index < 60; index++) {
      const post = form({ name: 'Photo Prober', rating: '5', comment: 'Nice', [SUBMISSION_KEY_FIELD]: 'one-key-for-every-photo-001' })
      post.set('photo', new File([Buffer.from(`\x89PNG\r\n\x1a\nnot a picture ${index}`, 'latin1')], 'x.png', { type: 'image/png' }))
      answers.push((await postReview(idleState, post)).message)
    }
    expect(answers.filter((message) => message === reviewNotices.photoUnsupported)).toHaveLength(5)
    expect(answers.filter((message) => message === formNotices.rateLimited)).toHaveLength(55)
  })

  it('is free once its post stored the order: resent twenty times, one order and the allowance untouched', async () => {
    context.forwardedFor = '203.0.113.21'
    const before = await count('orders')
    const resent = orderFormData({ ...validOrderForm, fullName: 'Resent Order', [SUBMISSION_KEY_FIELD]: 'resent-order-key-0000000001' })
    for (let index = 0; index < 21; index++) expect((await placeOrder(initialOrderState, resent)).status).toBe('success')
    expect(await count('orders')).toBe(before + 1)
    const fresh = []
    for (let index = 0; index < 10; index++) fresh.push((await placeOrder(initialOrderState, orderFormData({ ...validOrderForm, fullName: `Fresh Order ${index}` }))).message)
    expect(fresh.map((message) => message === formNotices.rateLimited)).toEqual([false, false, false, false, false, false, false, false, false, true])
  })
})
