import { describe, expect, it } from 'vitest'

import { phoneForLinks, smsHref } from '@/features/contact/contactLinks'

describe('phone links', () => {
  it('dials US numbers with +1', () => {
    expect(phoneForLinks('(313) 555-0123')).toBe('+13135550123')
    expect(smsHref('1-313-555-0123')).toBe('sms:+13135550123')
  })
})
