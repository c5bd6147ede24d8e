import { describe, expect, it } from 'vitest'

import { clientAddressFrom, trustedProxyHops } from '@/platform/http/clientAddress'

const from = (forwardedFor: string | null, hops?: number) => clientAddressFrom(new Headers(forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor }), hops)

describe('the client address the limits key on', () => {
  it('is the entry the proxy in front of the app appended, not what the client wrote first', () => {
    expect(from('203.0.113.7')).toBe('203.0.113.7')
    expect(from('spoofed-1, 203.0.113.7')).toBe('203.0.113.7')
    expect(from('1.1.1.1, 2.2.2.2,203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts from the right past each trusted proxy', () => {
    expect(from('spoofed, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7')
    expect(from('203.0.113.7', 2)).toBe('203.0.113.7')
  })

  it('never keys on nothing', () => {
    expect(from(null)).toBe('unknown')
    expect(from(' , ')).toBe('unknown')
  })

  it('counts TRUSTED_PROXY_HOPS proxies, one when unset', () => {
    const before = process.env.TRUSTED_PROXY_HOPS
    try {
      delete process.env.TRUSTED_PROXY_HOPS
      expect(trustedProxyHops()).toBe(1)
      process.env.TRUSTED_PROXY_HOPS = '2'
      expect(trustedProxyHops()).toBe(2)
      expect(clientAddressFrom(new Headers({ 'x-forwarded-for': 'spoofed, 203.0.113.7, 10.0.0.2' }))).toBe('203.0.113.7')
    } finally {
      if (before === undefined) delete process.env.TRUSTED_PROXY_HOPS
      else process.env.TRUSTED_PROXY_HOPS = before
    }
  })
})
