import { describe, expect, it } from 'vitest'

import { phoneForLinks, smsHref } from '@/features/contact/contactLinks'

describe('phone links', () => {
  it('dials US numbers with +1', () => {
    expect(phoneForLinks('(313) 555-0123')).toBe('+13135550123')
    expect(smsHref('1-313-555-0123')).toBe('sms:+13135550123')
  })

  it('writes a text in when given, encoded', () => {
    expect(smsHref('(313) 555-0123', 'Hi Ana, we missed you & your jars?')).toBe('sms:+13135550123?&body=Hi%20Ana%2C%20we%20missed%20you%20%26%20your%20jars%3F')
  })
})
