import { describe, expect, it } from 'vitest'

import { parseReviewFields } from '@/features/reviews/schema'
import { contactSchema } from '@/features/contact/schema'
import { captureSchema } from '@/features/discounts/schema'
import { parseOrderForm } from '@/features/ordering/schema'
import { firstMessage } from '@/shared/forms/schemas'

import { launchFlavors, validOrderForm } from '../helpers/orders'

/** Looks empty on screen: zero-width space, joiner, word joiner, BOM, soft hyphen, bidi isolate, NUL. */
const INVISIBLE = '\u200B\u200D\u2060\uFEFF\u00AD\u2067\u2069\u0000'
/** Sprinkled between visible letters. */
const hide = (text: string) => [...text].join('\u200B\u202E\u0000\u2069')

const validContact = { name: 'Ann', email: 'ann@example.com', phone: '', subject: '', message: 'Hello there' }
const validReview = { name: 'Pat', rating: '5', comment: 'Lovely gel' }

describe('a field made only of invisible characters is a missing field', () => {
  it.each([
    ['fullName', 'full name'],
    ['email', 'email'],
    ['phone', 'phone number'],
    ['address', 'address'],
    ['zip', 'ZIP code'],
  ])('order form: %s', (field, words) => {
    expect(parseOrderForm({ ...validOrderForm, [field]: ` ${INVISIBLE} ` }, launchFlavors)).toEqual({
      ok: false,
      message: { title: 'Missing Information', description: `Please fill in your ${words}.` },
      field,
    })
  })

  it.each(['name', 'email', 'message'])('contact form: %s', (field) => {
    const result = contactSchema.safeParse({ ...validContact, [field]: INVISIBLE })
    expect(result.success ? null : firstMessage(result.error)).toEqual({ title: 'Missing Information', description: `Please fill in the ${field} field.` })
  })

  it('contact form: a message of invisible characters and line breaks', () => {
    const result = contactSchema.safeParse({ ...validContact, message: `\r\n${INVISIBLE}\n\t${INVISIBLE}\r\n` })
    expect(result.success ? null : firstMessage(result.error)?.description).toBe('Please fill in the message field.')
  })

  it.each([
    ['name', 'Please fill in your name.'],
    ['email', 'Please fill in your email.'],
  ])('e-mail sign-up: %s', (field, message) => {
    const result = captureSchema.safeParse({ name: 'Ann', email: 'ann@example.com', [field]: INVISIBLE })
    expect(result.success ? null : firstMessage(result.error).description).toBe(message)
  })

  it.each(['name', 'comment'])('review: %s', (field) => {
    expect(parseReviewFields({ ...validReview, [field]: INVISIBLE })).toEqual({
      ok: false,
      message: { title: 'Missing Information', description: `Please fill in your ${field}.` },
    })
  })

  it('optional fields made of invisible characters are left out', () => {
    const order = parseOrderForm({ ...validOrderForm, instagram: INVISIBLE, notes: INVISIBLE, discountCode: INVISIBLE }, launchFlavors)
    expect(order.ok && [order.order.instagram, order.order.notes, order.order.discountCode]).toEqual([undefined, undefined, undefined])
    expect(contactSchema.parse({ ...validContact, phone: INVISIBLE, subject: INVISIBLE })).toMatchObject({ phone: undefined, subject: undefined })
  })
})

describe('text with hidden characters inside is stored without them', () => {
  it('order form', () => {
    const result = parseOrderForm({
      ...validOrderForm,
      fullName: hide('Dana Tester'),
      email: hide('dana@example.com'),
      phone: hide('(313) 555-0100'),
      instagram: hide('@dana'),
      address: hide('1 Main St'),
      zip: hide('48201'),
      notes: `${hide('Leave at the door.')}\r\n${hide('Thanks!')}`,
      discountCode: hide('hc25123456'),
    }, launchFlavors)
    expect(result).toMatchObject({
      ok: true,
      order: {
        fullName: 'Dana Tester',
        email: 'dana@example.com',
        phone: '(313) 555-0100',
        instagram: '@dana',
        address: '1 Main St',
        zip: '48201',
        notes: 'Leave at the door.\nThanks!',
        discountCode: 'HC25123456',
      },
    })
  })

  it('contact form', () => {
    expect(
      contactSchema.parse({ name: hide('Ann'), email: hide('ann@example.com'), phone: hide('313 555 0100'), subject: hide('Hi'), message: `${hide('Hello')}\n\n\t${hide('there')}` }),
    ).toEqual({ name: 'Ann', email: 'ann@example.com', phone: '313 555 0100', subject: 'Hi', message: 'Hello\n\n\tthere' })
  })

  it('e-mail sign-up', () => {
    expect(captureSchema.parse({ name: hide('Ann'), email: hide('Ann@Example.com') })).toEqual({ name: 'Ann', email: 'ann@example.com' })
  })

  it('review, whose emoji sequences keep their joiners', () => {
    const comment = `${hide('Our whole family loves it')} 👨‍👩‍👧‍👦\n${hide('Great for my shifts')} 🧑🏽‍⚕️ 🏳️‍🌈`
    expect(parseReviewFields({ name: `${hide('Pat')} 👩‍🍳`, rating: '4', comment })).toEqual({
      ok: true,
      fields: { name: 'Pat 👩‍🍳', rating: 4, comment: 'Our whole family loves it 👨‍👩‍👧‍👦\nGreat for my shifts 🧑🏽‍⚕️ 🏳️‍🌈' },
    })
  })

  it('counts length on the visible text only', () => {
    const message = hide('x'.repeat(2500))
    expect(message.length).toBeGreaterThan(5000)
    expect(contactSchema.parse({ ...validContact, message }).message).toBe('x'.repeat(2500))
  })
})
