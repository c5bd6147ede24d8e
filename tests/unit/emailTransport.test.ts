import { describe, expect, it } from 'vitest'

import { parseFromAddress } from '@/platform/email/transport'

describe('e-mail sender', () => {
  it('splits a display name from the address', () => {
    expect(parseFromAddress('Purple Sea Moss <orders@shop.example>')).toEqual({ name: 'Purple Sea Moss', address: 'orders@shop.example' })
    expect(parseFromAddress('orders@shop.example')).toEqual({ name: 'orders@shop.example', address: 'orders@shop.example' })
  })
})
