import { describe, expect, it } from 'vitest'

import { contactSchema } from '@/features/contact/schema'
import { firstMessage } from '@/shared/forms/schemas'

const valid = { name: 'Ann', email: 'Ann@Example.com', phone: '', subject: '', message: 'Hello there' }

function messageFor(input: Record<string, string>) {
  const result = contactSchema.safeParse(input)
  return result.success ? null : firstMessage(result.error)
}

describe('contact form rules', () => {
  it('accepts a complete message and normalises it', () => {
    const result = contactSchema.parse(valid)
    expect(result).toEqual({ name: 'Ann', email: 'ann@example.com', phone: undefined, subject: undefined, message: 'Hello there' })
  })

  it.each([
    ['name', 'Please fill in the name field.'],
    ['email', 'Please fill in the email field.'],
    ['message', 'Please fill in the message field.'],
  ])('an empty %s gives the spec message', (field, description) => {
    expect(messageFor({ ...valid, [field]: '   ' })).toEqual({ title: 'Missing Information', description })
  })

  it('names the first missing field when several are empty', () => {
    expect(messageFor({ ...valid, name: '', message: '' })?.description).toBe('Please fill in the name field.')
  })

  it('refuses a malformed e-mail address', () => {
    expect(messageFor({ ...valid, email: 'not-an-address' })).toEqual({ title: 'Invalid Email', description: 'Please enter a valid email address.' })
  })

  it('refuses over-long fields and bad phone numbers', () => {
    expect(messageFor({ ...valid, message: 'x'.repeat(5001) })?.title).toBe('Too Long')
    expect(messageFor({ ...valid, phone: 'call me' })?.title).toBe('Invalid Phone Number')
    expect(messageFor({ ...valid, phone: '(313) 555-0100' })).toBeNull()
  })
})
