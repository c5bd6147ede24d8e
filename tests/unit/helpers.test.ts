import { describe, expect, it } from 'vitest'

import { phoneForLinks, smsHref } from '@/features/contact/contactLinks'
import { databaseKind } from '@/platform/db/database'
import { parseFromAddress } from '@/platform/email/transport'
import { summarizeRatings } from '@/features/reviews/summary'

describe('database choice', () => {
  it.each([
    ['', 'sqlite'],
    ['file:./data/storefront.db', 'sqlite'],
    ['mongodb://mongo:27017/seamoss', 'mongodb'],
    ['mongodb+srv://user:pw@cluster.example.net/seamoss', 'mongodb'],
  ])('%s → %s', (uri, kind) => {
    expect(databaseKind(uri)).toBe(kind)
  })
})

describe('e-mail sender', () => {
  it('splits a display name from the address', () => {
    expect(parseFromAddress('Purple Sea Moss <orders@shop.example>')).toEqual({ name: 'Purple Sea Moss', address: 'orders@shop.example' })
    expect(parseFromAddress('orders@shop.example')).toEqual({ name: 'orders@shop.example', address: 'orders@shop.example' })
  })
})

describe('phone links', () => {
  it('dials US numbers with +1', () => {
    expect(phoneForLinks('(313) 555-0123')).toBe('+13135550123')
    expect(smsHref('1-313-555-0123')).toBe('sms:+13135550123')
  })
})

describe('rating summary', () => {
  it('is 0 with no reviews and rounds to one decimal', () => {
    expect(summarizeRatings([])).toEqual({ average: 0, count: 0 })
    expect(summarizeRatings([5])).toEqual({ average: 5, count: 1 })
    expect(summarizeRatings([5, 4, 4])).toEqual({ average: 4.3, count: 3 })
  })
})
