import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { submitContactForm } from '@/features/contact/actions'
import { joinEmailListAction } from '@/features/discounts/actions'
import { placeOrder } from '@/features/ordering/actions'
import { initialOrderState } from '@/features/ordering/orderFormState'
import { postReview } from '@/features/reviews/actions'
import { idleState } from '@/shared/forms/formState'

import { orderFormData, validOrderForm } from '../helpers/orders'
import { startPayload, type TestPayload } from '../helpers/payload'

/**
 * Anyone can call a server action by hand, with any arguments: no form at all, a plain object, a
 * file where a text field belongs. Each public form's action answers with the form's own message
 * and stores nothing, as for a form sent with those fields missing; never an error.
 */
const context = vi.hoisted(() => ({ payload: undefined as Payload | undefined }))
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': '203.0.113.40' }) }))
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

/** What a hand-made call can pass where the form belongs. */
const NOT_FORMS: [string, unknown][] = [
  ['nothing', undefined],
  ['null', null],
  ['a plain object', { fullName: 'Plain Object', name: 'Plain Object', email: 'plain@example.com' }],
  ['a string', 'fullName=Text'],
]

const file = (text: string) => new File([text], 'field.txt', { type: 'text/plain' })

describe('an action called without a form', () => {
  for (const [what, notAForm] of NOT_FORMS) {
    it(`answers each form's own message for ${what}, and stores nothing`, async () => {
      expect(await placeOrder(initialOrderState, notAForm as FormData)).toMatchObject({ status: 'error', message: { title: 'Package Required', description: 'Please choose 1, 3 or 6 jars.' } })
      expect(await submitContactForm(idleState, notAForm as FormData)).toMatchObject({ status: 'error', message: { title: 'Missing Information', description: 'Please fill in the name field.' } })
      expect(await postReview(idleState, notAForm as FormData)).toMatchObject({ status: 'error', message: { title: 'Missing Information', description: 'Please fill in your name.' } })
      expect(await joinEmailListAction(notAForm as FormData)).toMatchObject({ ok: false, message: { title: 'Missing Information', description: 'Please fill in your name.' } })
      expect([await count('orders'), await count('contact-messages'), await count('reviews'), await count('email-captures')]).toEqual([0, 0, 0, 0])
    })
  }
})

describe('a file posted where text belongs', () => {
  it('counts as missing: the order, the contact message, the review and the sign-up ask for the field, and nothing says "[object File]"', async () => {
    const order = orderFormData(validOrderForm)
    order.set('fullName', file('Filed Name'))
    expect(await placeOrder(initialOrderState, order)).toMatchObject({ status: 'error', message: { description: 'Please fill in your full name.' }, values: { fullName: '' } })

    const contact = orderFormData({ name: 'Cy Contact', email: 'cy@example.com', message: 'Hello' })
    contact.set('message', file('A message'))
    expect(await submitContactForm(idleState, contact)).toMatchObject({ status: 'error', message: { description: 'Please fill in the message field.' } })

    const review = orderFormData({ name: 'Rey Review', rating: '5', comment: 'Lovely' })
    review.set('name', file('Rey'))
    expect(await postReview(idleState, review)).toMatchObject({ status: 'error', message: { description: 'Please fill in your name.' } })

    const signUp = orderFormData({ name: 'Sy Signup', email: 'sy@example.com' })
    signUp.set('email', file('sy@example.com'))
    expect(await joinEmailListAction(signUp)).toMatchObject({ ok: false, message: { description: 'Please fill in your email.' } })
    expect([await count('orders'), await count('contact-messages'), await count('reviews'), await count('email-captures')]).toEqual([0, 0, 0, 0])

    // Optional fields too: a file for the notes is no note, not the text "[object File]".
    const withFileNotes = orderFormData({ ...validOrderForm, fullName: 'Nia Notes' })
    withFileNotes.set('notes', file('Gate code 1234'))
    expect(await placeOrder(initialOrderState, withFileNotes)).toMatchObject({ status: 'success' })
    const { docs } = await app.payload.find({ collection: 'orders', where: { fullName: { equals: 'Nia Notes' } } })
    expect(docs).toHaveLength(1)
    expect(docs[0].notes ?? '').toBe('')
  })
})
